"""/v1/users/me and /v1/api-keys: thin handlers over the account services."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, post
from litestar.params import Parameter

from admin.accounts.keys import ApiKeyService
from admin.accounts.schemas import ApiKeyCreate, ApiKeyCreated, ApiKeyList, Me
from admin.accounts.service import AccountService
from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.errors import NotFound
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
        opt={"scope": "account:write"},
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
        opt={"scope": "account:write"},
        responses=problems(401, 403, 404),
        operation_id="revokeApiKey",
        summary="Revoke an API key",
    )
    async def revoke_key(
        self, key_id: KeyId, principal: Principal, api_keys: ApiKeyService
    ) -> None:
        """Revoke a key: every admin process refuses it from the next request on."""
        await api_keys.revoke(principal, key_id)
