"""``GET /v1/analytics/orphans``: one domain's orphan visits over whole UTC days, from
the rollups (docs/analytics.md#orphans).

Who may read what: a workspace reads the orphans of its own verified custom domains (in
its environment); the default short host's orphans, visits to codes nobody owns, only
the operator's workspace (HOP_ORPHANS_WORKSPACE) reads, since they belong to no
customer and can name the codes other workspaces' visitors mistype.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from admin.analytics import orphans_repository as repo
from admin.analytics.schemas import OrphanCount, OrphanDay, OrphanTotals, OrphanVisits
from admin.auth import Principal
from admin.db import Connection
from admin.domains import normal_hostname, owns_verified
from admin.errors import FieldError, NotFound, validation
from common.timefmt import iso_utc, utc_now
from common.wire import ORPHAN_TYPES

MAX_DAYS = 366
TOP = 20  # paths and referrer hosts listed


async def orphan_visits(
    conn: Connection,
    principal: Principal,
    *,
    domain: str | None,
    start: datetime | None,
    end: datetime | None,
    operator_workspace: str | None,
) -> OrphanVisits:
    host = await _readable_domain(conn, principal, domain, operator_workspace)
    day_from, day_to = _days(start, end)
    totals = await repo.orphan_totals(conn, host, day_from, day_to)
    per_day = await repo.orphan_series(conn, host, day_from, day_to)
    paths = await repo.orphan_top(conn, host, day_from, day_to, dimension="p", limit=TOP)
    referrers = await repo.orphan_top(conn, host, day_from, day_to, dimension="r", limit=TOP)
    other = await repo.orphan_other(conn, host, day_from, day_to)
    return OrphanVisits(
        domain=host or None,
        from_=iso_utc(_midnight(day_from)),
        to=iso_utc(_midnight(day_to)),
        totals=_totals(totals),
        series=_series(per_day, day_from, day_to),
        top_paths=[OrphanCount(value=value, visits=visits) for value, visits in paths],
        other_paths=other.get("p", 0),
        top_referrers=[OrphanCount(value=value, visits=visits) for value, visits in referrers],
        other_referrers=other.get("r", 0),
    )


async def _readable_domain(
    conn: Connection, principal: Principal, domain: str | None, operator_workspace: str | None
) -> str:
    """The domain as the rollups name it ("" for the default short host), once the
    principal may read it."""
    if not domain:
        if operator_workspace is None or principal.workspace_id != operator_workspace:
            # As for a domain that is not yours: nothing to see here (the 403s are the
            # roles' and scopes').
            raise NotFound(
                "The default short host's orphan visits are the operator's to read "
                "(HOP_ORPHANS_WORKSPACE); name one of your verified domains in `domain`."
            )
        return ""
    host = normal_hostname(domain, field="domain")
    if not await owns_verified(conn, principal, host):
        raise NotFound(f"no verified domain {host} in this workspace")
    return host


def _days(start: datetime | None, end: datetime | None) -> tuple[date, date]:
    """[from, to) as whole UTC days: the last 30 (today included) by default."""
    today = utc_now().date()
    end = end or _midnight(today + timedelta(days=1))
    start = (start or end - timedelta(days=30)).astimezone(UTC)
    end = end.astimezone(UTC)
    errors = [
        FieldError(field, "must be a whole UTC day (midnight)")
        for field, moment in (("from", start), ("to", end))
        if moment.time() != time()
    ]
    if end <= start:
        errors.append(FieldError("to", "must be later than from"))
    elif end - start > timedelta(days=MAX_DAYS):
        errors.append(FieldError("to", f"at most {MAX_DAYS} days after from"))
    if errors:
        raise validation(errors)
    return start.date(), end.date()


def _totals(rows: list[tuple[str, bool, int]]) -> OrphanTotals:
    humans = dict.fromkeys(ORPHAN_TYPES, 0)
    bots = dict.fromkeys(ORPHAN_TYPES, 0)
    for kind, is_bot, visits in rows:
        (bots if is_bot else humans)[kind] = visits
    total_bots = sum(bots.values())
    return OrphanTotals(
        total=sum(humans.values()) + total_bots, bots=total_bots, humans=humans, bot_types=bots
    )


def _series(rows: list[tuple[date, bool, int]], day_from: date, day_to: date) -> list[OrphanDay]:
    counts: dict[tuple[date, bool], int] = {(day, bot): visits for day, bot, visits in rows}
    series = []
    day = day_from
    while day < day_to:
        series.append(
            OrphanDay(
                day=day.isoformat(),
                humans=counts.get((day, False), 0),
                bots=counts.get((day, True), 0),
            )
        )
        day += timedelta(days=1)
    return series


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)
