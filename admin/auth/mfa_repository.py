"""SQL for two-factor codes: the TOTP row and recovery codes (mfa_queries.sql beside it)."""

from __future__ import annotations

import msgspec

from admin.db import Connection, execute, fetch_one, load_queries

_SQL = load_queries(__file__, "mfa_queries.sql")


class TotpRow(msgspec.Struct, frozen=True):
    secret: bytes  # sealed (SecretBox, bound to the user's id)
    confirmed: bool
    last_step: int | None


class _UserId(msgspec.Struct, frozen=True):
    user_id: str


class _CodesLeft(msgspec.Struct, frozen=True):
    left: int


async def totp(conn: Connection, user_id: str, *, lock: bool = False) -> TotpRow | None:
    query = "totp_for_update" if lock else "totp"
    return await fetch_one(conn, _SQL[query], {"user_id": user_id}, TotpRow)


async def start_totp(conn: Connection, user_id: str, sealed: bytes) -> None:
    await execute(conn, _SQL["start_totp"], {"user_id": user_id, "secret": sealed})


async def confirm_totp(conn: Connection, user_id: str, step: int) -> None:
    await execute(conn, _SQL["confirm_totp"], {"user_id": user_id, "step": step})


async def accept_step(conn: Connection, user_id: str, step: int) -> None:
    await execute(conn, _SQL["accept_step"], {"user_id": user_id, "step": step})


async def delete_totp(conn: Connection, user_id: str) -> bool:
    return await fetch_one(conn, _SQL["delete_totp"], {"user_id": user_id}, _UserId) is not None


async def delete_recovery_codes(conn: Connection, user_id: str) -> None:
    await execute(conn, _SQL["delete_recovery_codes"], {"user_id": user_id})


async def insert_recovery_code(conn: Connection, code_id: str, user_id: str, digest: bytes) -> None:
    params = {"id": code_id, "user_id": user_id, "code_hash": digest}
    await execute(conn, _SQL["insert_recovery_code"], params)


async def use_recovery_code(conn: Connection, user_id: str, digest: bytes) -> bool:
    params = {"user_id": user_id, "code_hash": digest}
    return await fetch_one(conn, _SQL["use_recovery_code"], params, _UserId) is not None


async def recovery_codes_left(conn: Connection, user_id: str) -> int:
    row = await fetch_one(conn, _SQL["recovery_codes_left"], {"user_id": user_id}, _CodesLeft)
    return row.left if row else 0
