"""What a verdict change tells the world: the ``security.flagged`` event (docs/api.md
#events) and the owner's e-mail."""

from __future__ import annotations

from admin.events import Event, SecurityFlagged
from admin.link_model import LinkRow
from admin.mail import Mail
from admin.urls import short_url
from common.safety import REASONS
from common.timefmt import iso_utc, utc_now

FLAGGED = "security.flagged"
_SUBJECT = {"warn": "is flagged", "block": "is blocked", "ok": "is no longer flagged"}
_WHAT = {
    "warn": "is now shown with a warning page before it redirects",
    "block": "is now blocked: visitors see an error page instead of the destination",
    "ok": "is no longer flagged and redirects as usual again",
}


def flagged_event(row: LinkRow) -> Event:
    """``security.flagged``: sent once for every change of a link's verdict, including
    back to ``ok`` when an operator lifts a flag."""
    return Event(
        FLAGGED,
        SecurityFlagged(
            link_id=row.id,
            short_code=row.short_code,
            long_url=row.long_url,
            verdict=row.safety_verdict,  # type: ignore[arg-type]  # the column's CHECK
            reasons=list(row.safety_reasons),
            source=row.safety_source,  # type: ignore[arg-type]
            flagged_at=iso_utc(row.safety_checked_at or utc_now()),
        ),
    )


def flagged_mail(
    row: LinkRow, recipient: str, short_base_url: str, flagged_urls: tuple[str, ...] = ()
) -> Mail:
    """The owner's e-mail about a verdict change. ``flagged_urls``: the destinations at
    fault, named when any is not longUrl (a targeting rule's, a variant's, expiredUrl, a
    QR app code's), so the owner knows which to change. An operator's decision on the
    link itself is about the link, not one destination; one on a host names the
    destinations on it."""
    address = short_url(short_base_url, row.environment, row.short_code, row.domain)
    reasons = "".join(f"- {REASONS.get(code, code)}\n" for code in row.safety_reasons)
    subject = f"Hop: your link {address} {_SUBJECT[row.safety_verdict]}"
    body = (
        f"Your short link {address} (id {row.id}) {_WHAT[row.safety_verdict]}.\n"
        f"Destination: {row.long_url}\n"
    )
    named = row.safety_verdict != "ok" and row.safety_override is None
    if named and any(url != row.long_url for url in flagged_urls):
        body += "Flagged destinations of this link:\n"
        body += "".join(f"- {url}\n" for url in flagged_urls)
    if reasons:
        body += f"\nWhy:\n{reasons}"
    if row.safety_verdict != "ok":
        body += (
            "\nIf you think this is a mistake, ask for a review with\n"
            f"POST /v1/links/{row.id}/review\n"
            "and an operator will look at it.\n"
        )
    return Mail(recipient, subject, body)
