"""Self-service accounts: sign-up, e-mail verification, password change and reset.

The rules (docs/dashboard.md#accounts):

- Nothing here tells whether an address has an account. Sign-up and "forgot
  password" answer the same for every address; an address that has an account is
  told by e-mail instead (someone tried to sign up; here is your reset link).
- Links sent by e-mail carry 256 random bits, are stored as SHA-256 digests, work
  once and expire (``VERIFY_LINK_TTL``, ``RESET_LINK_TTL``). A new reset spends the
  older reset links.
- Every request is counted against the client network's sign-in attempts
  (admin/auth/throttle.py), sign-ups also per network per hour, and e-mails per
  address per hour, so neither the service nor someone's mailbox can be flooded. An
  e-mail is counted only when it is sent: asking a reset for an address without an
  account spends nothing of the quota that address's owner may need.
- A new password, a reset or the address's first confirmation raises the account's
  credentials version: its access tokens and dashboard sessions from before are
  refused from the next request (admin/auth/service.py). Its refresh tokens are
  revoked here; the caller ends the dashboard sessions it knows of (and keeps its own).
- A reset that confirms an address nobody had confirmed also removes every API key and
  webhook of the account: whoever signed up with the address before its owner (an
  account pre-hijack) loses everything made meanwhile along with the password.
"""

from __future__ import annotations

import logging
import secrets

import msgspec
from redis.asyncio import Redis

from admin.accounts import mails
from admin.accounts import repository as repo
from admin.accounts.rules import check_email, check_password
from admin.auth import (
    AuthService,
    LoginThrottle,
    Passwords,
    announce_auth_change,
    end_user_sessions,
    revoke_user_refresh_tokens,
    token_hash,
)
from admin.db import Connection, Database
from admin.errors import BadRequest, FieldError, Forbidden, Unauthorized, validation
from admin.mail import Mail, queue_mail
from admin.webhooks import delete_workspace_webhooks
from admin.workspaces import delete_account_rows, forget_cleared
from common.clientip import client_network
from common.ids import new_id
from common.settings import AccountSettings

logger = logging.getLogger(__name__)
# Seconds an e-mailed link stays valid: a confirmation two days (mail can be slow to be
# read), a password reset an hour (it works once, and it ends every session).
VERIFY_LINK_TTL = 2 * 86_400
RESET_LINK_TTL = 3_600


