"""SQL for the live streams: which workspace and environment each link belongs to."""

from __future__ import annotations

import msgspec

from admin.db import Connection, fetch_all, load_queries

_SQL = load_queries(__file__, "live.sql")


class LinkOwner(msgspec.Struct, frozen=True):
    link_id: str
    workspace_id: str
    environment: str


async def link_owners(conn: Connection, link_ids: list[str]) -> list[LinkOwner]:
    return await fetch_all(conn, _SQL["link_owners"], {"ids": link_ids}, LinkOwner)
