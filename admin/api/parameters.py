"""Query parameters read the same way by every route that takes them."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from admin.errors import FieldError, validation


def parse_instant(field: str, raw: str | None) -> datetime | None:
    """An ISO 8601 date (midnight UTC) or date-time (UTC if no offset given)."""
    if raw is None or raw == "":
        return None
    try:
        if len(raw) == 10:
            return datetime.combine(date.fromisoformat(raw), time(), UTC)
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise validation([FieldError(field, "must be an ISO 8601 date or date-time")]) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
