"""Custom domains: an account claims a host name, proves it with a DNS TXT record, and
an operator's TLS proxy asks us which names to get certificates for."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Literal
from urllib.parse import urlsplit

from msgspec import UNSET
from redis.asyncio import Redis

from admin.audit import record_audit
from admin.auth import Principal
from admin.db import Database
from admin.domains import repository as repo
from admin.domains.cache import DomainSet, forget_domain
from admin.domains.schemas import (
    CHALLENGE_LABEL,
    Domain,
    DomainCheck,
    DomainList,
    DomainUpdate,
    Verification,
)
from admin.domains.txt import TxtLookup
from admin.errors import CaseClash, Conflict, FieldError, NotFound, validation
from admin.events import Event, LinkDeleted
from admin.urls import InvalidUrl, parse_http_url
from common.ids import new_id, new_secret_token
from common.timefmt import iso_utc

# LDH labels of at most 63, at least two of them, a last one that is not numeric (so
# no IP address passes), at most 253 in all.
_HOSTNAME = re.compile(
    r"(?=.{1,253}\Z)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+"
    r"[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?\Z"
)


_LOOP = "must not point at a short link (redirect loop)"  # as admin/links/admission.py
# Groups of codes differing only in case a 409 names at most.
_CLASHES_LISTED = 100


def normal_hostname(raw: str, *, field: str = "hostname") -> str:
    """``raw`` lower-cased without a trailing dot, or a 422 naming ``field``."""
    hostname = raw.strip().lower().removesuffix(".")
    if not hostname.isascii():
        raise validation([FieldError(field, "must be ASCII: give an IDN in its xn-- form")])
    if not _HOSTNAME.match(hostname):
        raise validation([FieldError(field, "must be a host name such as go.example.com")])
    return hostname


def _link_deleted(item: repo.Retired) -> Event:
    """``link.deleted`` (as admin/links/events.py writes it) for a link a takeover
    deleted (a link's row has all of these; only a code's has none)."""
    assert item.id is not None
    assert item.long_url is not None
    assert item.deleted_at is not None
    return Event(
        "link.deleted",
        LinkDeleted(
            id=item.id,
            short_code=item.short_code,
            long_url=item.long_url,
            deleted_at=iso_utc(item.deleted_at),
            domain=item.domain,
        ),
    )


async def _forget_retired(redis: Redis, hostname: str, retired: list[repo.Retired]) -> None:
    by_environment: dict[str, list[str]] = {}
    for item in retired:
        if item.kind == "code":
            by_environment.setdefault(item.environment, []).append(item.short_code)
    for environment, codes in by_environment.items():
        await forget_domain(redis, environment, hostname, codes)


# What a failed verification says it found: a few TXT strings, each cut short.
_FOUND_LISTED = 3
_FOUND_CHARS = 80


def _found(texts: list[str]) -> str:
    """What the lookup found, as a person reads it beside the record they were to publish."""
    if not texts:
        return "the lookup found no TXT record there"
    shown = [t if len(t) <= _FOUND_CHARS else t[:_FOUND_CHARS] + "…" for t in texts]
    more = len(texts) - _FOUND_LISTED
    listed = ", ".join(repr(t) for t in shown[:_FOUND_LISTED])
    return f"the lookup found {listed}{f' and {more} more' if more > 0 else ''}"


def _iso(moment: datetime | None) -> str | None:
    return iso_utc(moment) if moment else None


def _status(row: repo.DomainRow) -> Literal["pending", "verified", "lapsing", "lapsed"]:
    if row.verified_at is None:
        return "lapsed" if row.lapsed_at else "pending"
    return "lapsing" if row.lapsing_since else "verified"


class DomainService:
    def __init__(
        self,
        db: Database,
        lookup: TxtLookup,
        own_urls: list[str],
        redis: Redis,
        served_hosts: Callable[[], frozenset[str]] = frozenset,
        *,
        lapse_grace: float,
    ) -> None:
        self.db = db
        self.lookup = lookup
        self.redis = redis
        self.lapse_grace = timedelta(seconds=lapse_grace)
        # This process's copy of the set (common/domains.py), for when Redis is away.
        self.served_hosts = served_hosts
        # The verified hostnames every edge routes by Host (admin/domains/cache.py).
        self.hostnames = DomainSet(redis)
        # Our own hosts (the short domain, the admin) and everything under them.
        self.own_hosts = [
            (urlsplit(url).hostname or "").lower() for url in own_urls if urlsplit(url).hostname
        ]

    def to_resource(self, row: repo.DomainRow) -> Domain:
        lapses_at = row.lapsing_since + self.lapse_grace if row.lapsing_since else None
        return Domain(
            id=row.id,
            hostname=row.hostname,
            status=_status(row),
            verification=Verification(
                type="TXT", name=f"{CHALLENGE_LABEL}.{row.hostname}", value=row.token
            ),
            created_at=iso_utc(row.created_at),
            verified_at=_iso(row.verified_at),
            checked_at=_iso(row.checked_at),
            lapsing_since=_iso(row.lapsing_since),
            lapses_at=_iso(lapses_at),
            lapsed_at=_iso(row.lapsed_at),
            created_by=row.created_by,
            not_found_url=row.not_found_url,
            case_sensitive=row.case_sensitive,
        )

    async def create(self, principal: Principal, hostname: str) -> Domain:
        name = normal_hostname(hostname)
        if any(name == own or name.endswith("." + own) for own in self.own_hosts):
            raise validation([FieldError("hostname", "is one of this service's own hosts")])
        async with self.db.transaction() as conn:
            row = await repo.insert_domain(
                conn,
                principal,
                domain_id=new_id("dom"),
                hostname=name,
                token=f"hop-{new_secret_token(24)}",
            )
            if row is not None:
                await record_audit(conn, principal, "domain.added", row.id)
        if row is None:
            raise Conflict(
                f"You have already added {name!r}.", [FieldError("hostname", "already added")]
            )
        return self.to_resource(row)

    async def list(self, principal: Principal) -> DomainList:
        async with self.db.connection() as conn:
            rows = await repo.list_domains(conn, principal)
        return DomainList(data=[self.to_resource(row) for row in rows])

    async def link_counts(self, principal: Principal, hostnames: Sequence[str]) -> dict[str, int]:
        """Live links on each of the caller's ``hostnames`` (0 for one with none): what
        the dashboard shows beside a domain, and what stands in the way of deleting it."""
        async with self.db.connection() as conn:
            counts = await repo.link_counts(conn, principal, [*hostnames])
        return {hostname: counts.get(hostname, 0) for hostname in hostnames}

    async def get(self, principal: Principal, domain_id: str) -> Domain:
        async with self.db.connection() as conn:
            row = await repo.get_domain(conn, principal, domain_id)
        if row is None:
            raise NotFound(f"No domain with id {domain_id!r}.")
        return self.to_resource(row)

    async def delete(self, principal: Principal, domain_id: str) -> None:
        """Remove a domain: refused (409) while links use it, as their printed and shared
        URLs would break silently; delete or move them first. Its freed codes go with it,
        and every edge stops routing the host."""
        async with self.db.transaction() as conn:
            row = await repo.domain_for_delete(conn, principal, domain_id)
            if row is None:
                raise NotFound(f"No domain with id {domain_id!r}.")
            codes: list[str] = []
            if row.verified_at is not None or row.lapsed_at is not None:
                # A statement after the lock: it sees every link committed before it.
                used = await repo.links_on_domain(conn, principal, row.hostname)
                if used:
                    raise Conflict(
                        f"{used} link{'s' if used != 1 else ''} use{'s' if used == 1 else ''} "
                        f"{row.hostname}; delete them or move them to another domain first "
                        f"(GET /v1/links?domain={row.hostname}).",
                        [FieldError("domain", "has links")],
                    )
                codes = await repo.forget_codes(conn, principal, row.hostname)
            await repo.delete_domain(conn, principal, domain_id)
            await record_audit(conn, principal, "domain.deleted", domain_id)
        if row.verified_at is not None:
            await self.hostnames.remove(row.hostname)
        # A lapsed domain is served no more (and its name may be another account's): only
        # its codes' entries go.
        await forget_domain(self.redis, principal.environment, row.hostname, codes)

    async def verify(
        self, principal: Principal, domain_id: str, *, require_record: bool = False
    ) -> Domain:
        """Look for the TXT record now: verified (200), or 422 while it is not there. A
        verified domain stays verified meanwhile; the worker's checks make it lapse if the
        record stays away (admin/domains/reverify.py), and a success here ends that.
        ``require_record``: the 422 also for a domain that stays verified (the dashboard's
        check says plainly what the lookup found; the state saved is the same).

        Proving a name another account's domain lapsed on takes it over: that account's
        links on it are deleted (they must not answer on this domain) and their codes
        there freed, in the transaction that records the proof."""
        async with self.db.connection() as conn:
            row = await repo.get_domain(conn, principal, domain_id)
        if row is None:
            raise NotFound(f"No domain with id {domain_id!r}.")
        record = f"{CHALLENGE_LABEL}.{row.hostname}"
        texts = await self.lookup.texts(record)
        found = row.token in texts
        async with self.db.transaction() as conn:
            checked = await repo.mark_checked(conn, principal, row, verified=found)
            if checked is not None and found and row.verified_at is None:
                retired = await repo.retire_others(conn, principal, row.hostname, _link_deleted)
                await record_audit(conn, principal, "domain.verified", row.id)
                # Before the commit that lets links be made here: no entry of theirs may
                # remain to be served on this domain, nor to shadow a new link's code.
                await _forget_retired(self.redis, row.hostname, retired)
        if checked is None:
            raise NotFound(f"No domain with id {domain_id!r}.")
        if checked.verified_at is None or (require_record and not found):
            raise validation(
                [
                    FieldError(
                        "verification",
                        f"no TXT record at {record} holds the token yet ({_found(texts)})",
                    )
                ]
            )
        # Again for a verified one: harmless.
        await self.hostnames.add(
            checked.hostname, checked.not_found_url, case_insensitive=not checked.case_sensitive
        )
        return self.to_resource(checked)

    async def update(self, principal: Principal, domain_id: str, data: DomainUpdate) -> Domain:
        """Set (or clear, with null) the domain's "not found" destination; a verified
        domain's edges redirect its unknown codes there from the next change announced.
        Make its codes case-insensitive (409 ``CaseClash`` while two held codes differ
        only in case) or sensitive again: every code gets its new name in PostgreSQL and
        Redis (``repo.refold``, ``DomainSet.refolded``)."""
        url = data.not_found_url
        if url is not UNSET and url is not None:
            self._check_destination(url)
        moves: list[repo.KeyMove] = []
        async with self.db.transaction() as conn:
            # Locked: no link is written on the domain (links' lock_domain) meanwhile.
            row = await repo.domain_for_delete(conn, principal, domain_id)
            if row is None:
                raise NotFound(f"No domain with id {domain_id!r}.")
            before = row
            if url is not UNSET:
                row = await repo.set_not_found(conn, principal, domain_id, url) or row
            wanted = data.case_sensitive
            refold = wanted is not UNSET and wanted != row.case_sensitive
            if refold and not wanted:
                clashes = await repo.case_clashes(
                    conn, principal.environment, row.hostname, limit=_CLASHES_LISTED
                )
                if clashes:
                    raise CaseClash(row.hostname, clashes)
            if refold:
                assert isinstance(wanted, bool)
                row = await repo.set_case_sensitive(conn, principal, domain_id, wanted) or row
                moves = await repo.refold(conn, row.hostname, case_sensitive=wanted)
            if row is not before:
                await record_audit(conn, principal, "domain.updated", row.id)
        if row.verified_at is not None:
            if url is not UNSET:
                await self.hostnames.set_not_found(row.hostname, url)
            if refold:
                await self.hostnames.refolded(
                    row.hostname, moves, case_insensitive=not row.case_sensitive
                )
        return self.to_resource(row)

    def _check_destination(self, url: str) -> None:
        """As a link's destination is checked: an http(s) URL, not on a host where short
        links answer (the short host, the admin's, any verified custom domain)."""
        try:
            parts = parse_http_url(url)
        except InvalidUrl as exc:
            raise validation([FieldError("notFoundUrl", str(exc))]) from None
        host = (parts.hostname or "").rstrip(".").lower()
        if host in self.own_hosts or host in self.served_hosts():
            raise validation([FieldError("notFoundUrl", _LOOP)])

    async def check(self, domain: str) -> DomainCheck:
        """For a TLS proxy's on-demand certificates (Caddy's ``ask``): 200 only for a
        verified domain, 404 for any other name.

        Answered from the set the edges route by (one SISMEMBER; the proxy asks for every
        handshake with a name it has no certificate for, made-up ones included), never
        from PostgreSQL; while Redis cannot be asked, from this process's copy of it."""
        name = normal_hostname(domain, field="domain")
        if not await self.hostnames.holds(name, self.served_hosts):
            raise NotFound(f"{name!r} is not a verified domain.")
        return DomainCheck(domain=name, verified=True)
