"""Authentication: API keys, JWT access tokens, login, refresh-token rotation."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import msgspec

from admin.accounts.passwords import Passwords
from admin.auth import repository as repo
from admin.auth.cache import AuthCache
from admin.auth.jwt_tokens import AccessTokens
from admin.auth.principal import Principal
from admin.auth.scopes import ALL_SCOPES
from admin.auth.secrets import key_environment, new_refresh_token, token_hash
from admin.auth.throttle import LoginThrottle
from admin.auth.usage import KeyUsage
from admin.db import Connection, Database
from admin.errors import Unauthorized
from common.clientip import client_network
from common.ids import new_id
from common.settings import LimitSettings

logger = logging.getLogger(__name__)


class TokenPair(msgspec.Struct, frozen=True, rename="camel"):
    access_token: str
    refresh_token: str
    expires_in: int
    token_type: str = "Bearer"  # noqa: S105 - the OAuth token type, not a secret


# Called before an API key is looked up in PostgreSQL; raises to stop the lookup.
BeforeLookup = Callable[[], Awaitable[None]]


async def _no_check() -> None:
    return None


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

    def _limits(self, plan: str, per_minute: int | None, per_month: int | None) -> tuple[int, int]:
        plan_limit = {"free": self.limits.free, "pro": self.limits.pro}.get(
            plan, self.limits.business
        )
        return per_minute or plan_limit.per_minute, per_month or plan_limit.per_month

    async def authenticate(
        self, authorization: str | None, before_lookup: BeforeLookup = _no_check
    ) -> Principal:
        """Resolve ``Authorization: Bearer <token>`` or raise Unauthorized saying why.

        ``before_lookup`` runs only when an API key must be looked up in
        PostgreSQL (not in this process's memory), so the caller can make that
        query cost something (the gate counts it against the client's network).
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
        self.usage.used(owner.key_id)
        minute, month = self._limits(owner.plan, owner.limit_per_minute, owner.limit_per_month)
        principal = Principal(
            user_id=owner.user_id,
            environment=owner.environment,
            scopes=frozenset(owner.scopes),
            plan=owner.plan,
            limit_per_minute=minute,
            limit_per_month=month,
            key_id=owner.key_id,
        )
        self.cache.put(digest, principal, generation)
        return principal

    async def _from_access_token(self, token: str) -> Principal:
        assert self.tokens is not None
        claims = self.tokens.verify(token)
        user_id = str(claims["sub"])
        account: tuple[str, int, int] | None = self.cache.get(("user", user_id))
        if account is None:
            generation = self.cache.generation
            async with self.db.connection() as conn:
                row = await repo.plan_of(conn, user_id)
            if row is None:
                raise Unauthorized("The access token's user no longer exists.")
            limits = self._limits(row.plan, row.limit_per_minute, row.limit_per_month)
            account = (row.plan, *limits)
            self.cache.put(("user", user_id), account, generation)
        plan, minute, month = account
        return Principal(
            user_id=user_id,
            environment="live",
            scopes=frozenset(str(claims.get("scope", "")).split()),
            plan=plan,
            limit_per_minute=minute,
            limit_per_month=month,
        )

    def _require_tokens(self) -> AccessTokens:
        if self.tokens is None:
            raise Unauthorized("Token sign-in is not configured on this server.")
        return self.tokens

    async def login(self, email: str, password: str, client_address: str) -> TokenPair:
        """Check the password within the brute-force limits (admin/auth/throttle.py).

        The hashing place is taken first, so an attempt refused as busy (503)
        is not counted as a failure.
        """
        tokens = self._require_tokens()
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
        user_id = login.user_id
        async with self.db.transaction() as conn:
            if new_hash is not None:  # hashed with parameters since changed
                await repo.update_password_hash(conn, user_id, new_hash)
            refresh = await self._store_refresh(conn, user_id, family_id=new_id("rtf"))
        return self._pair(tokens, user_id, refresh)

    async def refresh(self, refresh_token: str, client_address: str) -> TokenPair:
        """Rotate: the presented token is spent and a new one issued in its family.

        Presenting a spent token again means it leaked (or a client raced itself):
        the whole family is revoked, signing out every session minted from it.
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
            else:
                reuse = False
                await repo.rotate_refresh_token(conn, row.id)
                refresh = await self._store_refresh(conn, user_id, family_id)
        if reuse:  # raised after the commit so the revocation sticks
            raise Unauthorized(
                "The refresh token was already used; every session from it "
                "has been revoked. Sign in again."
            )
        return self._pair(tokens, user_id, refresh)

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

    def _pair(self, tokens: AccessTokens, user_id: str, refresh: str) -> TokenPair:
        access = tokens.issue(user_id, list(ALL_SCOPES), new_id("at"))
        return TokenPair(access_token=access, refresh_token=refresh, expires_in=tokens.ttl_seconds)
