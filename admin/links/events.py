"""The ``link.*`` events a change of a link writes (docs/api.md#events), each with its
payload struct (admin/events/payloads.py; ``link.updated``'s, the resource and its
changes, here). The repository writes them in the change's
transaction, made from the row as written."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import msgspec

from admin.events import Event, LinkDeleted
from admin.link_model import LinkRow
from admin.links.schemas import Link
from common.timefmt import iso_utc


class LinkUpdated(Link, kw_only=True, rename="camel"):
    """``link.updated``: the link resource after the change, the names of the changed
    fields and their values before it."""

    changes: list[str]
    previous: dict[str, Any]


# A changed column's name in ``changes`` and ``previous``: the API's field name.
_WIRE_NAMES = {
    "short_code": "shortCode",
    "domain": "domain",
    "long_url": "longUrl",
    "tags": "tags",
    "expires_at": "expiresAt",
    "redirect_type": "redirectType",
    "forward_query": "forwardQuery",
    "rules": "rules",
    "variants": "variants",
    "password_hash": "passwordProtected",
    "max_clicks": "maxClicks",
    "expired_url": "expiredUrl",
    "title": "title",
    "notes": "notes",
    "preview": "preview",
    "utm": "utm",
    "external_id": "externalId",
    "archived": "archived",
    "app_url": "appUrl",
    "ios_url": "iosUrl",
    "android_url": "androidUrl",
    "extra_path": "extraPath",
}


def created(link: Link) -> Event:
    """``link.created``: the new link's resource."""
    return Event("link.created", link)


def updated(link: Link, before: LinkRow, changed: Sequence[str]) -> Event:
    """``link.updated``: the resource after the change, what changed and what it was."""
    return Event(
        "link.updated",
        LinkUpdated(
            **msgspec.structs.asdict(link),
            changes=[_WIRE_NAMES[name] for name in changed],
            # Never a password hash: its "previous" is whether there was one.
            previous={_WIRE_NAMES[name]: _previous(before, name) for name in changed},
        ),
    )


def deleted(row: LinkRow) -> Event:
    """``link.deleted`` of a row just deleted."""
    assert row.deleted_at is not None
    return Event(
        "link.deleted",
        LinkDeleted(
            id=row.id,
            short_code=row.short_code,
            long_url=row.long_url,
            deleted_at=iso_utc(row.deleted_at),
            # Appended with custom domains: the code was freed on this host (null: the
            # short host), so a receiver can tell two links with the same code apart.
            domain=row.domain or None,
        ),
    )


def _previous(before: LinkRow, name: str) -> Any:
    if name == "password_hash":
        return before.password_hash is not None
    if name == "domain":
        return before.domain or None
    value = getattr(before, name)
    return iso_utc(value) if isinstance(value, datetime) else value
