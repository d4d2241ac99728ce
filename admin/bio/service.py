"""Bio pages: one per account and environment, rendered to HTML on every change.

Every outbound link of a page goes through a tracked short link: a destination
URL gets a link managed by the page (kept while the URL stays on the page,
deleted when it leaves), and one of the owner's own links is used as it is.
The page row, its links and the rendered HTML are written in one transaction;
Redis (page and links) follows after the commit.
"""

from __future__ import annotations

import logging
import time
from urllib.parse import urlsplit

import msgspec
from redis.asyncio import Redis

from admin.auth import Principal
from admin.bio import repository as repo
from admin.bio.cache import BioCache
from admin.bio.render import PageView, render_page
from admin.bio.schemas import (
    BioLink,
    BioLinkIn,
    BioPage,
    BioPut,
    BioSocial,
    BioSocialIn,
    OwnBioLink,
    OwnBioSocial,
    PublicBioPage,
)
from admin.bio.socials import social_url
from admin.db import Connection, Database
from admin.errors import FieldError, NotFound, validation
from admin.link_model import LinkRow
from admin.links import (
    Admission,
    LinkCache,
    ManagedLinks,
    delete_managed_link,
    get_link,
    own_link,
)
from admin.urls import public_base
from common.ids import new_id, ulid
from common.keys import CLICK_STREAM
from common.redis_store import RedisUnavailable, redis_outage
from common.timefmt import iso_utc
from common.wire import BIO_VISIT_KIND, CLICK_BATCH_VERSION, ClickEvent, click_batch_encoder

logger = logging.getLogger(__name__)
# Names that would read as ours, or be mistaken for a page of the service.
RESERVED_USERNAMES = frozenset(
    {
        "admin", "administrator", "api", "app", "about", "abuse", "account", "billing", "bio",
        "blog", "contact", "dashboard", "docs", "help", "hop", "info", "legal", "login",
        "logout", "mail", "news", "official", "postmaster", "privacy", "qr", "root", "security",
        "settings", "signup", "staff", "status", "support", "system", "team", "terms", "webmaster",
        "www",
    }
)  # fmt: skip


class Visitor(msgspec.Struct, frozen=True):
    """What the admin knows of a visitor of the public JSON, as the edge would send it."""

    peer_ip: str
    user_agent: str
    referrer: str
    accept_language: str
    forwarded_for: str


def _validate(data: BioPut, admission: Admission) -> None:
    """422 naming every bad field; a button's URL is checked as a link's destination."""
    errors: list[FieldError] = []
    if data.username in RESERVED_USERNAMES:
        errors.append(FieldError("username", "is reserved"))
    if data.avatar_url is not None:
        admission.check_url("avatarUrl", data.avatar_url, errors)
        if not data.avatar_url.lower().startswith("https://"):
            errors.append(FieldError("avatarUrl", "must be an https URL"))
    for index, link in enumerate(data.links):
        if (link.url is None) == (link.link_id is None):
            errors.append(FieldError(f"links[{index}]", "give exactly one of url and linkId"))
        elif link.url is not None:
            admission.check_url(f"links[{index}].url", link.url, errors)
    for index, social in enumerate(data.socials):
        handle = social.handle.removeprefix("@")
        if not handle or not all(c.isalnum() or c in "_.-" for c in handle) or not handle.isascii():
            errors.append(FieldError(f"socials[{index}].handle", "must be of A-Z a-z 0-9 _ . -"))
    if errors:
        raise validation(errors)


def _on_our_host(admission: Admission, url: str) -> bool:
    try:
        return admission.own_hosts.hold(urlsplit(url))
    except ValueError:  # not a URL at all: _validate says so
        return False


