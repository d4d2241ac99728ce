"""Changing links: a PATCH, a DELETE and the bulk changes by filter. Each change writes
the row, its code's move and its ``link.*`` event in one transaction, then the edge's
entry in Redis."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET

from admin.audit import record_audit
from admin.auth import Principal
from admin.errors import FieldError, NotFound, validation
from admin.link_model import LinkFields, LinkRow
from admin.links import events
from admin.links import repository as repo
from admin.links.checks import (
    check_update,
    domain_of,
    refuse_managed,
    stored_json,
    unique_tags,
    unknown_domain,
)
from admin.links.creation import BULK_CHUNK
from admin.links.protection import Password
from admin.links.schemas import MAX_TAGS, BulkAction, BulkUpdateResult, Link, LinkUpdate
from admin.links.writer import LinkWriter
from admin.safety import flagged_event, locate, of_link, other_hosts
from common.timefmt import utc_now

# Fields naming a destination: a change of any of them re-judges the link.
_DESTINATIONS = frozenset(
    {"long_url", "rules", "variants", "expired_url", "app_url", "ios_url", "android_url"}
)


def changes_of(
    data: LinkUpdate, fields: LinkFields, password: Password | None
) -> tuple[dict[str, Any], list[str]]:
    """What a PATCH asks for, and the names of the fields it really changes."""
    changes = {
        "short_code": data.alias,
        "domain": domain_of(data.domain) if data.domain is not UNSET else UNSET,
        "long_url": data.long_url,
        "tags": unique_tags(data.tags or []) if data.tags is not UNSET else UNSET,
        "expires_at": data.expires_at,
        "redirect_type": data.redirect_type,
        "forward_query": data.forward_query,
        "rules": stored_json(data.rules) if data.rules is not UNSET else UNSET,
        "variants": stored_json(data.variants) if data.variants is not UNSET else UNSET,
        "password_hash": password[0] if password is not None else UNSET,
        "password_verifier": password[1] if password is not None else UNSET,
        "max_clicks": data.max_clicks,
        "expired_url": data.expired_url,
        "title": data.title,
        "notes": data.notes,
        "preview": stored_json(data.preview) if data.preview is not UNSET else UNSET,
        "utm": stored_json(data.utm) if data.utm is not UNSET else UNSET,
        "external_id": data.external_id,
        "archived": data.archived,
        "app_url": data.app_url,
        "ios_url": data.ios_url,
        "android_url": data.android_url,
        "extra_path": data.extra_path,
    }
    changed = [
        name
        for name, value in changes.items()
        if value is not UNSET and value != getattr(fields, name)
    ]
    # A hash is salted, new every time; the verifier says whether the password changed.
    # Either way the change is named once, as password_hash (passwordProtected).
    if "password_verifier" in changed:
        changed.remove("password_verifier")
        if "password_hash" not in changed:
            changed.append("password_hash")
    elif "password_hash" in changed:
        changed.remove("password_hash")  # the same password again: no change
    return changes, changed


class LinkChanger(LinkWriter):
    async def update(self, principal: Principal, link_id: str, data: LinkUpdate) -> Link:
        check_update(data, self.admission)
        password: Password | None = None
        if data.password is not UNSET:
            password = (None, None)
            if data.password is not None:
                password = await self.protection.password(link_id, data.password)

        await self.cache.require_room()  # 503 rather than a change the edge cannot see
        async with self.db.transaction() as conn:
            current = await repo.get_link(conn, principal, link_id, for_update=True)
            if current is None:
                raise NotFound(f"No link with id {link_id!r}.")
            refuse_managed(current)
            fields = LinkFields.of(current)
            changes, changed = changes_of(data, fields, password)
            if not changed:
                return (await self.resources.with_counts([current]))[0]
            fields = msgspec.structs.replace(fields, **{name: changes[name] for name in changed})
            if "password_hash" in changed:
                fields = msgspec.structs.replace(
                    fields, password_verifier=changes["password_verifier"]
                )
            moved = bool(_DESTINATIONS & set(changed))
            if moved:
                fields = await self._rechecked(principal, current, fields)
            if "variants" in changed:
                await repo.reset_variant_clicks(conn, current.id)
            if (
                fields.domain
                and "domain" in changed
                and not await repo.lock_domain(conn, principal, fields.domain)
            ):
                raise unknown_domain(fields.domain)
            if {"short_code", "domain"} & set(changed):
                await repo.move_code(
                    conn,
                    principal,
                    current.id,
                    old=(current.domain, current.short_code),
                    new=(fields.domain, fields.short_code),
                    reservation_days=self.reservation_days,
                )
            row = await repo.update_link(
                conn,
                principal,
                fields,
                lambda row: events.updated(self.resources.of(row), current, changed),
                # security.flagged, once per change of verdict
                also=flagged_event if fields.safety_verdict != current.safety_verdict else None,
            )
            if moved:
                await repo.replace_other_hosts(conn, row.id, other_hosts(of_link(row)))
        written = [row]
        # The old place answers 410 while reserved.
        if (row.domain, row.short_code) != (current.domain, current.short_code):
            written.append(
                msgspec.structs.replace(
                    row,
                    short_code=current.short_code,
                    domain=current.domain,
                    code_key=current.code_key,
                    deleted_at=row.updated_at,
                )
            )
        await self.cache.write(written)
        return (await self.resources.with_counts([row]))[0]

    async def delete(
        self, principal: Principal, link_id: str, *, purge_clicks: bool = False
    ) -> None:
        """Delete the link; with ``purge_clicks``, everything stored of its clicks too."""
        await self.cache.require_room()  # 503 rather than a deleted link the edge still serves
        async with self.db.transaction() as conn:
            current = await repo.get_link(conn, principal, link_id, for_update=True)
            if current is not None:
                refuse_managed(current)
            row = await repo.delete_link(conn, principal, link_id, events.deleted)
            if row is None:
                raise NotFound(f"No link with id {link_id!r}.")
            await record_audit(conn, principal, "link.deleted", link_id)
            if purge_clicks:
                await repo.purge_link_clicks(conn, link_id)
        await self.cache.write([row])

    async def bulk_update(
        self, principal: Principal, where: repo.LinkFilter, action: BulkAction
    ) -> BulkUpdateResult:
        """Apply ``action`` to every link ``where`` matches, BULK_CHUNK links a transaction,
        each change as PATCH or DELETE /v1/links/:id makes it (its event included)."""
        if action.type in ("addTags", "removeTags") and not action.tags:
            raise validation([FieldError("action.tags", "name at least one tag")])
        if action.type == "delete" and where == repo.LinkFilter():
            raise validation(
                [FieldError("filter", "name at least one criterion to delete by filter")]
            )
        tags = unique_tags(action.tags)
        if action.type == "delete":
            await self.cache.require_room()
        matched = changed = 0
        before: str | None = None
        while True:
            written: list[LinkRow] = []
            async with self.db.transaction() as conn:
                rows = await repo.matching_for_update(
                    conn, principal, where, before=before, limit=BULK_CHUNK
                )
                for current in rows:
                    if action.type == "delete":
                        row = await repo.delete_link(conn, principal, current.id, events.deleted)
                        if row is not None:
                            written.append(row)
                            await record_audit(conn, principal, "link.deleted", current.id)
                        continue
                    if action.type in ("archive", "unarchive"):
                        archived = action.type == "archive"
                        if current.archived == archived:
                            continue
                        fields = msgspec.structs.replace(LinkFields.of(current), archived=archived)
                        written.append(
                            await repo.update_link(
                                conn, principal, fields, self._updated(current, "archived")
                            )
                        )
                        continue
                    new_tags = (
                        unique_tags([*current.tags, *tags])
                        if action.type == "addTags"
                        else [tag for tag in current.tags if tag not in tags]
                    )
                    if new_tags == current.tags or len(new_tags) > MAX_TAGS:
                        continue
                    fields = msgspec.structs.replace(LinkFields.of(current), tags=new_tags)
                    written.append(
                        await repo.update_link(
                            conn, principal, fields, self._updated(current, "tags")
                        )
                    )
            matched += len(rows)
            changed += len(written)
            if action.type == "delete":  # tags and archived are not in the edge's entry
                await self.cache.write(written)
            if len(rows) < BULK_CHUNK:
                return BulkUpdateResult(matched=matched, changed=changed)
            before = rows[-1].id

    def _updated(self, before: LinkRow, field: str) -> repo.Describe:
        return lambda row: events.updated(self.resources.of(row), before, [field])

    async def _rechecked(
        self, principal: Principal, current: LinkRow, fields: LinkFields
    ) -> LinkFields:
        """The fields with the new destination's verdict. An operator's block stays with
        the link; an operator's allow was about the old destination and lapses."""
        override = "block" if current.safety_override == "block" else None
        decision = await self.admission.verdict(principal, of_link(fields), override=override)
        host, site = locate(fields.long_url)
        return msgspec.structs.replace(
            fields,
            host=host,
            site=site,
            safety_verdict=decision.verdict,
            safety_reasons=list(decision.reasons),
            safety_source=decision.source,
            safety_checked_at=utc_now(),
            safety_override=override,
        )
