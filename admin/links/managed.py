"""Links the service keeps on an owner's behalf for QR codes and Bio pages.

They live in ``links`` like any other (the edge, the click pipeline and the
clicks API treat them alike) but carry ``managed_by`` so /v1/links refuses to
change them and leaves them out of its list. They raise no ``link.*`` events:
the QR code or Bio page that owns them has its own.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from admin.auth.principal import Principal
from admin.db import Connection
from admin.errors import ServiceUnavailable
from admin.links import repository as repo
from admin.safety.destinations import of_link, other_hosts
from admin.safety.urlforms import locate
from common.ids import new_id, new_short_code

_CODE_ATTEMPTS = 5


async def create_managed_link(
    conn: Connection,
    principal: Principal,
    managed_by: Literal["qr", "bio"],
    long_url: str,
    *,
    ios_url: str | None = None,
    android_url: str | None = None,
) -> repo.LinkRow:
    host, site = locate(long_url)
    for _ in range(_CODE_ATTEMPTS):
        row = await repo.insert_managed_link(
            conn,
            principal,
            repo.NewManagedLink(
                id=new_id("lnk"),
                short_code=new_short_code(),
                long_url=long_url,
                managed_by=managed_by,
                host=host,
                site=site,
                ios_url=ios_url,
                android_url=android_url,
            ),
        )
        if row is not None:
            if ios_url or android_url:  # an app code's other destinations
                await repo.replace_other_hosts(conn, row.id, other_hosts(of_link(row)))
            return row
    raise ServiceUnavailable("Could not allocate a short code; retry.")


async def retarget_managed_link(
    conn: Connection,
    principal: Principal,
    link_id: str,
    long_url: str,
    *,
    ios_url: str | None = None,
    android_url: str | None = None,
) -> repo.LinkRow | None:
    """Point a managed link elsewhere; None if it no longer exists or nothing changed."""
    current = await repo.get_link(conn, principal, link_id, for_update=True)
    if current is None or current.managed_by is None:
        return None
    if (current.long_url, current.ios_url, current.android_url) == (
        long_url,
        ios_url,
        android_url,
    ):
        return None
    host, site = locate(long_url)
    fields = msgspec.structs.replace(
        repo.LinkFields.of(current),
        long_url=long_url,
        ios_url=ios_url,
        android_url=android_url,
        host=host,
        site=site,
    )
    row = await repo.update_link(conn, principal, fields)
    if ios_url or android_url or current.ios_url or current.android_url:
        await repo.replace_other_hosts(conn, row.id, other_hosts(of_link(row)))
    return row
