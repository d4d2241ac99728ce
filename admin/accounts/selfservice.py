"""Self-service accounts: sign-up, e-mail verification, password change and reset.

The rules (docs/dashboard.md#accounts):

- Nothing here tells whether an address has an account. Sign-up and "forgot
  password" answer the same for every address; an address that has an account is
  told by e-mail instead (someone tried to sign up; here is your reset link).
- Links sent by e-mail carry 256 random bits, are stored as SHA-256 digests, work
  once and expire (HOP_VERIFY_LINK_TTL, HOP_RESET_LINK_TTL). A new reset spends the
  older reset links.
- Every request is counted against the client network's sign-in attempts
  (admin/auth/throttle.py), sign-ups also per network per hour, and e-mails per
  address per hour, so neither the service nor someone's mailbox can be flooded.
- A new password ends every other session: the account's refresh tokens are
  revoked here, its dashboard sessions by the caller (which knows which one to keep).
"""

from __future__ import annotations

import secrets

from redis.asyncio import Redis

from admin.accounts import mails
from admin.accounts import repository as repo
from admin.accounts.passwords import Passwords
from admin.accounts.rules import check_email, check_password
from admin.auth import repository as auth_repo
from admin.auth.cache import announce_auth_change
from admin.auth.secrets import token_hash
from admin.auth.service import AuthService
from admin.auth.throttle import LoginThrottle
from admin.db import Connection, Database
from admin.errors import BadRequest, FieldError, Forbidden, Unauthorized, validation
from common.clientip import client_network
from common.ids import new_id
from common.settings import AccountSettings


class SignUpClosed(Forbidden):
    slug = "sign-up-closed"

    def __init__(self) -> None:
        super().__init__("Sign-up is closed on this server; ask its operator for an account.")


