"""SQL for Idempotency-Key records (idempotency.sql): claim a key, read or store the
response kept for it, let it go."""

from __future__ import annotations

import msgspec

from admin.auth import Principal
from admin.db import Connection, jsonb, load_queries

_SQL = load_queries(__file__, "idempotency.sql")


class KeyClaim(msgspec.Struct, frozen=True, kw_only=True):
    workspace_id: str
    environment: str
    key: str
    request_hash: bytes
    ttl: int  # seconds a record is kept
    abandoned: int  # seconds after which an unfinished claim may be taken over


class StoredResponse(msgspec.Struct, frozen=True):
    request_hash: bytes
    status: int | None  # None while the first request is still running
    headers: dict[str, str]
    body: bytes  # sealed (admin/secretbox.py), or JSON for rows from before


async def claim_key(conn: Connection, claim: KeyClaim) -> bool:
    """True when this request holds the key now (new, expired or abandoned)."""
    row = await (await conn.execute(_SQL["claim_key"], msgspec.structs.asdict(claim))).fetchone()
    return row is not None


async def stored_response(conn: Connection, claim: KeyClaim) -> StoredResponse | None:
    cursor = await conn.execute(_SQL["stored_response"], msgspec.structs.asdict(claim))
    row = await cursor.fetchone()
    if row is None:
        return None
    request_hash, status, headers, body = row
    return StoredResponse(
        bytes(request_hash), status, dict(headers or {}), bytes(body) if body else b""
    )


async def store_response(
    conn: Connection,
    principal: Principal,
    key: str,
    *,
    status: int,
    headers: dict[str, str],
    sealed_body: bytes,
) -> None:
    params = {
        "workspace_id": principal.workspace_id,
        "environment": principal.environment,
        "key": key,
        "status": status,
        "headers": jsonb(headers),
        "body": sealed_body,
    }
    await conn.execute(_SQL["store_response"], params)


async def release_key(conn: Connection, principal: Principal, key: str) -> None:
    params = {
        "workspace_id": principal.workspace_id,
        "environment": principal.environment,
        "key": key,
    }
    await conn.execute(_SQL["release_key"], params)


async def purge_expired(conn: Connection, ttl: int) -> int:
    """Delete the records older than ``ttl`` seconds; how many went."""
    cursor = await conn.execute(_SQL["purge_expired"], {"ttl": ttl})
    return cursor.rowcount
