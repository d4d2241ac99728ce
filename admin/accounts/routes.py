"""/v1/users/me and /v1/api-keys: thin handlers over the account services."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, post
from litestar.params import Parameter

from admin.accounts.keys import ApiKeyService
from admin.accounts.schemas import AccountDelete, ApiKeyCreate, ApiKeyCreated, ApiKeyList, Me
from admin.accounts.selfservice import SelfService
from admin.accounts.service import AccountService
from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.errors import Forbidden, NotFound
from common.settings import LimitSettings

KeyId = Annotated[str, Parameter(description="An API key id (key_…).", max_length=64)]


class AccountController(Controller):
    path = "/v1"
    tags = ["account"]

    @get(
        "/users/me",
        opt={"scope": "account:read"},
        responses=problems(401, 403),
        operation_id="getCurrentAccount",
        summary="Get the calling account",
    )
    async def me(
        self, principal: Principal, accounts: AccountService, limit_settings: LimitSettings
    ) -> Me:
        """The calling account: plan, the rate limits in force and whether the e-mail
        address is verified (until it is, every credential is read-only)."""
        if principal.user_id is None:
            raise NotFound("The API key's maker has left; it acts for no account.")
        return await accounts.me(principal.user_id, principal.workspace_id, limit_settings)

    @delete(
        "/users/me",
        dto=JsonBody[AccountDelete],
        return_dto=None,
        opt={"scope": "account:read"},
        responses=problems(400, 401, 403, 409, 422, 429),
        operation_id="deleteCurrentAccount",
        summary="Leave Hop: delete the calling account",
    )
    async def delete_me(
        self,
        data: AccountDelete,
        principal: Principal,
        selfservice: SelfService,
        client_address: str,
    ) -> None:
        """Delete the person (a dashboard session or an access token; not an API key),
        given their password (checked with the sign-in limits; wrong: 401): their
        personal workspace and everything it owns, their memberships. 409 names the
        workspaces they alone own: make another member owner, or delete them, first.
        The keys they made in other workspaces keep working there, capped at the role
        they held."""
        if principal.key_id is not None or principal.user_id is None:
            raise Forbidden(
                "An account is deleted by the person signed in (a dashboard session or "
                "an access token), not by an API key."
            )
        await selfservice.delete_account(principal.user_id, data.password, client_address)

    @get(
        "/api-keys",
        opt={"scope": "account:read"},
        responses=problems(401, 403),
        operation_id="listApiKeys",
        summary="List API keys",
    )
    async def list_keys(self, principal: Principal, api_keys: ApiKeyService) -> ApiKeyList:
        """The account's API keys, newest first, revoked ones included; never a secret.
        A sandbox credential sees sandbox keys only."""
        return await api_keys.list(principal)

    @post(
        "/api-keys",
        dto=JsonBody[ApiKeyCreate],
        return_dto=None,
        status_code=201,
        opt={"scope": "account:write", "role": "admin"},
        responses=problems(400, 401, 403, 409, 422),
        operation_id="createApiKey",
        summary="Create an API key",
    )
    async def create_key(
        self, data: ApiKeyCreate, principal: Principal, api_keys: ApiKeyService
    ) -> Response[ApiKeyCreated]:
        """Create an API key. The secret (`key`) is in this answer only: store it now.
        A key holds only scopes the calling credential holds; a sandbox credential
        creates sandbox keys only."""
        created = await api_keys.create(principal, data)
        return Response(
            created,
            status_code=201,
            headers={"Location": f"/v1/api-keys/{created.id}", "Cache-Control": "no-store"},
        )

    @delete(
        "/api-keys/{key_id:str}",
        opt={"scope": "account:write", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="revokeApiKey",
        summary="Revoke an API key",
    )
    async def revoke_key(
        self, key_id: KeyId, principal: Principal, api_keys: ApiKeyService
    ) -> None:
        """Revoke a key: every admin process refuses it from the next request on."""
        await api_keys.revoke(principal, key_id)
