"""Identities at other providers (the install's OpenID Connect provider, GitHub): who an
identity a provider proved signs in, linking and unlinking them
(docs/dashboard.md#signing-in-through-a-provider).

Who signs in, once a provider proved a subject (admin/auth/oidc.py):

1. the account the identity (provider, subject) is linked to, whatever address the
   provider gives now;
2. else the account whose address the provider gives, which the identity is linked to,
   only when the provider asserts the address verified, and only a confirmed account
   (an unconfirmed one may be someone else's sign-up with the address: its owner
   confirms it or resets its password first, which takes it back);
3. else a new account (its address confirmed, no password, a personal workspace: the
   same creation as sign-up's), only when sign-up is open and the address verified.

Anything else is refused with why, and nothing is stored. A link and an unlink are
written to the audit log of every workspace the person belongs to and e-mailed to them.
An identity cannot be unlinked while it is the only way in (no password, no other
identity, no passkey).
"""

from __future__ import annotations

import logging

import msgspec

from admin.accounts import identity_repository as ids
from admin.accounts import mails
from admin.accounts import repository as repo
from admin.accounts.rules import check_email
from admin.audit import record_audit
from admin.auth import Principal
from admin.db import Connection, Database
from admin.errors import Conflict, Forbidden, NotFound
from admin.mail import Mail, queue_mail
from common.ids import new_id

logger = logging.getLogger(__name__)

PROVIDER_NAMES = {"oidc": "single sign-on", "github": "GitHub"}


class Resolved(msgspec.Struct, frozen=True, kw_only=True):
    """The account a proven identity signs in, and how it came to."""

    user_id: str
    verified: bool
    credentials_version: int
    outcome: str  # "returning", "linked", "created"


class Identity(msgspec.Struct, frozen=True, kw_only=True):
    """A linked identity as the account page shows it."""

    id: str
    provider: str
    provider_name: str
    email: str
    created_at: str
    last_used_at: str | None


class AddressNotVerified(Forbidden):
    slug = "address-not-verified"

    def __init__(self, name: str) -> None:
        super().__init__(
            f"{name} did not say your e-mail address is verified, so it cannot sign in to an "
            "account or make one: verify the address there (for GitHub: make a verified "
            "address your primary one), then try again. Nothing was changed."
        )


class NoAddress(Forbidden):
    slug = "address-missing"

    def __init__(self, name: str) -> None:
        super().__init__(
            f"{name} did not give an e-mail address, so no account can be found or made. "
            "Nothing was changed."
        )


class AccountUnconfirmed(Forbidden):
    slug = "account-unconfirmed"

    def __init__(self, name: str) -> None:
        super().__init__(
            f"An account with this address exists but its address was never confirmed, so "
            f"{name} cannot be linked to it: confirm the address from our e-mail (or reset "
            "the password), then sign in again. Nothing was changed."
        )


class SignUpClosedForIdentity(Forbidden):
    slug = "sign-up-closed"

    def __init__(self, name: str) -> None:
        super().__init__(
            f"No account uses the address {name} gave, and sign-up is closed on this server: "
            "ask its operator for an account, then sign in. Nothing was made."
        )


class LastWayIn(Conflict):
    slug = "last-sign-in-method"

    def __init__(self) -> None:
        super().__init__(
            "This identity is your only way to sign in (no password, no other identity, no "
            'passkey): set a password (through "Forgot your password?") or link another '
            "first."
        )


def provider_name(provider: str, oidc_name: str | None = None) -> str:
    if provider == "oidc" and oidc_name:
        return oidc_name
    return PROVIDER_NAMES.get(provider, provider)


def _person(user_id: str, workspace_id: str) -> Principal:
    """The person as the audit log's actor, where no request principal exists yet (a
    sign-in) or another workspace's entry is written."""
    return Principal(
        workspace_id=workspace_id,
        user_id=user_id,
        role="member",
        environment="live",
        scopes=frozenset(),
        plan="free",
        limit_per_minute=0,
        limit_per_month=0,
    )


