"""SQL for passkeys (passkeys.sql beside it): a person's credentials, the one a sign-in
presents, its counter."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "passkeys.sql")


class PasskeyRow(msgspec.Struct, frozen=True):
    """A passkey as its owner sees it (never its key or counter)."""

    id: str
    name: str
    transports: list[str]
    created_at: datetime
    last_used_at: datetime | None


class KnownCredential(msgspec.Struct, frozen=True):
    credential_id: bytes
    transports: list[str]


class NewPasskey(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    user_id: str
    credential_id: bytes
    public_key: bytes
    sign_count: int
    transports: list[str]
    name: str


class StoredCredential(msgspec.Struct, frozen=True):
    """The credential a sign-in presents, its owner's state at that moment."""

    id: str
    user_id: str
    public_key: bytes
    sign_count: int
    verified: bool
    credentials_version: int


class PasskeyOwner(msgspec.Struct, frozen=True):
    email: str
    workspace_ids: list[str]


async def passkeys_of(conn: Connection, user_id: str) -> list[PasskeyRow]:
    cursor = await conn.execute(_SQL["passkeys_of"], {"user_id": user_id})
    return [PasskeyRow(str(row[0]), *row[1:]) for row in await cursor.fetchall()]


async def credential_ids_of(conn: Connection, user_id: str) -> list[KnownCredential]:
    cursor = await conn.execute(_SQL["credential_ids_of"], {"user_id": user_id})
    return [KnownCredential(bytes(row[0]), list(row[1])) for row in await cursor.fetchall()]


async def insert_passkey(conn: Connection, passkey: NewPasskey) -> PasskeyRow | None:
    """The new passkey; None when its credential id is already registered (to anyone)."""
    cursor = await conn.execute(_SQL["insert_passkey"], msgspec.structs.asdict(passkey))
    row = await cursor.fetchone()
    return PasskeyRow(str(row[0]), *row[1:]) if row else None


async def passkey_for_sign_in(conn: Connection, credential_id: bytes) -> StoredCredential | None:
    params = {"credential_id": credential_id}
    row = await (await conn.execute(_SQL["passkey_for_sign_in"], params)).fetchone()
    if row is None:
        return None
    return StoredCredential(str(row[0]), str(row[1]), bytes(row[2]), *row[3:])


async def passkey_used(conn: Connection, passkey_id: str, sign_count: int) -> None:
    await conn.execute(_SQL["passkey_used"], {"id": passkey_id, "sign_count": sign_count})


async def rename_passkey(
    conn: Connection, user_id: str, passkey_id: str, name: str
) -> PasskeyRow | None:
    params = {"id": passkey_id, "user_id": user_id, "name": name}
    row = await (await conn.execute(_SQL["rename_passkey"], params)).fetchone()
    return PasskeyRow(str(row[0]), *row[1:]) if row else None


async def delete_passkey(conn: Connection, user_id: str, passkey_id: str) -> PasskeyRow | None:
    params = {"id": passkey_id, "user_id": user_id}
    row = await (await conn.execute(_SQL["delete_passkey"], params)).fetchone()
    return PasskeyRow(str(row[0]), *row[1:]) if row else None


async def passkey_owner(conn: Connection, user_id: str) -> PasskeyOwner | None:
    row = await (await conn.execute(_SQL["passkey_owner"], {"user_id": user_id})).fetchone()
    return PasskeyOwner(str(row[0]), list(row[1])) if row else None