class SelfService:
    def __init__(
        self,
        db: Database,
        redis: Redis,
        auth: AuthService,
        settings: AccountSettings,
        base_url: str,
    ) -> None:
        self.db = db
        self.redis = redis
        self.auth = auth
        self.settings = settings
        self.base_url = base_url

    @property
    def passwords(self) -> Passwords:
        return self.auth.passwords

    @property
    def throttle(self) -> LoginThrottle:
        return self.auth.throttle

    @property
    def signup_open(self) -> bool:
        return self.settings.signup == "open"

    async def sign_up(self, email: str, password: str, client_address: str) -> None:
        """Create an unverified account and e-mail its verification link; for an address
        that has an account, e-mail its owner instead. The caller sees no difference."""
        if not self.signup_open:
            raise SignUpClosed
        email = email.strip()
        errors = check_email(email) + check_password("password", password)
        if errors:
            raise validation(errors)
        network = client_network(client_address)
        await self.throttle.begin_account_form(network)
        await self.throttle.begin_sign_up(network, self.settings.signups_per_network_per_hour)
        # Hashed whether or not the address is taken: both answers cost the same.
        with self.passwords.slot() as slot:
            password_hash = await slot.hash(password)
        may_mail = await self.throttle.mail_allowed(email, self.settings.mails_per_hour)
        async with self.db.transaction() as conn:
            if await repo.user_by_email(conn, email) is not None:
                if may_mail:
                    await self._mail(conn, email, mails.already_registered(self.base_url))
                return
            user_id = new_id("usr")
            new = repo.NewUser(
                id=user_id, email=email, password_hash=password_hash, plan="free", verified=False
            )
            await repo.insert_user(conn, new)
            if may_mail:
                await self._send_verification(conn, user_id, email)

    async def verify(self, token: str) -> str | None:
        """Spend a verification link; the id of the account whose address it verified
        (None: the link is unknown, used, expired, or the account's address changed)."""
        async with self.db.transaction() as conn:
            spent = await repo.consume_token(conn, token_hash(token), "verify")
            verified = spent is not None and await repo.mark_verified(
                conn, spent.user_id, spent.email
            )
        if spent is None or not verified:
            return None
        # Cached principals of the account were read-only: every process drops them.
        await announce_auth_change(self.redis, f"verified:{spent.user_id}")
        return spent.user_id

    async def resend_verification(self, user_id: str) -> None:
        """Another verification link, unless verified already or mailed too often."""
        async with self.db.connection() as conn:
            user = await repo.user_by_id(conn, user_id)
        if user is None or user.verified:
            return
        if not await self.throttle.mail_allowed(user.email, self.settings.mails_per_hour):
            return
        async with self.db.transaction() as conn:
            await self._send_verification(conn, user.id, user.email)

    async def request_reset(self, email: str, client_address: str) -> None:
        """E-mail a reset link if the address has an account; the same answer either way."""
        email = email.strip()
        if errors := check_email(email):
            raise validation(errors)
        await self.throttle.begin_account_form(client_network(client_address))
        async with self.db.transaction() as conn:
            user = await repo.user_by_email(conn, email)
            if user is None:
                return
            # Counted here, for a mail about to be sent: counted before the address was
            # looked up, five requests an hour for any address silenced its resets.
            if not await self.throttle.mail_allowed(user.email, self.settings.mails_per_hour):
                return
            token = secrets.token_urlsafe(32)
            await self._store_token(conn, user.id, "reset", token, user.email)
            ttl = self.settings.reset_link_ttl
            await self._mail(conn, user.email, mails.password_reset(self.base_url, token, ttl))

    async def reset_password(self, token: str, password: str, client_address: str) -> str:
        """Spend a reset link and set the new password; the account's id.

        Following the link also proves the address, so an unverified account is
        verified by it. Every session of the account ends (refresh tokens here).
        """
        if errors := check_password("password", password):
            raise validation(errors)
        await self.throttle.begin_account_form(client_network(client_address))
        with self.passwords.slot() as slot:
            password_hash = await slot.hash(password)
        async with self.db.transaction() as conn:
            spent = await repo.consume_token(conn, token_hash(token), "reset")
            if spent is None:
                raise InvalidLink
            await self._set_password(conn, spent.user_id, password_hash, spent.email)
            await repo.spend_tokens(conn, spent.user_id, "reset")
            await repo.mark_verified(conn, spent.user_id, spent.email)
        await announce_auth_change(self.redis, f"password:{spent.user_id}")
        await self.throttle.signed_in(spent.email)  # its lock-out, if any, is over
        return spent.user_id

    async def change_password(
        self, user_id: str, current: str, new: str, client_address: str
    ) -> None:
        """Set a new password given the current one (checked like a sign-in, with the
        same brute-force limits); the account's refresh tokens are revoked."""
        errors = check_password("newPassword", new)
        if new == current:
            errors.append(FieldError("newPassword", "must differ from the current password"))
        if errors:
            raise validation(errors)
        async with self.db.connection() as conn:
            user = await repo.user_by_id(conn, user_id)
        if user is None:
            raise Unauthorized("The account no longer exists.")
        try:
            await self.auth.check_password(user.email, current, client_address)
        except Unauthorized:
            raise validation([FieldError("currentPassword", "is not your password")]) from None
        with self.passwords.slot() as slot:
            password_hash = await slot.hash(new)
        async with self.db.transaction() as conn:
            await self._set_password(conn, user.id, password_hash, user.email)

    async def _set_password(
        self, conn: Connection, user_id: str, password_hash: str, email: str
    ) -> None:
        await repo.set_password(conn, user_id, password_hash)
        await auth_repo.revoke_user_refresh_tokens(conn, user_id)
        await self._mail(conn, email, mails.password_changed(self.base_url))

    async def _send_verification(self, conn: Connection, user_id: str, email: str) -> None:
        token = secrets.token_urlsafe(32)
        await self._store_token(conn, user_id, "verify", token, email)
        ttl = self.settings.verify_link_ttl
        await self._mail(conn, email, mails.verification(self.base_url, token, ttl))

    async def _store_token(
        self, conn: Connection, user_id: str, purpose: repo.Purpose, token: str, email: str
    ) -> None:
        ttl = self.settings.verify_link_ttl if purpose == "verify" else self.settings.reset_link_ttl
        await repo.insert_token(
            conn,
            repo.NewToken(
                id=new_id("atk"),
                user_id=user_id,
                purpose=purpose,
                token_hash=token_hash(token),
                email=email,
                ttl=ttl,
            ),
        )

    @staticmethod
    async def _mail(conn: Connection, recipient: str, message: tuple[str, str]) -> None:
        subject, body = message
        await repo.queue_mail(
            conn, repo.NewMail(id=new_id("mail"), recipient=recipient, subject=subject, body=body)
        )


class InvalidLink(BadRequest):
    """A verification or reset link that is unknown, used or expired."""

    slug = "invalid-link"

    def __init__(self) -> None:
        super().__init__(
            "This link is invalid, used or expired. Ask for a new one.",
            [FieldError("token", "is invalid, used or expired")],
        )
