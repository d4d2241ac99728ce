"""API keys of the calling account: list, create (the secret shown once), revoke.

The same rules serve /v1/api-keys and the dashboard's /keys page:

- a key never holds a scope its creator's credential lacks (write implies read), so
  a narrow key cannot mint a broader one;
- a sandbox (svc_test_) credential sees, creates and revokes sandbox keys only: the
  sandbox never reaches live data through a key it made;
- a revocation is announced on the auth-change channel, so every admin process
  forgets the key at once.
"""

from __future__ import annotations

from redis.asyncio import Redis

from admin.accounts import repository as repo
from admin.accounts.schemas import ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyList
from admin.audit import record_audit
from admin.auth import Principal, announce_auth_change, grants, new_api_key, token_hash
from admin.db import Database
from admin.errors import Conflict, FieldError, Forbidden, NotFound
from common.ids import new_id
from common.timefmt import iso_utc

MAX_ACTIVE_KEYS = 100
MAX_LISTED_KEYS = 500


def to_resource(row: repo.ApiKeyRow) -> ApiKey:
    return ApiKey(
        id=row.id,
        name=row.name,
        prefix=row.prefix,
        environment=row.environment,
        scopes=row.scopes,
        created_at=iso_utc(row.created_at),
        last_used_at=iso_utc(row.last_used_at) if row.last_used_at else None,
        revoked_at=iso_utc(row.revoked_at) if row.revoked_at else None,
        created_by=row.created_by,
    )


def _visible(principal: Principal) -> repo.Environment | None:
    """The environment the caller's keys are listed from (None: both)."""
    return "test" if principal.environment == "test" else None


class ApiKeyService:
    def __init__(self, db: Database, redis: Redis) -> None:
        self.db = db
        self.redis = redis

    async def list(self, principal: Principal) -> ApiKeyList:
        """Newest first, revoked ones too (up to MAX_LISTED_KEYS)."""
        async with self.db.connection() as conn:
            rows = await repo.list_api_keys(
                conn, principal.workspace_id, _visible(principal), MAX_LISTED_KEYS
            )
        return ApiKeyList(data=[to_resource(row) for row in rows])

    async def create(self, principal: Principal, data: ApiKeyCreate) -> ApiKeyCreated:
        scopes = list(dict.fromkeys(data.scopes))
        lacking = [scope for scope in scopes if not grants(principal.scopes, scope)]
        if lacking:
            raise Forbidden(
                f"A key cannot hold a scope your credential lacks: {', '.join(lacking)}.",
                [FieldError("scopes", f"not held by the caller: {', '.join(lacking)}")],
            )
        if principal.environment == "test" and data.environment == "live":
            raise Forbidden(
                "A sandbox credential can only create sandbox keys.",
                [FieldError("environment", "must be test for a sandbox credential")],
            )
        key, prefix = new_api_key(data.environment)
        async with self.db.transaction() as conn:
            if await repo.count_active_keys(conn, principal.workspace_id) >= MAX_ACTIVE_KEYS:
                raise Conflict(
                    f"The workspace has {MAX_ACTIVE_KEYS} active keys, the most it may hold; "
                    "revoke one first."
                )
            row = await repo.insert_api_key(
                conn,
                repo.NewApiKey(
                    id=new_id("key"),
                    workspace_id=principal.workspace_id,
                    created_by=principal.user_id,
                    environment=data.environment,
                    prefix=prefix,
                    key_hash=token_hash(key),
                    scopes=scopes,
                    name=data.name.strip() if data.name else None,
                ),
            )
            await record_audit(conn, principal, "api_key.created", row.id)
        created = to_resource(row)
        return ApiKeyCreated(**{f: getattr(created, f) for f in created.__struct_fields__}, key=key)

    async def revoke(self, principal: Principal, key_id: str) -> None:
        """Revoke (idempotent); NotFound when the caller has no such key."""
        async with self.db.transaction() as conn:
            prefix = await repo.revoke_api_key_by_id(
                conn, principal.workspace_id, key_id, _visible(principal)
            )
            if prefix is not None:
                await record_audit(conn, principal, "api_key.revoked", key_id)
        if prefix is None:
            raise NotFound(f"No API key with id {key_id!r}.")
        await announce_auth_change(self.redis, f"revoked:{prefix}")
