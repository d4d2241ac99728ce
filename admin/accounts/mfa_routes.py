"""/v1/users/me/mfa/totp (enrol, confirm, turn off) and /v1/auth/login/mfa (the second
step of a sign-in): thin handlers over admin/accounts/mfa.py (docs/api.md#two-factor-codes)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Response, delete, post
from msgspec import Meta

from admin.accounts.mfa import AccountMfa
from admin.api.body import JsonBody
from admin.api.examples import example
from admin.api.operations import problems
from admin.auth import Principal, TokenPair

Code = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=32,
        description="A 6-digit code from the authenticator app, or a recovery code.",
    ),
]


@example(
    {
        "secret": "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        "otpauthUri": "otpauth://totp/Hop:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        "&issuer=Hop",
    }
)
class TotpEnrolment(msgspec.Struct, frozen=True, rename="camel"):
    secret: str
    otpauth_uri: str


@example({"code": "123456"})
class TotpConfirm(msgspec.Struct, forbid_unknown_fields=True):
    code: Code


@example({"recoveryCodes": ["k7d2q-x9m4a", "p3n8v-b6c1z"]})
class RecoveryCodes(msgspec.Struct, frozen=True, rename="camel"):
    recovery_codes: list[str]


@example({"password": "correct horse battery staple", "code": "123456"})
class TotpDisable(msgspec.Struct, forbid_unknown_fields=True):
    code: Code
    password: (
        Annotated[
            str,
            Meta(
                min_length=1,
                max_length=1024,
                description="Required when the account has a password.",
            ),
        ]
        | None
    ) = None


@example({"mfaToken": "mfa_Zk3q9Lr2Vx7mT5wP8nB4sD1fZk3q9Lr2Vx7mT5wP8nB", "code": "123456"})
class LoginMfa(msgspec.Struct, forbid_unknown_fields=True, rename="camel"):
    mfa_token: Annotated[str, Meta(min_length=1, max_length=128)]
    code: Code


class MfaController(Controller):
    path = "/v1/users/me/mfa"
    tags = ["account"]

    @post(
        "/totp",
        status_code=200,
        opt={"scope": "account:write", "mfa_enrolment": True},
        responses=problems(401, 403, 409),
        operation_id="createTotpEnrolment",
        summary="Start enrolling two-factor codes (TOTP)",
    )
    async def start(self, principal: Principal, account_mfa: AccountMfa) -> Response[TotpEnrolment]:
        """A new TOTP secret and its `otpauth://` URI for an authenticator app (RFC 6238,
        SHA-1, 6 digits, 30 seconds). Nothing changes at sign-in until the enrolment is
        confirmed with a code; starting again before that replaces the secret. 409 when
        two-factor codes are on already. The person only: an API key gets 403."""
        started = await account_mfa.start(principal)
        body = TotpEnrolment(secret=started.secret, otpauth_uri=started.otpauth_uri)
        return Response(body, headers={"Cache-Control": "no-store"})

    @post(
        "/totp/confirm",
        dto=JsonBody[TotpConfirm],
        return_dto=None,
        status_code=200,
        opt={"scope": "account:write", "mfa_enrolment": True},
        responses=problems(400, 401, 403, 409, 422),
        operation_id="completeTotpEnrolment",
        summary="Confirm two-factor codes with a first code",
    )
    async def confirm(
        self, data: TotpConfirm, principal: Principal, account_mfa: AccountMfa
    ) -> Response[RecoveryCodes]:
        """Turn two-factor codes on with a right code from the app (422 otherwise). The
        answer holds ten recovery codes, each usable once instead of a code: they are shown
        this once and stored hashed. An e-mail tells the person; every workspace they
        belong to records `mfa.enabled`."""
        codes = await account_mfa.confirm(principal, data.code)
        return Response(RecoveryCodes(recovery_codes=codes), headers={"Cache-Control": "no-store"})

    @delete(
        "/totp",
        dto=JsonBody[TotpDisable],
        return_dto=None,
        opt={"scope": "account:write"},
        responses=problems(400, 401, 403, 422, 429),
        operation_id="deleteTotp",
        summary="Turn two-factor codes off",
    )
    async def disable(
        self,
        data: TotpDisable,
        principal: Principal,
        account_mfa: AccountMfa,
        client_address: str,
    ) -> None:
        """Turn two-factor codes off given the password (checked like a sign-in) and a code
        (or a recovery code); a wrong one is 401, and wrong codes are throttled like
        passwords (429). An account without a password (signed in through a provider)
        gives a code alone. The recovery codes go too."""
        await account_mfa.disable(principal, data.password, data.code, client_address)


class MfaLoginController(Controller):
    path = "/v1/auth"
    tags = ["auth"]
    security = [{}]

    @post(
        "/login/mfa",
        dto=JsonBody[LoginMfa],
        return_dto=None,
        status_code=200,
        responses=problems(400, 401, 403, 422),
        operation_id="logInSecondFactor",
        summary="Finish a sign-in with a two-factor code",
    )
    async def login_mfa(
        self, data: LoginMfa, account_mfa: AccountMfa, client_address: str
    ) -> TokenPair:
        """The second step of `POST /v1/auth/login` for an account with two-factor codes
        on: the `mfaToken` its 401 gave (5 minutes, single use) and a code from the app
        (accepted once, one 30-second step either side of now) or a recovery code (single
        use). A wrong, replayed or expired code or token is 401; wrong codes are throttled
        per account like passwords (429 with Retry-After). The tokens act in the workspace
        the login asked for."""
        return await account_mfa.finish_login(data.mfa_token, data.code, client_address)
