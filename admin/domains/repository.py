"""SQL for custom domains (see domains in admin/db/migrations/0009_domains_bulk.sql)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import Connection, UniqueViolation, fetch_all, fetch_one, load_queries
from admin.errors import Conflict, FieldError
from admin.events import Event, record_owner_event

_SQL = load_queries(__file__)


class DomainRow(msgspec.Struct, kw_only=True):
    id: str
    hostname: str
    token: str
    created_at: datetime
    verified_at: datetime | None
    checked_at: datetime | None
    lapsing_since: datetime | None
    lapsed_at: datetime | None
    created_by: str | None  # an API key's id or a user's; None: made before workspaces
    not_found_url: str | None = None  # where its unknown codes redirect (issue 29)
    case_sensitive: bool = True  # /Sale and /sale two codes (else one, issue 30)


class DueDomain(msgspec.Struct, kw_only=True):
    """A verified domain whose proof the worker is to look up again."""

    id: str
    workspace_id: str
    environment: str
    hostname: str
    token: str
    lapsing_since: datetime | None
    owner_email: str | None


class Retired(msgspec.Struct, kw_only=True):
    """What a takeover removed: a link (kind ``link``) or a code (kind ``code``)."""

    kind: str
    id: str | None
    workspace_id: str | None
    environment: str
    domain: str
    short_code: str
    long_url: str | None
    deleted_at: datetime | None


class HostnameTaken(Conflict):
    slug = "domain-taken"

    def __init__(self, hostname: str) -> None:
        super().__init__(
            f"The domain {hostname!r} is verified by another account.",
            [FieldError("hostname", "verified by another account")],
        )


def _owner(principal: Principal) -> dict[str, Any]:
    return {"workspace_id": principal.workspace_id, "environment": principal.environment}


async def insert_domain(
    conn: Connection, principal: Principal, *, domain_id: str, hostname: str, token: str
) -> DomainRow | None:
    """The new row, or None when the owner already has the hostname."""
    params = {
        **_owner(principal),
        "id": domain_id,
        "hostname": hostname,
        "token": token,
        "created_by": principal.actor_id,
    }
    return await fetch_one(conn, _SQL["insert_domain"], params, DomainRow)


async def list_domains(conn: Connection, principal: Principal) -> list[DomainRow]:
    return await fetch_all(conn, _SQL["list_domains"], _owner(principal), DomainRow)


async def get_domain(conn: Connection, principal: Principal, domain_id: str) -> DomainRow | None:
    params = {**_owner(principal), "id": domain_id}
    return await fetch_one(conn, _SQL["domain_by_id"], params, DomainRow)


async def mark_checked(
    conn: Connection, principal: Principal, row: DomainRow, *, verified: bool
) -> DomainRow | None:
    """Record a verification attempt; HostnameTaken if another account holds the name."""
    params = {**_owner(principal), "id": row.id, "verified": verified}
    try:
        return await fetch_one(conn, _SQL["mark_checked"], params, DomainRow)
    except UniqueViolation:
        raise HostnameTaken(row.hostname) from None


async def domain_for_delete(
    conn: Connection, principal: Principal, domain_id: str
) -> DomainRow | None:
    """The domain, locked for the caller's transaction (links being written on it wait)."""
    params = {**_owner(principal), "id": domain_id}
    return await fetch_one(conn, _SQL["domain_for_delete"], params, DomainRow)


async def links_on_domain(conn: Connection, principal: Principal, hostname: str) -> int:
    """How many live (not deleted) links use the hostname."""
    return await owner_links_on(conn, principal.workspace_id, principal.environment, hostname)


async def link_counts(
    conn: Connection, principal: Principal, hostnames: list[str]
) -> dict[str, int]:
    """How many live links use each of ``hostnames`` (those with none left out)."""
    params = {
        "workspace_id": principal.workspace_id,
        "environment": principal.environment,
        "hostnames": hostnames,
    }
    rows = await (await conn.execute(_SQL["link_counts"], params)).fetchall()
    return {str(hostname): int(count) for hostname, count in rows}


async def owner_links_on(
    conn: Connection, workspace_id: str, environment: str, hostname: str
) -> int:
    """``links_on_domain`` for an owner named rather than calling (the worker)."""
    params = {"workspace_id": workspace_id, "environment": environment, "hostname": hostname}
    row = await (await conn.execute(_SQL["links_on_domain"], params)).fetchone()
    return int(row[0]) if row else 0


async def retire_others(
    conn: Connection, principal: Principal, hostname: str, event: Callable[[Retired], Event]
) -> list[Retired]:
    """Delete other accounts' links on a name the caller has just proved, with the event
    ``event`` makes of each for its owner, and drop their codes there (see retire_others in
    queries.sql)."""
    params = {"workspace_id": principal.workspace_id, "hostname": hostname}
    retired = await fetch_all(conn, _SQL["retire_others"], params, Retired)
    for item in retired:
        if item.kind == "link" and item.workspace_id is not None:
            await record_owner_event(conn, item.workspace_id, item.environment, event(item))
    return retired


async def claim_due(
    conn: Connection, *, interval: float, grace: float, limit: int
) -> list[DueDomain]:
    """Verified domains due for a check, each stamped checked now (claimed)."""
    params = {"interval": interval, "grace": grace, "limit": limit}
    return await fetch_all(conn, _SQL["claim_due"], params, DueDomain)


