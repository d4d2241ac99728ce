"""Creating links through /v1/links, one or many: the checks, the way in (admission.py:
the new-account quota and the safety verdict), then the link, its events and its code in
PostgreSQL, then its entry in Redis for the edge."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from admin.auth import Principal
from admin.db import Connection
from admin.errors import (
    AliasTaken,
    ExternalIdTaken,
    HopError,
    RateLimited,
    ServiceUnavailable,
    ValidationFailed,
)
from admin.link_model import FeatureColumns, LinkRow, NewLink
from admin.links import events
from admin.links import repository as repo
from admin.links.checks import check_create, domain_of, stored_json, unique_tags, unknown_domain
from admin.links.schemas import Link, LinkCreate
from admin.links.writer import LinkWriter
from admin.safety import Decision, destinations, flagged_event, locate, other_hosts
from common.ids import new_id, new_short_code
from common.timefmt import utc_now

_CODE_ATTEMPTS = 5
BULK_MAX = 1000  # items in one POST /v1/links/bulk or /v1/links/import
BULK_CHUNK = 100  # items per transaction


class NoFreeCode(ServiceUnavailable):
    """No random code was free after _CODE_ATTEMPTS tries (the same problem as before:
    only the class tells it apart from a lost database)."""

    def __init__(self) -> None:
        super().__init__("Could not allocate a short code; retry.")


class _Admitted(msgspec.Struct, frozen=True):
    """A create that passed its checks, with the safety verdict of its destinations, its
    id (a password's verifier is bound to it) and its optional features as stored."""

    data: LinkCreate
    decision: Decision
    link_id: str
    features: FeatureColumns
    domain: str  # normalised; "" for the default short host


class DestinationHeld(Exception):
    """An upsert's create found the owner's link to the same destination on the same
    domain (``create(..., unless_destination_held=True)``): nothing was written."""

    def __init__(self, link_id: str) -> None:
        super().__init__(link_id)
        self.link_id = link_id


# A bulk item not yet written (replaced before create_many returns).
_PENDING: HopError = HopError("pending")


class LinkCreator(LinkWriter):
    async def create(
        self, principal: Principal, data: LinkCreate, *, unless_destination_held: bool = False
    ) -> Link:
        """Create the link. With ``unless_destination_held`` (an upsert without externalId
        or alias), DestinationHeld instead when the owner already has a live link to the
        same destination on the same domain: the check and the insert hold a lock on
        that destination, so two such creates at once make one link."""
        admitted = await self._admit(principal, data)
        await self.cache.require_room()  # 503 rather than a link the edge cannot know
        # An ok link is one autocommit statement (the hot path); a flagged one also
        # writes its security.flagged event, in the same transaction.
        # On a custom domain too: the domain is locked for the insert (repo.lock_domain).
        flagged = admitted.decision.verdict != "ok"
        opened = (
            self.db.transaction()
            if flagged or admitted.domain or unless_destination_held
            else self.db.connection()
        )
        async with opened as conn:
            if unless_destination_held:
                held = await repo.lock_destination(conn, principal, admitted.domain, data.long_url)
                if held is not None:
                    raise DestinationHeld(held)
            row, link = await self._insert(conn, principal, admitted)
        await self.cache.write([row])
        return link

    async def create_many(
        self, principal: Principal, items: Sequence[LinkCreate | HopError]
    ) -> list[Link | HopError]:
        """Bulk create: each item as ``create`` would make it (the same checks, quota and
        safety verdict), in chunks of BULK_CHUNK, one transaction per chunk. An item
        given as an error (it did not decode) or failing its checks is answered with
        that error and does not stop the others. A chunk the database cannot take
        answers each of its items 503 (nothing of it was written; retry those)."""
        results: list[Link | HopError] = []
        for start in range(0, len(items), BULK_CHUNK):
            results += await self._create_chunk(principal, items[start : start + BULK_CHUNK])
        return results

    async def _create_chunk(
        self, principal: Principal, items: Sequence[LinkCreate | HopError]
    ) -> list[Link | HopError]:
        results: list[Link | HopError] = []
        admitted: dict[int, _Admitted] = {}
        for index, item in enumerate(items):
            if isinstance(item, HopError):
                results.append(item)
                continue
            try:
                admitted[index] = await self._admit(principal, item)
            except (ValidationFailed, RateLimited, ServiceUnavailable) as error:
                # A store lost while checking is this item's 503, not the request's: the
                # answer (kept for an Idempotency-Key) then says which items to retry.
                results.append(error)
                continue
            results.append(_PENDING)
        rows: list[LinkRow] = []
        if admitted:
            await self.cache.require_room()  # 503 rather than links the edge cannot know
        try:
            async with self.db.transaction() as conn:
                for index, admission in admitted.items():
                    try:
                        row, link = await self._insert(conn, principal, admission)
                    except (AliasTaken, ExternalIdTaken, NoFreeCode, ValidationFailed) as error:
                        results[index] = error
                        continue
                    rows.append(row)
                    results[index] = link
        except ServiceUnavailable:
            lost = ServiceUnavailable("The database is unavailable; retry this item.")
            return [lost if index in admitted else result for index, result in enumerate(results)]
        await self.cache.write(rows)
        return results

    async def _admit(self, principal: Principal, data: LinkCreate) -> _Admitted:
        """Everything a create decides before writing: field checks (422), the new-account
        quota (429), the safety verdict."""
        domain = domain_of(data.domain)
        check_create(data, self.admission)
        features = FeatureColumns(
            rules=stored_json(data.rules),
            variants=stored_json(data.variants),
            max_clicks=data.max_clicks,
            expired_url=data.expired_url,
            title=data.title,
            notes=data.notes,
            preview=stored_json(data.preview),
            utm=stored_json(data.utm),
            app_url=data.app_url,
        )
        urls = destinations(data.long_url, features, data.ios_url, data.android_url)
        decision = await self.admission.admit(principal, urls)
        # The verifier binds the password to the link id: the id is fixed before hashing.
        link_id = new_id("lnk")
        if data.password is not None:
            password_hash, password_verifier = await self.protection.password(
                link_id, data.password
            )
            features = msgspec.structs.replace(
                features, password_hash=password_hash, password_verifier=password_verifier
            )
        return _Admitted(
            data=data, decision=decision, link_id=link_id, features=features, domain=domain
        )

    async def _insert(
        self, conn: Connection, principal: Principal, admitted: _Admitted
    ) -> tuple[LinkRow, Link]:
        """Write an admitted link (a random code is tried _CODE_ATTEMPTS times); AliasTaken
        or NoFreeCode when no code could be had, a 422 when its domain is not (or no
        longer) a verified domain of the owner's. A link on a custom domain needs the
        caller's transaction: the domain stays locked until it commits."""
        data, decision = admitted.data, admitted.decision
        if admitted.domain and not await repo.lock_domain(conn, principal, admitted.domain):
            raise unknown_domain(admitted.domain)
        host, site = locate(data.long_url)
        others = other_hosts(
            destinations(data.long_url, admitted.features, data.ios_url, data.android_url)
        )
        now = utc_now()
        tags = unique_tags(data.tags)
        for _ in range(1 if data.alias else _CODE_ATTEMPTS):
            new = NewLink(
                **msgspec.structs.asdict(admitted.features),
                id=admitted.link_id,
                short_code=data.alias or new_short_code(),
                domain=admitted.domain,
                long_url=data.long_url,
                tags=tags,
                expires_at=data.expires_at,
                redirect_type=data.redirect_type,
                forward_query=data.forward_query,
                ios_url=data.ios_url,
                android_url=data.android_url,
                extra_path=data.extra_path,
                created_at=now,
                host=host,
                site=site,
                safety_verdict=decision.verdict,
                safety_reasons=list(decision.reasons),
                safety_source=decision.source or "heuristic",
                other_hosts=others,
                created_by=principal.actor_id,
                external_id=data.external_id,
                archived=bool(data.archived),
            )
            row = new.row(principal.environment)
            link = self.resources.of(row)
            code_key = await repo.insert_link(
                conn,
                principal,
                new,
                events.created(link),
                reservation_days=self.reservation_days,
                flagged=flagged_event(row) if row.safety_verdict != "ok" else None,
            )
            if code_key is not None:
                return msgspec.structs.replace(row, code_key=code_key), link
        if data.alias:
            raise AliasTaken(data.alias, admitted.domain)
        raise NoFreeCode()
