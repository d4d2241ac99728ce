"""Links the service keeps on an owner's behalf for QR codes and Bio pages.

They live in ``links`` like any other (the edge, the click pipeline and the
clicks API treat them alike) but carry ``managed_by`` so /v1/links refuses to
change them and leaves them out of its list. They raise no ``link.*`` events:
the QR code or Bio page that owns them has its own.

They come in by the same way as any link (admin/links/admission.py): a new one
counts against the new-account quota, and every destination of a new or re-pointed
one is judged, its verdict written with it for the edge to act on. A verdict other
than ``ok``, or a change of verdict, records ``security.flagged`` and, since neither
a QR code nor a Bio page shows its links' verdicts, e-mails the owner, in the same
transaction. The caller checks the destinations first (``Admission.check_url``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from admin.auth import Principal
from admin.db import Connection
from admin.errors import ServiceUnavailable
from admin.events import record_event
from admin.link_model import FeatureColumns, LinkFields, LinkRow, NewManagedLink
from admin.links import repository as repo
from admin.links.admission import Admission
from admin.mail import queue_mail
from admin.safety import (
    Decision,
    destinations,
    flagged_event,
    flagged_mail,
    locate,
    of_link,
    other_hosts,
    owner_email,
)
from common.ids import new_id, new_short_code
from common.timefmt import utc_now

_CODE_ATTEMPTS = 5


class ManagedLinks:
    def __init__(self, admission: Admission, short_base_url: str) -> None:
        self.admission = admission
        self.short_base_url = short_base_url  # for the owner's e-mail

    async def create(
        self,
        conn: Connection,
        principal: Principal,
        managed_by: Literal["qr", "bio"],
        long_url: str,
        *,
        ios_url: str | None = None,
        android_url: str | None = None,
        ours: bool = False,
    ) -> LinkRow:
        """A new managed link (429 over the new-account quota). ``ours``: the destination
        is a page of ours (a Bio page), counted by the quota but not judged."""
        decision = None
        if ours:
            await self.admission.spend(principal)
        else:
            urls = destinations(long_url, FeatureColumns(), ios_url, android_url)
            decision = await self.admission.admit(principal, urls)
        host, site = locate(long_url)
        for _ in range(_CODE_ATTEMPTS):
            row = await repo.insert_managed_link(
                conn,
                principal,
                NewManagedLink(
                    id=new_id("lnk"),
                    short_code=new_short_code(),
                    long_url=long_url,
                    managed_by=managed_by,
                    host=host,
                    site=site,
                    ios_url=ios_url,
                    android_url=android_url,
                    safety_verdict=decision.verdict if decision else "ok",
                    safety_reasons=list(decision.reasons) if decision else [],
                    safety_source=decision.source if decision else None,
                    created_by=principal.actor_id,
                ),
            )
            if row is not None:
                if ios_url or android_url:  # an app code's other destinations
                    await repo.replace_other_hosts(conn, row.id, other_hosts(of_link(row)))
                if decision is not None and decision.verdict != "ok":
                    await self._tell(conn, principal, row, decision)
                return row
        raise ServiceUnavailable("Could not allocate a short code; retry.")

    async def retarget(
        self,
        conn: Connection,
        principal: Principal,
        link_id: str,
        long_url: str,
        *,
        ios_url: str | None = None,
        android_url: str | None = None,
        ours: bool = False,
    ) -> LinkRow | None:
        """Point a managed link elsewhere, judged as a link's PATCH is (an operator's
        block stays with it, an operator's allow lapses); None if it no longer exists or
        nothing changed. ``ours`` as for ``create``: the verdict stays as it was."""
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
            LinkFields.of(current),
            long_url=long_url,
            ios_url=ios_url,
            android_url=android_url,
            host=host,
            site=site,
        )
        decision = None
        if not ours:
            override = "block" if current.safety_override == "block" else None
            decision = await self.admission.verdict(principal, of_link(fields), override=override)
            fields = msgspec.structs.replace(
                fields,
                safety_verdict=decision.verdict,
                safety_reasons=list(decision.reasons),
                safety_source=decision.source,
                safety_checked_at=utc_now(),
                safety_override=override,
            )
        row = await repo.update_link(conn, principal, fields)
        if ios_url or android_url or current.ios_url or current.android_url:
            await repo.replace_other_hosts(conn, row.id, other_hosts(of_link(row)))
        if decision is not None and row.safety_verdict != current.safety_verdict:
            await self._tell(conn, principal, row, decision)
        return row

    async def _tell(
        self, conn: Connection, principal: Principal, row: LinkRow, decision: Decision
    ) -> None:
        """``security.flagged`` and the owner's e-mail about the link's (new) verdict."""
        await record_event(conn, principal, flagged_event(row))
        recipient = await owner_email(conn, principal.workspace_id)
        if recipient:
            mail = flagged_mail(row, recipient, self.short_base_url, decision.urls)
            await queue_mail(conn, mail)