async def proof_back(conn: Connection, domain_id: str) -> bool:
    """A lapsing domain's proof is back; False if it was not lapsing (or is gone)."""
    cursor = await conn.execute(_SQL["proof_back"], {"id": domain_id})
    return await cursor.fetchone() is not None


async def proof_gone(conn: Connection, domain_id: str) -> datetime | None:
    """A verified domain starts lapsing: since when; None if it already was (or is gone)."""
    cursor = await conn.execute(_SQL["proof_gone"], {"id": domain_id})
    row = await cursor.fetchone()
    return row[0] if row else None


async def lapse(conn: Connection, domain_id: str, grace: float) -> bool:
    """A lapsing domain whose grace ran out lapses; False if it is not due (or is gone)."""
    cursor = await conn.execute(_SQL["lapse"], {"id": domain_id, "grace": grace})
    return await cursor.fetchone() is not None


async def forget_codes(conn: Connection, principal: Principal, hostname: str) -> list[str]:
    """Drop the hostname's codes (all freed by now); the codes dropped."""
    params = {**_owner(principal), "hostname": hostname}
    cursor = await conn.execute(_SQL["forget_codes"], params)
    return [str(code) for (code,) in await cursor.fetchall()]


async def verified_hostnames(conn: Connection) -> list[str]:
    cursor = await conn.execute(_SQL["verified_hostnames"])
    return [str(hostname) for (hostname,) in await cursor.fetchall()]


async def set_not_found(
    conn: Connection, principal: Principal, domain_id: str, url: str | None
) -> DomainRow | None:
    params = {**_owner(principal), "id": domain_id, "url": url}
    return await fetch_one(conn, _SQL["set_not_found"], params, DomainRow)


async def verified_not_found(conn: Connection) -> dict[str, str]:
    """Verified hostname → its "not found" destination, for those that set one."""
    cursor = await conn.execute(_SQL["verified_not_found"])
    return {str(host): str(url) for host, url in await cursor.fetchall()}


async def owns_verified(conn: Connection, principal: Principal, hostname: str) -> bool:
    """Whether ``hostname`` is a verified domain of the principal's workspace."""
    cursor = await conn.execute(_SQL["owns_verified"], {**_owner(principal), "hostname": hostname})
    row = await cursor.fetchone()
    return bool(row and row[0])


async def delete_domain(conn: Connection, principal: Principal, domain_id: str) -> bool:
    cursor = await conn.execute(_SQL["delete_domain"], {**_owner(principal), "id": domain_id})
    return await cursor.fetchone() is not None


async def set_case_sensitive(
    conn: Connection, principal: Principal, domain_id: str, case_sensitive: bool
) -> DomainRow | None:
    params = {**_owner(principal), "id": domain_id, "case_sensitive": case_sensitive}
    return await fetch_one(conn, _SQL["set_case_sensitive"], params, DomainRow)


async def verified_case_insensitive(conn: Connection) -> list[str]:
    """The verified hostnames whose codes are case-insensitive."""
    cursor = await conn.execute(_SQL["verified_case_insensitive"])
    return [str(hostname) for (hostname,) in await cursor.fetchall()]


async def case_clashes(
    conn: Connection, environment: str, hostname: str, *, limit: int
) -> list[list[str]]:
    """The host's held codes that differ only in case, in groups (at most ``limit``)."""
    params = {"environment": environment, "hostname": hostname, "limit": limit}
    cursor = await conn.execute(_SQL["case_clashes"], params)
    return [list(codes) for (codes,) in await cursor.fetchall()]


class KeyMove(msgspec.Struct, frozen=True):
    """A code whose name (code_key, its entry's name in Redis) changed."""

    environment: str
    short_code: str
    old_key: str
    new_key: str


async def refold(conn: Connection, hostname: str, *, case_sensitive: bool) -> list[KeyMove]:
    """Give every code on ``hostname`` ('' the default host) the code_key its host's new
    mode makes (``refold_plan``) in short_codes and links; the moves, for Redis. In the
    caller's transaction, which holds what keeps new codes off the host meanwhile."""
    cursor = await conn.execute(
        _SQL["refold_plan"], {"hostname": hostname, "case_sensitive": case_sensitive}
    )
    moves = [KeyMove(str(e), str(c), str(o), str(n)) for e, c, o, n in await cursor.fetchall()]
    if moves:
        params = {
            "hostname": hostname,
            "environments": [move.environment for move in moves],
            "codes": [move.short_code for move in moves],
            "keys": [move.new_key for move in moves],
        }
        await conn.execute(_SQL["park_code_keys"], params)
        await conn.execute(_SQL["set_code_keys"], params)
    return moves


CASE_INSENSITIVE_FLAG = "case_insensitive_codes"


async def install_flag(conn: Connection, name: str) -> bool:
    """The install's recorded flag (locked for the caller's transaction); False if never set."""
    row = await (await conn.execute(_SQL["install_flag"], {"name": name})).fetchone()
    return bool(row and row[0])


async def set_install_flag(conn: Connection, name: str, enabled: bool) -> None:
    await conn.execute(_SQL["set_install_flag"], {"name": name, "enabled": enabled})


async def shadowed_codes(conn: Connection, *, limit: int) -> list[tuple[str, str]]:
    """(shadowed code, the code answering for it) on the default host."""
    cursor = await conn.execute(_SQL["shadowed_codes"], {"limit": limit})
    return [(str(shadowed), str(winner)) for shadowed, winner in await cursor.fetchall()]
