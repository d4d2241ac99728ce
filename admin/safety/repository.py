"""SQL of the safety layer's link side (queries.sql beside it): verdicts, reviews, operator
decisions and their audit log, verified domains. Threat-feed data is in
feeds_repository.py. A verdict change writes its ``security.flagged`` event here, in the
change's transaction (admin/events/repository.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from admin.db import Connection, fetch_all, fetch_one, load_queries
from admin.events import Event, record_owner_event
from admin.link_model import LinkRow, with_link_columns
from common.ids import new_id

_SQL = with_link_columns(load_queries(__file__))


class OwnedLink(LinkRow, frozen=True, kw_only=True):
    """A link with its owner, for changes made outside the owner's requests."""

    workspace_id: str


class ChangedLink(OwnedLink, frozen=True, kw_only=True):
    previous_verdict: str
    email: str


class NewVerdict(msgspec.Struct, frozen=True, kw_only=True):
    link_id: str
    verdict: str
    reasons: list[str]
    source: str | None
    override: str | None  # the link's operator decision after this change
    reviewed: bool = False  # an operator decided: the pending review is done


class QueuedLink(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    short_code: str
    environment: str
    long_url: str
    safety_verdict: str
    safety_reasons: list[str]
    safety_source: str | None
    flagged_at: datetime
    review_requested_at: datetime | None
    review_message: str | None
    owner: str


async def set_verdict(conn: Connection, change: NewVerdict, event: Any) -> ChangedLink | None:
    """Write the verdict; when it differs from the previous one, also the event that
    ``event`` makes of the changed row (None: the link is gone)."""
    params = {
        "id": change.link_id,
        "verdict": change.verdict,
        "reasons": change.reasons,
        "source": change.source,
        "override": change.override,
        "reviewed": change.reviewed,
    }
    row = await fetch_one(conn, _SQL["set_verdict"], params, ChangedLink)
    if row is not None and row.previous_verdict != row.safety_verdict:
        made: Event = event(row)
        await record_owner_event(conn, row.workspace_id, row.environment, made)
    return row


async def owned_link(conn: Connection, link_id: str) -> OwnedLink | None:
    return await fetch_one(conn, _SQL["link_by_id"], {"id": link_id}, OwnedLink)


async def links_by_sites(conn: Connection, sites: list[str]) -> list[OwnedLink]:
    return await fetch_all(conn, _SQL["links_by_sites"], {"sites": sites}, OwnedLink)


async def links_by_hosts(conn: Connection, hosts: list[tuple[str, str]]) -> list[OwnedLink]:
    """Links on these (site, host) pairs."""
    params = {"sites": [site for site, _ in hosts], "hosts": [host for _, host in hosts]}
    return await fetch_all(conn, _SQL["links_by_hosts"], params, OwnedLink)


async def request_review(
    conn: Connection, workspace_id: str, environment: str, link_id: str, message: str | None
) -> datetime | None:
    """Mark a flagged link for review; None when it is not (or no longer) flagged."""
    params = {
        "id": link_id,
        "workspace_id": workspace_id,
        "environment": environment,
        "message": message,
    }
    row = await (await conn.execute(_SQL["request_review"], params)).fetchone()
    return row[0] if row else None


async def review_queue(conn: Connection, limit: int) -> list[QueuedLink]:
    return await fetch_all(conn, _SQL["review_queue"], {"limit": limit}, QueuedLink)


async def record_decision(
    conn: Connection, target: str, decision: str, decided_by: str, note: str | None
) -> None:
    params = {
        "id": new_id("sdc"),
        "target": target,
        "decision": decision,
        "decided_by": decided_by,
        "note": note,
    }
    await conn.execute(_SQL["record_decision"], params)


async def host_rules(conn: Connection) -> dict[str, str]:
    cursor = await conn.execute(_SQL["host_rules"])
    return {str(host): str(decision) for host, decision in await cursor.fetchall()}


async def put_host_rule(
    conn: Connection, host: str, decision: str, decided_by: str, note: str | None
) -> None:
    params = {"host": host, "decision": decision, "decided_by": decided_by, "note": note}
    await conn.execute(_SQL["put_host_rule"], params)


async def drop_host_rule(conn: Connection, host: str) -> bool:
    return await (await conn.execute(_SQL["drop_host_rule"], {"host": host})).fetchone() is not None


async def verified_domains(conn: Connection, workspace_id: str) -> list[str]:
    cursor = await conn.execute(_SQL["verified_domains"], {"workspace_id": workspace_id})
    return [str(domain) for (domain,) in await cursor.fetchall()]


async def verify_domain(conn: Connection, workspace_id: str, domain: str, verified_by: str) -> None:
    params = {"workspace_id": workspace_id, "domain": domain, "verified_by": verified_by}
    await conn.execute(_SQL["verify_domain"], params)


async def unverify_domain(conn: Connection, workspace_id: str, domain: str) -> bool:
    params = {"workspace_id": workspace_id, "domain": domain}
    return await (await conn.execute(_SQL["unverify_domain"], params)).fetchone() is not None


async def account_created_at(conn: Connection, workspace_id: str) -> datetime | None:
    row = await (
        await conn.execute(_SQL["account_created_at"], {"workspace_id": workspace_id})
    ).fetchone()
    return row[0] if row else None


async def owner_email(conn: Connection, workspace_id: str) -> str | None:
    row = await (await conn.execute(_SQL["owner_email"], {"workspace_id": workspace_id})).fetchone()
    return str(row[0]) if row else None


async def user_by_email(conn: Connection, email: str) -> str | None:
    row = await (await conn.execute(_SQL["user_by_email"], {"email": email})).fetchone()
    return str(row[0]) if row else None
