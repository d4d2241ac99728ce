"""Links brought from another shortener (the imports domain runs the job, admin/imports/).

An imported link takes the way in every link takes (admission.py): the loop check, the
new-account quota, the safety verdict of its destination. Its code is kept when it can
be: on the workspace's verified custom domain of the same name as the host it answered
on at the source, else on the default short host; a code Hop cannot hold (too short,
characters outside Hop's, reserved, or taken) is replaced by a new random one, and the
outcome says why, for the import's report.

Writing is the job's: ``write`` runs in the job's transaction (the page's links, the
job's counters and its cursor commit together), then ``publish`` puts the links in the
edge's cache.
"""

from __future__ import annotations

import re
from datetime import datetime

import msgspec

from admin.auth import Principal
from admin.db import Connection, execute_each
from admin.errors import FieldError
from admin.events import event_data, record_event
from admin.link_model import LinkRow, NewLink
from admin.links import events
from admin.links import repository as repo
from admin.links.checks import RESERVED_ALIASES
from admin.links.schemas import Link
from admin.links.writer import LinkWriter
from admin.safety import Decision, flagged_event, locate
from common.ids import new_id, new_short_code
from common.timefmt import utc_now

_CODE = re.compile(r"[A-Za-z0-9_-]{3,64}")
_HOST = re.compile(r"[a-z0-9.-]{1,253}")
_RANDOM_CODE_ROUNDS = 5
_MAX_TITLE = 200
_MAX_TAG = 64
_MAX_TAGS = 20
_MAX_CLICKS = 1_000_000_000


class ImportLink(msgspec.Struct, frozen=True, kw_only=True):
    """One link of a source's page, as the job hands it over."""

    source_key: str  # where it came from, unique in the workspace (imported_links)
    source_id: str
    long_url: str
    code: str | None = None
    host: str | None = None  # the host it answered on at the source
    title: str | None = None
    tags: tuple[str, ...] = ()
    created_at: datetime | None = None
    expires_at: datetime | None = None
    max_clicks: int | None = None
    archived: bool = False
    clicks: int = 0
    problem: str | None = None  # why the source could not give this link whole


class ImportOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """How one link went: written (``link``), under its own code or a new one (then
    ``reason`` says why), or not at all (``link`` None, ``reason`` why)."""

    source_id: str
    code: str | None
    link: Link | None = None
    reason: str | None = None

    @property
    def remapped(self) -> bool:
        return self.link is not None and self.reason is not None


class Admitted(msgspec.Struct, frozen=True, kw_only=True):
    item: ImportLink
    decision: Decision


class _Attempt(msgspec.Struct, frozen=True, kw_only=True):
    admitted: Admitted
    link_id: str
    domain: str
    code: str
    reason: str | None  # why this is not the source's code; None: it is


def code_problem(code: str | None) -> str | None:
    """Why Hop cannot keep a source's code as it is; None when it can."""
    if not code:
        return "the source gave no code"
    if len(code) < 3:
        return f"{code!r} is shorter than Hop's 3 characters"
    if not _CODE.fullmatch(code):
        return f"{code!r} has characters Hop's codes do not allow (A-Z a-z 0-9 _ -, 3-64)"
    if code.lower() in RESERVED_ALIASES:
        return f"{code!r} is reserved by Hop"
    return None


