"""POST /v1/auth/login and /v1/auth/refresh (public: they are how a caller gets a token)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, post
from msgspec import Meta

from admin.api.body import JsonBody
from admin.api.examples import example
from admin.api.operations import problems
from admin.auth.service import AuthService, TokenPair

WorkspaceField = (
    Annotated[
        str,
        Meta(
            max_length=64,
            description="The workspace the access token acts in (default: your personal one).",
        ),
    ]
    | None
)


@example({"email": "ada@example.com", "password": "correct horse battery staple"})
class LoginRequest(msgspec.Struct, forbid_unknown_fields=True, rename="camel"):
    email: Annotated[str, Meta(min_length=1, max_length=254)]
    password: Annotated[str, Meta(min_length=1, max_length=1024)]
    workspace_id: WorkspaceField = None


@example({"refreshToken": "rt_01JNQBH2J3K4M5N6P7Q8R9S0TU.Zk3q9Lr2Vx7mT5wP8nB4sD1f"})
class RefreshRequest(msgspec.Struct, forbid_unknown_fields=True, rename="camel"):
    refresh_token: Annotated[str, Meta(min_length=1, max_length=512)]
    workspace_id: WorkspaceField = None


class AuthController(Controller):
    path = "/v1/auth"
    tags = ["auth"]
    security = [{}]

    @post(
        "/login",
        dto=JsonBody[LoginRequest],
        return_dto=None,
        status_code=200,
        responses=problems(400, 401, 403, 422),
        operation_id="logIn",
        summary="Log in with e-mail and password",
    )
    async def login(self, data: LoginRequest, auth: AuthService, client_address: str) -> TokenPair:
        """Exchange e-mail and password for an access token and a refresh token.

        Failed attempts lock the e-mail address out for a while (429, growing with
        each further failure), and attempts per client network are limited. An account
        whose e-mail address is not confirmed yet is refused with 403
        `address-unconfirmed` (only when the password is right). The token acts in
        `workspaceId` (default: your personal workspace; 403 when you are not a member).
        """
        return await auth.login(data.email, data.password, client_address, data.workspace_id)

    @post(
        "/refresh",
        dto=JsonBody[RefreshRequest],
        return_dto=None,
        status_code=200,
        responses=problems(400, 401, 403, 422),
        operation_id="refreshTokens",
        summary="Refresh an access token",
    )
    async def refresh(
        self, data: RefreshRequest, auth: AuthService, client_address: str
    ) -> TokenPair:
        """Spend a refresh token for a new pair; reusing a spent one revokes its family.
        A password change, a reset or the address's confirmation revokes every refresh
        token of the account, and makes access tokens issued before it 401."""
        return await auth.refresh(data.refresh_token, client_address, data.workspace_id)
