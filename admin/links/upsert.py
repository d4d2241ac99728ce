"""PUT /v1/links/upsert: create a link, or update the one the caller already has for the
same thing, so that a retried or repeated sync makes no duplicates.

The link is found by ``externalId`` when the body has one; else, without an alias, by
its destination on its domain; with an alias and no ``externalId`` the upsert is a
create. Two upserts of the same thing at once make one link: by externalId the unique
index refuses the second insert (ExternalIdTaken), which then finds and updates the
first's link; by destination the create holds a lock on (owner, domain, destination)
while it looks and writes (repo.lock_destination).
"""

from __future__ import annotations

from msgspec import UNSET

from admin.auth import Principal
from admin.db import Database
from admin.errors import ExternalIdTaken
from admin.links import repository as repo
from admin.links.changes import LinkChanger
from admin.links.creation import DestinationHeld, LinkCreator
from admin.links.schemas import Link, LinkCreate, LinkUpdate


def update_of(data: LinkCreate) -> LinkUpdate:
    """An upsert body as the change it makes to a link that exists: every field becomes
    the body's, a field left out its create default (no tags, no expiry, no rules...),
    except those a create would make up or that a sync cannot know: the alias (the code
    stays), the domain, the password, the externalId and archived stay as they are
    unless given."""
    return LinkUpdate(
        long_url=data.long_url,
        alias=data.alias if data.alias is not None else UNSET,
        tags=data.tags,
        expires_at=data.expires_at,
        redirect_type=data.redirect_type,
        forward_query=data.forward_query,
        rules=data.rules,
        variants=data.variants,
        password=data.password if data.password is not None else UNSET,
        max_clicks=data.max_clicks,
        expired_url=data.expired_url,
        title=data.title,
        notes=data.notes,
        preview=data.preview,
        utm=data.utm,
        domain=data.domain if data.domain is not None else UNSET,
        external_id=data.external_id if data.external_id is not None else UNSET,
        archived=data.archived if data.archived is not None else UNSET,
        app_url=data.app_url,
        ios_url=data.ios_url,
        android_url=data.android_url,
        extra_path=data.extra_path,
    )


class LinkUpserter:
    def __init__(self, db: Database, creator: LinkCreator, changer: LinkChanger) -> None:
        self.db = db
        self.creator = creator
        self.changer = changer

    async def upsert(self, principal: Principal, data: LinkCreate) -> tuple[Link, bool]:
        """The link as written, and whether it was created (else updated)."""
        if data.external_id is not None:
            existing = await self._by_external_id(principal, data.external_id)
            if existing is None:
                try:
                    return await self.creator.create(principal, data), True
                except ExternalIdTaken:
                    # Another upsert (or create) of this id got there first: that link
                    # is the one to update.
                    existing = await self._by_external_id(principal, data.external_id)
                    if existing is None:  # and was deleted since: as taken
                        raise
            return await self.changer.update(principal, existing, update_of(data)), False
        if data.alias is not None:
            return await self.creator.create(principal, data), True
        try:
            return await self.creator.create(principal, data, unless_destination_held=True), True
        except DestinationHeld as held:
            return await self.changer.update(principal, held.link_id, update_of(data)), False

    async def _by_external_id(self, principal: Principal, external_id: str) -> str | None:
        async with self.db.connection() as conn:
            row = await repo.link_by_external_id(conn, principal, external_id)
        return row.id if row is not None else None
