"""SQL for Bio pages; the expected constraint violations become domain errors."""

from __future__ import annotations

from typing import Any

import psycopg

from admin.auth.principal import Principal
from admin.db import load_queries

_SQL = load_queries(__file__)


def _owner(principal: Principal) -> dict[str, Any]:
    return {"user_id": principal.user_id, "environment": principal.environment}


async def username_of(conn: psycopg.AsyncConnection, principal: Principal) -> str | None:
    row = await (await conn.execute(_SQL["username_of"], _owner(principal))).fetchone()
    return str(row[0]) if row else None