class IdentityService:
    def __init__(
        self, db: Database, *, signup_open: bool, base_url: str, oidc_name: str | None = None
    ) -> None:
        self.db = db
        self.signup_open = signup_open
        self.base_url = base_url
        self.oidc_name = oidc_name

    def _name(self, provider: str) -> str:
        return provider_name(provider, self.oidc_name)

    async def resolve(
        self, provider: str, subject: str, email: str | None, email_verified: bool
    ) -> Resolved:
        """The account the proven identity signs in (linking or creating it, by the
        module's rules), or a refusal (4xx) with nothing stored."""
        name = self._name(provider)
        async with self.db.transaction() as conn:
            found = await ids.identity_by_subject(conn, provider, subject)
            if found is not None:
                identity_id, account = found
                await ids.touch_identity(conn, identity_id, email if email_verified else None)
                return Resolved(
                    user_id=account.user_id,
                    verified=account.verified,
                    credentials_version=account.credentials_version,
                    outcome="returning",
                )
            if not email or check_email(email):
                raise NoAddress(name)
            if not email_verified:
                raise AddressNotVerified(name)
            existing = await ids.account_by_email(conn, email)
            if existing is not None:
                if not existing.verified:
                    raise AccountUnconfirmed(name)
                await self._link(
                    conn,
                    existing.user_id,
                    existing.email,
                    provider=provider,
                    subject=subject,
                    email=email,
                )
                return Resolved(
                    user_id=existing.user_id,
                    verified=True,
                    credentials_version=existing.credentials_version,
                    outcome="linked",
                )
            if not self.signup_open:
                raise SignUpClosedForIdentity(name)
            user_id = new_id("usr")
            # Sign-up's creation: the user, their personal workspace, its ownership.
            await repo.insert_user(
                conn,
                repo.NewUser(
                    id=user_id, email=email, password_hash=None, plan="free", verified=True
                ),
            )
            await self._link(conn, user_id, email, provider=provider, subject=subject, email=email)
            created = await ids.account_by_id(conn, user_id)
            assert created is not None  # inserted above
        logger.info(
            "account made by a provider's sign-in",
            extra={"action": "account.created_by_identity", "user_id": user_id},
        )
        return Resolved(
            user_id=user_id,
            verified=True,
            credentials_version=created.credentials_version,
            outcome="created",
        )

    async def _link(
        self,
        conn: Connection,
        user_id: str,
        account_email: str,
        *,
        provider: str,
        subject: str,
        email: str,
    ) -> None:
        identity_id = new_id("uid")
        if not await ids.insert_identity(
            conn, identity_id, user_id, provider=provider, subject=subject, email=email
        ):
            # Linked by a concurrent callback of the same person: sign in next time.
            raise Conflict("This identity was just linked; sign in again.")
        target = f"{provider}:{subject}"
        for workspace_id in await ids.workspaces_of(conn, user_id):
            actor = _person(user_id, workspace_id)
            await record_audit(conn, actor, "identity.linked", target, workspace_id=workspace_id)
        subject_line, body = mails.identity_linked(self.base_url, self._name(provider), email)
        await queue_mail(conn, Mail(account_email, subject_line, body))

    async def list(self, user_id: str) -> list[Identity]:
        async with self.db.connection() as conn:
            rows = await ids.identities_of(conn, user_id)
        return [
            Identity(
                id=row.id,
                provider=row.provider,
                provider_name=self._name(row.provider),
                email=row.email,
                created_at=row.created_at.isoformat(),
                last_used_at=row.last_used_at.isoformat() if row.last_used_at else None,
            )
            for row in rows
        ]

    async def has_password(self, user_id: str) -> bool:
        """False for a person who signs in only through providers (password_hash NULL)."""
        async with self.db.connection() as conn:
            return await ids.has_password(conn, user_id)

    async def unlink(self, user_id: str, identity_id: str) -> None:
        """Remove one of the person's identities (404: not theirs), unless it is their
        only way to sign in (409)."""
        async with self.db.transaction() as conn:
            account = await ids.account_by_id(conn, user_id)  # locks: one unlink at a time
            if account is None:
                raise NotFound("No such identity.")
            if not await ids.other_ways_in(conn, user_id, identity_id):
                owned = {row.id for row in await ids.identities_of(conn, user_id)}
                if identity_id not in owned:
                    raise NotFound("No such identity.")
                raise LastWayIn
            removed = await ids.delete_identity(conn, user_id, identity_id)
            if removed is None:
                raise NotFound("No such identity.")
            target = f"{removed.provider}:{removed.subject}"
            for workspace_id in await ids.workspaces_of(conn, user_id):
                actor = _person(user_id, workspace_id)
                await record_audit(
                    conn, actor, "identity.unlinked", target, workspace_id=workspace_id
                )
            name = self._name(removed.provider)
            subject_line, body = mails.identity_unlinked(self.base_url, name, removed.email)
            await queue_mail(conn, Mail(account.email, subject_line, body))
