from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from common.timefmt import iso_utc


def test_any_aware_moment_is_written_in_utc_to_the_millisecond() -> None:
    assert iso_utc(datetime(2026, 11, 22, 12, 15, 54, 123999, tzinfo=UTC)) == (
        "2026-11-22T12:15:54.123Z"
    )
    assert iso_utc(datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=2)))) == (
        "2026-01-02T01:04:05.000Z"
    )
    assert iso_utc(datetime(2026, 3, 1, tzinfo=ZoneInfo("Europe/Paris"))) == (
        "2026-02-28T23:00:00.000Z"
    )
    assert iso_utc(datetime(2026, 1, 1, 0, 0, 0, 999, tzinfo=ZoneInfo("UTC"))) == (
        "2026-01-01T00:00:00.000Z"
    )
