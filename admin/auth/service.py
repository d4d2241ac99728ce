"""Authentication: API keys, JWT access tokens, login, refresh-token rotation.

An account whose e-mail address is not confirmed cannot sign in to the API: login and
refresh refuse it (403 ``address-unconfirmed``, said only to a caller who gave the right
password or a live refresh token), and its access tokens are refused. Access tokens and
dashboard sessions carry the account's credentials version and are refused once a
password change, a reset or the confirmation has raised it (docs/decisions.md#auth).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Literal, Protocol

import msgspec

from admin.api.examples import example
from admin.auth import repository as repo
from admin.auth.cache import AuthCache
from admin.auth.jwt_tokens import AccessTokens
from admin.auth.passwords import Passwords
from admin.auth.principal import Principal
from admin.auth.roles import capped
from admin.auth.scopes import ALL_SCOPES, for_account
from admin.auth.secrets import key_environment, new_refresh_token, token_hash
from admin.auth.throttle import LoginThrottle
from admin.auth.usage import KeyUsage
from admin.db import Connection, Database
from admin.errors import AddressUnconfirmed, Forbidden, SsoRequired, Unauthorized
from common.clientip import client_network
from common.ids import new_id
from common.settings import LimitSettings, PlanLimit

logger = logging.getLogger(__name__)


@example(
    {
        "accessToken": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMDEifQ.c2lnbmF0dXJl",
        "refreshToken": "rt_01JNQBH2J3K4M5N6P7Q8R9S0TU.Zk3q9Lr2Vx7mT5wP8nB4sD1f",
        "expiresIn": 900,
        "tokenType": "Bearer",
    }
)
class TokenPair(msgspec.Struct, frozen=True, rename="camel"):
    access_token: str
    refresh_token: str
    expires_in: int
    token_type: str = "Bearer"  # noqa: S105 - the OAuth token type, not a secret


class SecondFactorGate(Protocol):
    async def challenge(self, user_id: str, workspace_id: str | None) -> None:
        """Raise (401 with a challenge) when the person must give a second factor."""


# Called before a key never resolved here is looked up in PostgreSQL; raises to stop it.
BeforeLookup = Callable[[], Awaitable[None]]


async def _no_check() -> None:
    return None


def effective_limits(
    limits: LimitSettings, plan: str, per_minute: int | None, per_month: int | None
) -> tuple[int, int]:
    """The account's own limits where set (negotiated), else its plan's."""
    plan_limit: PlanLimit = {"free": limits.free, "pro": limits.pro}.get(plan, limits.business)
    return per_minute or plan_limit.per_minute, per_month or plan_limit.per_month


class Account(msgspec.Struct, frozen=True):
    """What a session principal needs of its user, cached like a resolved key."""

    verified: bool
    credentials_version: int
    second_factor: bool = False  # a confirmed TOTP or a passkey (admin/auth/mfa.py)


_NOT_A_MEMBER = "You are not a member of that workspace."


class SignIn(msgspec.Struct, frozen=True):
    """A password found right: whose, and the state of the account at that moment."""

    user_id: str
    verified: bool
    credentials_version: int


class AuthService:
    def __init__(
        self,
        db: Database,
        cache: AuthCache,
        tokens: AccessTokens | None,
        limits: LimitSettings,
        refresh_ttl: int,
        *,
        passwords: Passwords,
        throttle: LoginThrottle,
        usage: KeyUsage,
    ) -> None:
        self.db = db
        self.cache = cache
        self.tokens = tokens
        self.limits = limits
        self.refresh_ttl = refresh_ttl
        self.passwords = passwords
        self.throttle = throttle
        self.usage = usage
        # Set by the composition (admin/app.py): asks for the second factor at sign-in.
        self.second_factor: SecondFactorGate | None = None
        self._key_lookups: dict[bytes, asyncio.Task[Principal]] = {}

    def _limits(self, plan: str, per_minute: int | None, per_month: int | None) -> tuple[int, int]:
        return effective_limits(self.limits, plan, per_minute, per_month)

    async def authenticate(
        self, authorization: str | None, before_lookup: BeforeLookup = _no_check
    ) -> Principal:
        """Resolve ``Authorization: Bearer <token>`` or raise Unauthorized saying why.

        ``before_lookup`` runs only when an API key this process has not seen resolve
        to an account lately must be looked up in PostgreSQL, so the caller can refuse
        that query (the gate does when the client's network is past its anonymous
        limit). It charges nothing: a key that resolves is limited by its account's
        limits alone, and one that does not leaves the caller without a principal,
        which the gate charges to the network as any anonymous request.
        """
        if not authorization:
            raise Unauthorized("Send 'Authorization: Bearer <API key or access token>'.")
        scheme, _, token = authorization.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise Unauthorized("The Authorization header must be 'Bearer <token>'.")
        if key_environment(token) is not None:
            return await self._from_api_key(token, before_lookup)
        if token.count(".") == 2 and self.tokens is not None:
            return await self._from_access_token(token)
        raise Unauthorized("The bearer token is malformed.")

    async def _from_api_key(self, key: str, before_lookup: BeforeLookup) -> Principal:
        digest = token_hash(key)
        cached: Principal | None = self.cache.get(digest)
        if cached is not None:
            if cached.key_id is not None:
                self.usage.used(cached.key_id)
            return cached
        refused = self.cache.refusal(digest)
        if refused is not None:
            raise Unauthorized(refused)
        # Requests with one key that miss the cache together (a busy client when its
        # entry expires) share one lookup: one query and one ``before_lookup`` count, not
        # one each. Counted each against the anonymous limit, such a burst refused the
        # client's own valid key until the minute ended.
        lookup = self._key_lookups.get(digest)
        if lookup is None:
            # A key known to be an account's is looked up whatever the network's bucket
            # says: while the cache is not trusted (its channel down) every request with
            # it is a lookup, and a bucket shared behind a NAT must not refuse them.
            check = _no_check if self.cache.vouched(digest) else before_lookup
            lookup = asyncio.ensure_future(self._look_up_key(digest, check))
            self._key_lookups[digest] = lookup
            lookup.add_done_callback(lambda done: self._lookup_done(digest, done))
        # Shielded: a caller that goes away does not cancel the others' lookup.
        principal = await asyncio.shield(lookup)
        if principal.key_id is not None:
            self.usage.used(principal.key_id)
        return principal

    def _lookup_done(self, digest: bytes, lookup: asyncio.Task[Principal]) -> None:
        if self._key_lookups.get(digest) is lookup:
            del self._key_lookups[digest]
        if not lookup.cancelled():
            lookup.exception()  # retrieved, even if every caller went away meanwhile

    async def _look_up_key(self, digest: bytes, before_lookup: BeforeLookup) -> Principal:
        await before_lookup()
        generation = self.cache.generation
        async with self.db.connection() as conn:
            owner = await repo.key_owner(conn, digest)
        if owner is None:
            self.cache.refuse(digest, "The API key is not valid.")
            raise Unauthorized("The API key is not valid.")
        if owner.revoked_at is not None:
            self.cache.refuse(digest, "The API key has been revoked.")
            raise Unauthorized("The API key has been revoked.")
        minute, month = self._limits(owner.plan, owner.limit_per_minute, owner.limit_per_month)
        role = owner.role or "viewer"  # a maker gone without a recorded role: the least
        principal = Principal(
            workspace_id=owner.workspace_id,
            user_id=owner.created_by,
            role=role,
            environment=owner.environment,
            scopes=for_account(capped(owner.scopes, role), owner.verified),
            plan=owner.plan,
            limit_per_minute=minute,
            limit_per_month=month,
            key_id=owner.key_id,
            verified=owner.verified,
        )
        self.cache.put(digest, principal, generation)
        self.cache.vouch(digest)
        return principal

    async def _from_access_token(self, token: str) -> Principal:
        assert self.tokens is not None
        claims = self.tokens.verify(token)
        user_id = str(claims["sub"])
        account = await self._account_at(user_id, claims["cv"])
        if account is None:
            raise Unauthorized("The access token's user no longer exists.")
        if claims["cv"] != account.credentials_version:
            raise Unauthorized(
                "The access token was issued before the account's password or address "
                "changed; sign in again."
            )
        if not account.verified:  # only a token issued before sign-in required it
            raise Unauthorized("The account's e-mail address is not confirmed; confirm it first.")
        member = await self.member(user_id, claims["ws"])
        if member is None:
            raise Unauthorized(
                "You are no longer a member of the workspace the access token names; sign in again."
            )
        scopes = str(claims.get("scope", "")).split()
        return self._principal(user_id, member, "live", scopes, account)

    async def account(self, user_id: str, *, cached: bool = True) -> Account | None:
        """The user's verified state and credentials version (cached unless ``cached`` is
        False; None: no such user)."""
        account: Account | None = self.cache.get(("user", user_id)) if cached else None
        if account is None:
            generation = self.cache.generation
            async with self.db.connection() as conn:
                row = await repo.user_state(conn, user_id)
            if row is None:
                return None
            account = Account(row.verified, row.credentials_version, row.second_factor)
            self.cache.put(("user", user_id), account, generation)
        return account

    async def member(self, user_id: str, workspace_id: str | None) -> repo.Membership | None:
        """The user's role in the workspace (their personal one when None) with its plan
        and limits, cached like a key: every change of members, roles or plans is
        announced (admin/auth/cache.py), so it holds on the very next request. None: not
        a member."""
        key = ("member", user_id, workspace_id)
        member: repo.Membership | None = self.cache.get(key)
        if member is None:
            generation = self.cache.generation
            async with self.db.connection() as conn:
                member = await repo.membership(conn, user_id, workspace_id)
            if member is None:
                return None
            self.cache.put(key, member, generation)
        return member

    async def _account_at(self, user_id: str, credentials_version: int) -> Account | None:
        """The account, read again from PostgreSQL if this process's copy is older than
        ``credentials_version`` (a credential issued after a change whose announcement
        has not reached this process yet, or was lost)."""
        account = await self.account(user_id)
        if account is not None and account.credentials_version < credentials_version:
            account = await self.account(user_id, cached=False)
        return account

    async def session_principal(
        self,
        user_id: str,
        environment: Literal["live", "test"],
        credentials_version: int,
        workspace_id: str | None = None,
    ) -> Principal | None:
        """A dashboard session's principal in the workspace it has chosen (its personal one
        when None, or when it is no longer a member of the chosen one): every scope the
        member's role allows, none while the address is unconfirmed (the dashboard then
        shows only the page that says so). None: the user no longer exists, or the
        session was signed in under credentials since changed (``credentials_version``)."""
        account = await self._account_at(user_id, credentials_version)
        if account is None or account.credentials_version != credentials_version:
            return None
        member = await self.member(user_id, workspace_id)
        if member is None and workspace_id is not None:
            member = await self.member(user_id, None)
        if member is None:
            return None
        scopes = ALL_SCOPES if account.verified else ()
        return self._principal(user_id, member, environment, scopes, account)

    def _principal(
        self,
        user_id: str,
        member: repo.Membership,
        environment: Literal["live", "test"],
        scopes: Iterable[str],
        account: Account,
    ) -> Principal:
        minute, month = self._limits(member.plan, member.limit_per_minute, member.limit_per_month)
        return Principal(
            workspace_id=member.workspace_id,
            user_id=user_id,
            role=member.role,
            environment=environment,
            scopes=for_account(capped(scopes, member.role), account.verified),
            plan=member.plan,
            limit_per_minute=minute,
            limit_per_month=month,
            verified=account.verified,
            mfa_required_by=(
                member.workspace_id if member.require_mfa and not account.second_factor else None
            ),
        )

    def _require_tokens(self) -> AccessTokens:
        if self.tokens is None:
            raise Unauthorized("Token sign-in is not configured on this server.")
        return self.tokens

    async def login(
        self, email: str, password: str, client_address: str, workspace_id: str | None = None
    ) -> TokenPair:
        """Exchange the password for a token pair acting in ``workspace_id`` (the user's
        personal workspace when None; 403 when not a member). ``check_password`` says how
        the password is judged.

        An unconfirmed account is refused (403) after its password was found right: only
        someone who knows the password learns that the address has an account.
        """
        tokens = self._require_tokens()
        signed = await self.check_password(email, password, client_address)
        if not signed.verified:
            raise AddressUnconfirmed
        async with self.db.connection() as conn:
            if await repo.membership(conn, signed.user_id, workspace_id) is None:
                raise Forbidden(_NOT_A_MEMBER)
        if self.second_factor is not None:
            # Two-factor codes on: 401 with a challenge instead of tokens (admin/auth/mfa.py).
            await self.second_factor.challenge(signed.user_id, workspace_id)
        return await self.issue(tokens, signed.user_id, workspace_id)

    async def issue(
        self, tokens: AccessTokens | None, user_id: str, workspace_id: str | None
    ) -> TokenPair:
        """A new token pair (a new refresh family) for a person whose sign-in is complete
        (password, and the second factor when they have one), acting in ``workspace_id``."""
        tokens = tokens or self._require_tokens()
        async with self.db.transaction() as conn:
            state = await repo.user_state(conn, user_id)
            if state is None:
                raise Unauthorized("The account no longer exists.")
            if not state.verified:
                raise AddressUnconfirmed
            member = await repo.membership(conn, user_id, workspace_id)
            if member is None:
                raise Forbidden(_NOT_A_MEMBER)
            refresh = await self._store_refresh(conn, user_id, family_id=new_id("rtf"))
        return self._pair(tokens, user_id, refresh, state.credentials_version, member)

    async def check_password(self, email: str, password: str, client_address: str) -> SignIn:
        """Who signs in if the password is right, within the brute-force limits
        (admin/auth/throttle.py); every sign-in (API or dashboard) goes through here.

        The hashing place is taken first, so an attempt refused as busy (503)
        is not counted as a failure. An address on a domain whose workspace requires
        single sign-on is refused first (403 ``sso-required``, whoever asks: it says
        nothing of any account).
        """
        await self._refuse_if_sso_required(email)
        with self.passwords.slot() as slot:
            await self.throttle.begin_sign_in(email, client_network(client_address))
            async with self.db.connection() as conn:
                login = await repo.login_of(conn, email)
            stored = login.password_hash if login else None
            if not await slot.verify(stored, password) or login is None or stored is None:
                await self.throttle.failed(email)
                logger.info("login refused", extra={"action": "auth.login_refused"})
                raise Unauthorized("The e-mail or password is incorrect.")
            new_hash = await slot.hash(password) if self.passwords.needs_rehash(stored) else None
        await self.throttle.signed_in(email)
        if new_hash is not None:  # hashed with parameters since changed
            async with self.db.connection() as conn:
                await repo.update_password_hash(conn, login.user_id, new_hash)
        return SignIn(login.user_id, login.verified, login.credentials_version)

    async def _refuse_if_sso_required(self, email: str) -> None:
        """Single sign-on required for the address (admin/workspaces/sso.py)."""
        local, at, domain = email.strip().rpartition("@")
        if not (at and local and domain):
            return
        async with self.db.connection() as conn:
            required = await repo.sso_required(conn, domain.lower().removesuffix("."))
        if required:
            logger.info("password sign-in refused: sso", extra={"action": "auth.sso_required"})
            raise SsoRequired

    async def refresh(
        self, refresh_token: str, client_address: str, workspace_id: str | None = None
    ) -> TokenPair:
        """Rotate: the presented token is spent and a new one issued in its family.

        Presenting a spent token again means it leaked (or a client raced itself):
        the whole family is revoked, signing out every session minted from it. An
        unconfirmed account's token (issued before sign-in required the confirmation)
        is refused and kept as it is.
        """
        tokens = self._require_tokens()
        await self.throttle.begin_refresh(client_network(client_address))
        async with self.db.transaction() as conn:
            row = await repo.refresh_token_for_update(conn, token_hash(refresh_token))
            if row is None:
                raise Unauthorized("The refresh token is not valid.")
            user_id, family_id = row.user_id, row.family_id
            if row.revoked_at is not None:
                raise Unauthorized("The refresh token has been revoked; sign in again.")
            if row.rotated_at is not None:
                await repo.revoke_refresh_family(conn, family_id)
                logger.warning(
                    "refresh token reused; family revoked",
                    extra={
                        "action": "auth.refresh_reuse",
                        "user_id": user_id,
                        "family_id": family_id,
                    },
                )
                reuse = True
            elif row.expired:
                raise Unauthorized("The refresh token has expired; sign in again.")
            elif not row.verified:
                raise AddressUnconfirmed
            elif (member := await repo.membership(conn, row.user_id, workspace_id)) is None:
                raise Forbidden(_NOT_A_MEMBER)
            else:
                reuse = False
                await repo.rotate_refresh_token(conn, row.id)
                refresh = await self._store_refresh(conn, user_id, family_id)
        if reuse:  # raised after the commit so the revocation sticks
            raise Unauthorized(
                "The refresh token was already used; every session from it "
                "has been revoked. Sign in again."
            )
        assert member is not None  # found before the rotation
        return self._pair(tokens, user_id, refresh, row.credentials_version, member)

    async def _store_refresh(self, conn: Connection, user_id: str, family_id: str) -> str:
        token = new_refresh_token()
        await repo.insert_refresh_token(
            conn,
            repo.NewRefreshToken(
                id=new_id("rt"),
                user_id=user_id,
                family_id=family_id,
                token_hash=token_hash(token),
                ttl=self.refresh_ttl,
            ),
        )
        return token

    def _pair(
        self,
        tokens: AccessTokens,
        user_id: str,
        refresh: str,
        credentials_version: int,
        member: repo.Membership,
    ) -> TokenPair:
        access = tokens.issue(
            user_id,
            list(ALL_SCOPES),
            new_id("at"),
            credentials_version,
            workspace_id=member.workspace_id,
            role=member.role,
        )
        return TokenPair(access_token=access, refresh_token=refresh, expires_in=tokens.ttl_seconds)


async def purge_expired_refresh_tokens(db: Database) -> int:
    """Delete refresh tokens a day past their expiry (housekeeping); how many went."""
    async with db.connection() as conn:
        return await repo.purge_expired_refresh_tokens(conn)