class LinkImporter(LinkWriter):
    async def admit(self, principal: Principal, item: ImportLink) -> Admitted | str:
        """The way in for one link: its destination checked (the reason it fails, as a
        string), the new-account quota spent (RateLimited: the job stops there), its
        verdict."""
        if item.problem:
            return item.problem
        if not item.long_url:
            return "the source gave no destination"
        errors: list[FieldError] = []
        self.admission.check_url("longUrl", item.long_url, errors)
        if errors:
            return f"its destination {errors[0].message}"
        await self.admission.spend(principal)
        decision = await self.admission.verdict(principal, [item.long_url])
        return Admitted(item=item, decision=decision)

    async def write(
        self, conn: Connection, principal: Principal, import_id: str, batch: list[Admitted]
    ) -> tuple[list[ImportOutcome], list[LinkRow]]:
        """Write the admitted links in the caller's transaction: each under its own code
        where it can be, else a new one. The outcomes in ``batch``'s order, and the rows
        written (for ``publish`` once the transaction commits)."""
        domains = await self._verified(conn, principal, batch)
        attempts = [self._first_attempt(admitted, domains) for admitted in batch]
        written: dict[int, tuple[LinkRow, Link, str | None]] = {}
        pending = list(range(len(batch)))
        for round_ in range(_RANDOM_CODE_ROUNDS + 1):
            if not pending:
                break
            if round_:
                attempts = [
                    self._random_attempt(a, first=round_ == 1) if i in pending else a
                    for i, a in enumerate(attempts)
                ]
            pending = await self._insert(
                conn,
                principal,
                import_id=import_id,
                attempts=attempts,
                pending=pending,
                written=written,
            )
        outcomes: list[ImportOutcome] = []
        rows: list[LinkRow] = []
        for index, admitted in enumerate(batch):
            item = admitted.item
            if index in written:
                row, link, reason = written[index]
                rows.append(row)
                outcomes.append(
                    ImportOutcome(
                        source_id=item.source_id, code=item.code, link=link, reason=reason
                    )
                )
            else:
                outcomes.append(
                    ImportOutcome(
                        source_id=item.source_id, code=item.code, reason="no free code was found"
                    )
                )
        for row in rows:
            if row.safety_verdict != "ok":
                await record_event(conn, principal, flagged_event(row))
        return outcomes, rows

    async def publish(self, rows: list[LinkRow]) -> None:
        """Put written links in the edge's cache (after their transaction committed)."""
        await self.cache.write(rows)

    async def _verified(
        self, conn: Connection, principal: Principal, batch: list[Admitted]
    ) -> frozenset[str]:
        """Those of the batch's source hosts that are verified domains of the workspace,
        held until the transaction ends (a domain is never deleted under new links)."""
        hosts = {
            host
            for admitted in batch
            if (host := (admitted.item.host or "").rstrip(".").lower()) and _HOST.fullmatch(host)
        }
        verified: set[str] = set()
        for host in sorted(hosts):  # one order for every transaction: no lock cycles
            if await repo.lock_domain(conn, principal, host):
                verified.add(host)
        return frozenset(verified)

    @staticmethod
    def _first_attempt(admitted: Admitted, domains: frozenset[str]) -> _Attempt:
        item = admitted.item
        host = (item.host or "").rstrip(".").lower()
        domain = host if host in domains else ""
        problem = code_problem(item.code)
        return _Attempt(
            admitted=admitted,
            link_id=new_id("lnk"),
            domain=domain,
            code=item.code if problem is None and item.code else new_short_code(),
            reason=problem,
        )

    @staticmethod
    def _random_attempt(attempt: _Attempt, *, first: bool) -> _Attempt:
        """The next try for a link whose code was held: a random code on the same
        domain. The reason stays the first one's (why the source's code was not kept)."""
        reason = attempt.reason
        if first and reason is None:
            where = attempt.domain or "the default short host"
            reason = f"{attempt.code!r} is already taken on {where}"
        return msgspec.structs.replace(attempt, code=new_short_code(), reason=reason)

    async def _insert(
        self,
        conn: Connection,
        principal: Principal,
        *,
        import_id: str,
        attempts: list[_Attempt],
        pending: list[int],
        written: dict[int, tuple[LinkRow, Link, str | None]],
    ) -> list[int]:
        """One pipelined round of inserts for the ``pending`` attempts; those whose code
        was held, to try again."""
        prepared = [self._prepare(principal, attempts[i]) for i in pending]
        params = [
            {
                **msgspec.structs.asdict(new),
                "workspace_id": principal.workspace_id,
                "environment": principal.environment,
                "reservation_days": self.reservation_days,
                "source_key": attempts[i].admitted.item.source_key,
                "import_id": import_id,
                "imported_clicks": attempts[i].admitted.item.clicks,
                "archived": attempts[i].admitted.item.archived,
                "event_id": new_id("evt"),
                "event_type": "link.created",
                "event_data": event_data(events.created(link)),
            }
            for i, (new, _, link) in zip(pending, prepared, strict=True)
        ]
        firsts = await execute_each(conn, repo.IMPORT_LINK, params)
        again: list[int] = []
        for i, (_, row, link), first in zip(pending, prepared, firsts, strict=True):
            if first and first[0]:
                # The code's code_key: the name its entry is written under.
                keyed = msgspec.structs.replace(row, code_key=str(first[2]))
                written[i] = (keyed, link, attempts[i].reason)
            else:
                again.append(i)
        return again

    def _prepare(self, principal: Principal, attempt: _Attempt) -> tuple[NewLink, LinkRow, Link]:
        item, decision = attempt.admitted.item, attempt.admitted.decision
        host, site = locate(item.long_url)
        new = NewLink(
            id=attempt.link_id,
            short_code=attempt.code,
            domain=attempt.domain,
            long_url=item.long_url,
            tags=_tags(item.tags),
            expires_at=item.expires_at,
            redirect_type=302,
            forward_query=True,
            max_clicks=_clicks_limit(item.max_clicks),
            title=(item.title or "").strip()[:_MAX_TITLE] or None,
            created_at=item.created_at or utc_now(),
            host=host,
            site=site,
            safety_verdict=decision.verdict,
            safety_reasons=list(decision.reasons),
            safety_source=decision.source or "heuristic",
            created_by=principal.actor_id,
        )
        row = msgspec.structs.replace(
            new.row(principal.environment), imported_clicks=item.clicks, archived=item.archived
        )
        return new, row, self.resources.of(row)


def _tags(tags: tuple[str, ...]) -> list[str]:
    """The source's tags as Hop keeps them: trimmed, each once, at most 20 of 64 chars."""
    kept = dict.fromkeys(tag.strip()[:_MAX_TAG] for tag in tags if tag.strip())
    return list(kept)[:_MAX_TAGS]


def _clicks_limit(limit: int | None) -> int | None:
    return None if limit is None or limit < 1 else min(limit, _MAX_CLICKS)
