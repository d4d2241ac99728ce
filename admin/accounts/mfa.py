"""Two-factor codes for a person: enrolment, turning off, the sign-in's second step.

The codes themselves (sealed secrets, steps accepted once, recovery codes, mfaTokens,
the throttle on wrong codes) are the auth domain's (admin/auth/mfa.py); this service adds
what a change of factor owes the person: an audit entry in every workspace they belong
to (``mfa.enabled``, ``mfa.disabled``, ``recovery_code.used``) and an e-mail when TOTP is
turned on or off. Every admin process forgets its cached view of the person (whether
they hold a second factor decides what a workspace requiring one lets them do).

Turning TOTP off takes the password and a code (TOTP or recovery). A person without a
password (signed up through a provider) gives a code alone: the code is then the proof,
and the session or access token making the request the other.
"""

from __future__ import annotations

import logging

import msgspec
from redis.asyncio import Redis

from admin.accounts import mails
from admin.accounts import mfa_repository as repo
from admin.accounts.mfa_repository import Person
from admin.audit import record_audit
from admin.auth import (
    AuthService,
    CodeKind,
    Principal,
    SecondFactors,
    TokenPair,
    WrongCode,
    announce_auth_change,
    otpauth_uri,
)
from admin.db import Connection, Database
from admin.errors import FieldError, Forbidden, Unauthorized, validation
from admin.mail import Mail, queue_mail

logger = logging.getLogger(__name__)


class Enrolment(msgspec.Struct, frozen=True):
    secret: str
    otpauth_uri: str


class TwoFactorState(msgspec.Struct, frozen=True):
    enabled: bool
    pending: bool
    recovery_codes_left: int


def person_of(principal: Principal) -> str:
    """The person behind a session or an access token; an API key is refused."""
    if principal.key_id is not None or principal.user_id is None:
        raise Forbidden(
            "Two-factor codes are managed by the person signed in (a dashboard session or "
            "an access token), not by an API key."
        )
    return principal.user_id


class AccountMfa:
    def __init__(
        self, db: Database, redis: Redis, auth: AuthService, factors: SecondFactors, base_url: str
    ) -> None:
        self.db = db
        self.redis = redis
        self.auth = auth
        self.factors = factors
        self.base_url = base_url

    async def _person(self, conn: Connection, user_id: str) -> Person:
        person = await repo.person(conn, user_id)
        if person is None:
            raise Unauthorized("The account no longer exists.")
        return person

    async def state(self, user_id: str) -> TwoFactorState:
        async with self.db.connection() as conn:
            row = await self.factors.totp(conn, user_id)
            left = await self.factors.recovery_codes_left(conn, user_id)
        return TwoFactorState(
            enabled=row is not None and row.confirmed,
            pending=row is not None and not row.confirmed,
            recovery_codes_left=left,
        )

    async def start(self, principal: Principal) -> Enrolment:
        """A new secret to enrol (replacing one not yet confirmed); 409 when TOTP is on."""
        user_id = person_of(principal)
        async with self.db.transaction() as conn:
            person = await self._person(conn, user_id)
            secret = await self.factors.start(conn, user_id)
        return Enrolment(secret=secret, otpauth_uri=otpauth_uri(secret, person.email))

    async def confirm(self, principal: Principal, code: str) -> list[str]:
        """Turn TOTP on with a first right code: the ten recovery codes, shown once."""
        user_id = person_of(principal)
        async with self.db.transaction() as conn:
            person = await self._person(conn, user_id)
            codes = await self.factors.confirm(conn, user_id, code)
            if codes is None:
                raise validation(
                    [FieldError("code", "is wrong or expired, or no enrolment was started")]
                )
            await self._audit(conn, principal, user_id, "mfa.enabled")
            await _mail(conn, person.email, mails.totp_enabled(self.base_url))
        await announce_auth_change(self.redis, f"mfa:{user_id}")
        logger.info("two-factor codes on", extra={"action": "mfa.enabled", "user_id": user_id})
        return codes

    async def disable(
        self, principal: Principal, password: str | None, code: str, client_address: str
    ) -> None:
        """Turn TOTP off given the password (when the account has one) and a code."""
        user_id = person_of(principal)
        async with self.db.connection() as conn:
            person = await self._person(conn, user_id)
        if person.has_password:
            if not password:
                raise validation([FieldError("password", "is required")])
            await self.auth.check_password(person.email, password, client_address)
        async with self.db.transaction() as conn:
            await self._use_code(conn, principal, user_id, code, client_address)
            await self.factors.remove(conn, user_id)
            await self._audit(conn, principal, user_id, "mfa.disabled")
            await _mail(conn, person.email, mails.totp_disabled(self.base_url))
        await self.factors.attempt_succeeded(user_id)
        await announce_auth_change(self.redis, f"mfa:{user_id}")
        logger.info("two-factor codes off", extra={"action": "mfa.disabled", "user_id": user_id})

    async def second_step(self, user_id: str, code: str, client_address: str) -> CodeKind:
        """The second step of a sign-in (API or dashboard): a right code, once, within
        the throttle; 401 ``wrong-code`` otherwise, 429 once locked out."""
        async with self.db.transaction() as conn:
            kind = await self._use_code(conn, None, user_id, code, client_address)
        await self.factors.attempt_succeeded(user_id)
        return kind

    async def finish_login(self, token: str, code: str, client_address: str) -> TokenPair:
        """POST /v1/auth/login/mfa: the challenge's person and workspace get a token pair."""
        user_id, workspace_id = await self._answer(token, code, client_address)
        return await self.auth.issue(None, user_id, workspace_id)

    async def finish_web(
        self, token: str, code: str, client_address: str
    ) -> tuple[str, str | None]:
        """The dashboard's second page: the person whose challenge a right code answered,
        and the workspace the sign-in was for (None: their personal one)."""
        return await self._answer(token, code, client_address)

    async def _answer(self, token: str, code: str, client_address: str) -> tuple[str, str | None]:
        challenge = await self.factors.challenges.peek(token)
        async with self.db.transaction() as conn:
            await self._use_code(conn, None, challenge.user_id, code, client_address)
            # Spent in the code's transaction: a lost race rolls the code's use back.
            await self.factors.challenges.spend(token)
        await self.factors.attempt_succeeded(challenge.user_id)
        return challenge.user_id, challenge.workspace_id

    async def _use_code(
        self,
        conn: Connection,
        principal: Principal | None,
        user_id: str,
        code: str,
        client_address: str,
    ) -> CodeKind:
        await self.factors.begin_attempt(user_id, client_address)
        kind = await self.factors.use_code(conn, user_id, code)
        if kind is None:
            await self.factors.attempt_failed(user_id)
            raise WrongCode
        if kind == "recovery":
            await self._audit(conn, principal, user_id, "recovery_code.used")
        return kind

    async def _audit(
        self, conn: Connection, principal: Principal | None, user_id: str, action: str
    ) -> None:
        """An entry in every workspace the person belongs to."""
        for workspace_id in await repo.workspaces_of(conn, user_id):
            await record_audit(conn, principal, action, user_id, workspace_id=workspace_id)


async def _mail(conn: Connection, recipient: str, message: tuple[str, str]) -> None:
    subject, body = message
    await queue_mail(conn, Mail(recipient, subject, body))