class _Tracker:
    """The tracked short links of a page being written: a destination already on the
    page keeps its managed link; a new one gets a new link; what is left over is
    deleted once the page is written."""

    def __init__(
        self,
        conn: Connection,
        principal: Principal,
        current: repo.PageRow | None,
        links: ManagedLinks,
    ):
        self.conn = conn
        self.principal = principal
        self.links = links
        self.created: list[LinkRow] = []
        # Managed links of the current page, by destination, for reuse.
        self._spare: dict[str, list[str]] = {}
        managed = [
            *((link.url, link.link_id) for link in (current.links if current else [])),
            *((social.url, social.link_id) for social in (current.socials if current else [])),
        ]
        for url, link_id in managed:
            if url is not None:  # the owner's own links have none
                self._spare.setdefault(url, []).append(link_id)

    async def tracked(self, destination: str) -> tuple[str, str]:
        """(link id, short code) of a managed link to ``destination``."""
        reused = self._spare.get(destination)
        if reused:
            row = await get_link(self.conn, self.principal, reused.pop())
            if row is not None:
                return row.id, row.short_code
        # A new destination comes in as any link does: quota and verdict.
        row = await self.links.create(self.conn, self.principal, "bio", destination)
        self.created.append(row)
        return row.id, row.short_code

    def unused(self) -> list[str]:
        """Managed links of the current page that are no longer on it."""
        return [link_id for ids in self._spare.values() for link_id in ids]


async def _social(tracker: _Tracker, social: BioSocialIn) -> repo.PageSocial:
    handle = social.handle.removeprefix("@")
    url = social_url(social.network, handle)
    link_id, code = await tracker.tracked(url)
    return repo.PageSocial(
        network=social.network, handle=handle, url=url, link_id=link_id, short_code=code
    )


async def _delete_managed(conn: Connection, link_ids: list[str]) -> list[LinkRow]:
    gone = [await delete_managed_link(conn, link_id) for link_id in link_ids]
    return [row for row in gone if row is not None]