class Confirmed(msgspec.Struct, frozen=True):
    """An address confirmed by its link: whose, and the account's credentials version."""

    user_id: str
    credentials_version: int


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

    async def verify(self, token: str) -> Confirmed | None:
        """Spend a verification link; the account whose address it confirmed (None: the
        link is unknown, used, expired, or the account's address changed).

        A first confirmation raises the credentials version (sessions from before end,
        but the caller's own, which the caller renews) and revokes refresh tokens.
        """
        async with self.db.transaction() as conn:
            spent = await repo.consume_token(conn, token_hash(token), "verify")
            if spent is None:
                return None
            confirmation = await repo.confirm_address(conn, spent.user_id, spent.email)
            if confirmation is None:
                return None
            if confirmation.newly:
                await revoke_user_refresh_tokens(conn, spent.user_id)
        if confirmation.newly:
            # Cached accounts hold the old version and no scopes: every process drops them.
            await announce_auth_change(self.redis, f"verified:{spent.user_id}")
        return Confirmed(spent.user_id, confirmation.credentials_version)

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
            ttl = RESET_LINK_TTL
            await self._mail(conn, user.email, mails.password_reset(self.base_url, token, ttl))

    async def reset_password(self, token: str, password: str, client_address: str) -> str:
        """Spend a reset link and set the new password; the account's id.

        Following the link also proves the address, so an unconfirmed account is
        confirmed by it, and then loses every API key and webhook made before: until
        now whoever signed up with the address held it. Every session of the account
        ends (refresh tokens here, access tokens and dashboard sessions by the new
        credentials version).
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
            confirmation = await repo.confirm_address(conn, spent.user_id, spent.email)
            taken_back = confirmation is not None and confirmation.newly
            if taken_back:
                await repo.revoke_all_api_keys(conn, spent.user_id)
                personal = await repo.user_by_id(conn, spent.user_id)
                if personal is not None and personal.workspace_id is not None:
                    await delete_workspace_webhooks(conn, personal.workspace_id)
            await self._set_password(
                conn, spent.user_id, password_hash, spent.email, taken_back=taken_back
            )
            await repo.spend_tokens(conn, spent.user_id, "reset")
        if taken_back:
            logger.info(
                "a reset confirmed the address: every key and webhook made before is gone",
                extra={"action": "account.reset_confirmed", "user_id": spent.user_id},
            )
        await announce_auth_change(self.redis, f"password:{spent.user_id}")
        await self.throttle.signed_in(spent.email)  # its lock-out, if any, is over
        return spent.user_id

    async def change_password(
        self, user_id: str, current: str, new: str, client_address: str
    ) -> int:
        """Set a new password given the current one (checked like a sign-in, with the
        same brute-force limits); the account's refresh tokens are revoked. Returns the
        new credentials version, for the caller to keep its own session."""
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
            version = await self._set_password(conn, user.id, password_hash, user.email)
        # Cached accounts hold the old version: every process drops them.
        await announce_auth_change(self.redis, f"password:{user.id}")
        return version

    async def delete_account(self, user_id: str, password: str, client_address: str) -> None:
        """Leave Hop (docs/api.md#leaving-hop): the password checked like a sign-in (the
        same brute-force limits; wrong: 401), then, in one transaction, 409 naming the
        workspaces the person alone owns (but their personal one), or the keys they made
        elsewhere keep working at the role they held, their personal workspace goes with
        everything it owns, and so does the user and every membership. Their dashboard
        sessions end; every admin process forgets them from the next request."""
        async with self.db.connection() as conn:
            user = await repo.user_by_id(conn, user_id)
        if user is None:
            raise Unauthorized("The account no longer exists.")
        await self.auth.check_password(user.email, password, client_address)
        async with self.db.transaction() as conn:
            cleared = await delete_account_rows(conn, user_id)
        if cleared is None:
            raise Unauthorized("The account no longer exists.")
        logger.info("account deleted", extra={"action": "account.deleted", "user_id": user_id})
        await forget_cleared(self.redis, cleared)
        await announce_auth_change(self.redis, f"deleted:{user_id}")
        await end_user_sessions(self.redis, user_id)

    async def _set_password(
        self,
        conn: Connection,
        user_id: str,
        password_hash: str,
        email: str,
        *,
        taken_back: bool = False,
    ) -> int:
        version = await repo.set_password(conn, user_id, password_hash)
        await revoke_user_refresh_tokens(conn, user_id)
        await self._mail(conn, email, mails.password_changed(self.base_url, taken_back))
        return version

    async def _send_verification(self, conn: Connection, user_id: str, email: str) -> None:
        token = secrets.token_urlsafe(32)
        await self._store_token(conn, user_id, "verify", token, email)
        ttl = VERIFY_LINK_TTL
        await self._mail(conn, email, mails.verification(self.base_url, token, ttl))

    async def _store_token(
        self, conn: Connection, user_id: str, purpose: repo.Purpose, token: str, email: str
    ) -> None:
        ttl = VERIFY_LINK_TTL if purpose == "verify" else RESET_LINK_TTL
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
        await queue_mail(conn, Mail(recipient, subject, body))


class InvalidLink(BadRequest):
    """A verification or reset link that is unknown, used or expired."""

    slug = "invalid-link"

    def __init__(self) -> None:
        super().__init__(
            "This link is invalid, used or expired. Ask for a new one.",
            [FieldError("token", "is invalid, used or expired")],
        )


async def purge_expired_tokens(db: Database) -> int:
    """Delete e-mailed tokens a day past their expiry (housekeeping); how many went."""
    async with db.connection() as conn:
        return await repo.purge_expired_tokens(conn)