class BioService:
    def __init__(
        self,
        db: Database,
        cache: BioCache,
        link_cache: LinkCache,
        redis: Redis,
        short_base_url: str,
        *,
        reservation_days: int,
        managed: ManagedLinks,
    ) -> None:
        self.db = db
        self.cache = cache
        self.link_cache = link_cache
        self.redis = redis
        self.short_base_url = short_base_url
        # The page's tracked links come in as any link does (admin/links/admission.py).
        self.managed = managed
        # How long a freed username stays reserved for its owner (HOP_CODE_RESERVATION_DAYS).
        self.reservation_days = reservation_days

    def page_url(self, environment: str, username: str) -> str:
        return f"{public_base(self.short_base_url, environment)}/@{username}"

    def _short_url(self, environment: str, code: str) -> str:
        return f"{public_base(self.short_base_url, environment)}/{code}"

    def to_resource(self, row: repo.PageRow) -> BioPage:
        return BioPage(
            id=row.id,
            username=row.username,
            display_name=row.display_name,
            description=row.description,
            avatar_url=row.avatar_url,
            theme=row.theme,
            language=row.language,
            links=[
                OwnBioLink(
                    title=link.title,
                    url=self._short_url(row.environment, link.short_code),
                    link_id=link.link_id,
                    destination=link.url,
                )
                for link in row.links
            ],
            socials=[
                OwnBioSocial(
                    network=social.network,
                    handle=social.handle,
                    url=self._short_url(row.environment, social.short_code),
                    link_id=social.link_id,
                    destination=social.url,
                )
                for social in row.socials
            ],
            page_url=self.page_url(row.environment, row.username),
            created_at=iso_utc(row.created_at),
            updated_at=iso_utc(row.updated_at),
            created_by=row.created_by,
        )

    def to_public(self, row: repo.PageRow) -> PublicBioPage:
        own = self.to_resource(row)
        return PublicBioPage(
            username=own.username,
            display_name=own.display_name,
            description=own.description,
            avatar_url=own.avatar_url,
            theme=own.theme,
            language=own.language,
            links=[BioLink(title=link.title, url=link.url) for link in own.links],
            socials=[BioSocial(network=s.network, handle=s.handle, url=s.url) for s in own.socials],
            page_url=own.page_url,
        )

    async def _own_buttons(self, principal: Principal, data: BioPut) -> BioPut:
        """The page with a button whose URL is one of the owner's own short links taken
        as that link (``linkId``) rather than refused as a loop to our own host; a URL
        on our hosts that is not theirs is left for ``_validate`` to refuse."""
        ours = [
            index
            for index, link in enumerate(data.links)
            if link.url is not None and _on_our_host(self.managed.admission, link.url)
        ]
        if not ours:
            return data
        links = list(data.links)
        async with self.db.connection() as conn:
            for index in ours:
                url = links[index].url
                assert url is not None
                row = await own_link(conn, principal, self.short_base_url, url)
                if row is not None and row.managed_by is None:
                    links[index] = BioLinkIn(title=links[index].title, link_id=row.id)
        return msgspec.structs.replace(data, links=links)

    async def put(self, principal: Principal, data: BioPut) -> tuple[BioPage, bool]:
        """Create or replace the caller's page; (page, created)."""
        data = await self._own_buttons(principal, data)
        _validate(data, self.managed.admission)
        await self.link_cache.require_room()  # 503 rather than a page the edge cannot know
        async with self.db.transaction() as conn:
            current = await repo.page_of(conn, principal, for_update=True)
            page_id = current.id if current else new_id("bio")
            await self._take_username(conn, principal, current, page_id, data.username)
            tracker = _Tracker(conn, principal, current, self.managed)
            links = [
                await self._button(tracker, index, link) for index, link in enumerate(data.links)
            ]
            socials = [await _social(tracker, social) for social in data.socials]
            written = tracker.created + await _delete_managed(conn, tracker.unused())
            row = await repo.upsert_page(
                conn,
                principal,
                repo.PageFields(
                    id=page_id,
                    username=data.username,
                    display_name=data.display_name,
                    description=data.description,
                    avatar_url=data.avatar_url,
                    theme=data.theme,
                    language=data.language,
                    links=links,
                    socials=socials,
                    html=self._render(principal.environment, data, links, socials),
                ),
            )
            if current is not None and current.username != row.username:
                written += await self._follow_username(conn, principal, row.username)
        if written:
            await self.link_cache.write(written)
        await self.cache.write(
            row.environment, row.id, row.username, row.html, current.username if current else None
        )
        return self.to_resource(row), current is None

    async def preview(self, principal: Principal, data: BioPut) -> str:
        """The page's HTML as ``put`` would render it, saving nothing (the dashboard's live
        preview). Buttons go straight to their destinations: the tracked short links
        behind them are made only when the page is saved."""
        data = await self._own_buttons(principal, data)
        _validate(data, self.managed.admission)
        base = public_base(self.short_base_url, principal.environment)
        links: list[tuple[str, str]] = []
        async with self.db.transaction() as conn:
            for index, link in enumerate(data.links):
                if link.url is not None:
                    links.append((link.title, link.url))
                    continue
                assert link.link_id is not None  # _validate: exactly one of url and linkId
                own = await get_link(conn, principal, link.link_id)
                if own is None or own.managed_by is not None:
                    raise validation(
                        [FieldError(f"links[{index}].linkId", "is not one of your links")]
                    )
                links.append((link.title, f"{base}/{own.short_code}"))
        return render_page(
            PageView(
                username=data.username,
                display_name=data.display_name,
                description=data.description,
                avatar_url=data.avatar_url,
                theme=data.theme,
                language=data.language,
                links=links,
                socials=[
                    (s.network, s.handle, social_url(s.network, s.handle)) for s in data.socials
                ],
            )
        )

    async def _take_username(
        self,
        conn: Connection,
        principal: Principal,
        current: repo.PageRow | None,
        page_id: str,
        username: str,
    ) -> None:
        """Claim ``username`` for the page; a renamed page's old name stays reserved."""
        if current is not None and current.username == username:
            return
        await repo.claim_username(conn, principal, username, page_id, self.reservation_days)
        if current is not None:
            await repo.free_username(conn, principal, current.username, current.id)

    async def _button(self, tracker: _Tracker, index: int, link: BioLinkIn) -> repo.PageLink:
        if link.url is not None:
            link_id, code = await tracker.tracked(link.url)
            return repo.PageLink(title=link.title, url=link.url, link_id=link_id, short_code=code)
        assert link.link_id is not None  # _validate: exactly one of url and linkId
        own = await get_link(tracker.conn, tracker.principal, link.link_id)
        if own is None or own.managed_by is not None:
            raise validation([FieldError(f"links[{index}].linkId", "is not one of your links")])
        return repo.PageLink(
            title=link.title, url=None, link_id=own.id, short_code=own.short_code, own=True
        )

    def _render(
        self,
        environment: str,
        data: BioPut,
        links: list[repo.PageLink],
        socials: list[repo.PageSocial],
    ) -> str:
        return render_page(
            PageView(
                username=data.username,
                display_name=data.display_name,
                description=data.description,
                avatar_url=data.avatar_url,
                theme=data.theme,
                language=data.language,
                links=[
                    (link.title, self._short_url(environment, link.short_code)) for link in links
                ],
                socials=[
                    (s.network, s.handle, self._short_url(environment, s.short_code))
                    for s in socials
                ],
            )
        )

    async def _follow_username(
        self, conn: Connection, principal: Principal, username: str
    ) -> list[LinkRow]:
        """Dynamic 'bio' QR codes keep working when the page is renamed."""
        moved = [
            await self.managed.retarget(
                conn, principal, link_id, self.page_url(principal.environment, username), ours=True
            )
            for link_id in await repo.bio_qr_links(conn, principal)
        ]
        return [row for row in moved if row is not None]

    async def get_own(self, principal: Principal) -> BioPage:
        async with self.db.transaction() as conn:
            row = await repo.page_of(conn, principal)
        if row is None:
            raise NotFound("You have no Bio page; create it with PUT /v1/bio.")
        return self.to_resource(row)

    async def get_public(self, username: str, visitor: Visitor) -> PublicBioPage:
        """A live page by name; sandbox pages are public only at the edge (/test/@name)."""
        async with self.db.transaction() as conn:
            row = await repo.page_by_username(conn, "live", username)
        if row is None:
            raise NotFound(f"No Bio page is named {username!r}.")
        await self._emit_visit(row, visitor)
        return self.to_public(row)

    async def _emit_visit(self, row: repo.PageRow, visitor: Visitor) -> None:
        """Into the click stream, exactly as the edge reports a visit of the HTML page."""
        event = ClickEvent(
            event_id=f"adm{ulid()}",
            link_id=row.id,
            short_code=row.username,
            at_ms=int(time.time() * 1000),
            peer_ip=visitor.peer_ip,
            user_agent=visitor.user_agent[:512],
            referrer=visitor.referrer[:1024],
            accept_language=visitor.accept_language[:128],
            forwarded_for=visitor.forwarded_for[:256],
            country="",
            qr=False,
            kind=BIO_VISIT_KIND,
        )
        try:
            with redis_outage():
                await self.redis.xadd(
                    CLICK_STREAM,
                    {b"v": CLICK_BATCH_VERSION, b"c": click_batch_encoder.encode([event])},
                )
        except RedisUnavailable:  # a lost visit must not fail the page
            logger.warning(
                "bio visit not recorded: Redis unreachable",
                extra={"action": "bio.visit_lost", "username": row.username},
            )

    async def delete(self, principal: Principal) -> None:
        await self.link_cache.require_room()  # 503 rather than a page the edge still serves
        async with self.db.transaction() as conn:
            row = await repo.delete_page(conn, principal)
            if row is None:
                raise NotFound("You have no Bio page.")
            await repo.free_username(conn, principal, row.username, row.id)
            written = await _delete_managed(conn, row.managed_link_ids())
        if written:
            await self.link_cache.write(written)
        await self.cache.remove(row.environment, row.id, row.username)
