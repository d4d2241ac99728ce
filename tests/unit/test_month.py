from __future__ import annotations

from datetime import UTC, datetime

from admin.http.ratelimit import _Month


def _at(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> float:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()


def test_a_month_runs_from_its_first_midnight_utc_to_the_next() -> None:
    december = _Month.of(_at(2026, 12, 31, 23, 59, 59))
    assert december.name == "202612"
    assert december.start == _at(2026, 12, 1)
    assert december.end == _at(2027, 1, 1)
    assert _Month.of(_at(2028, 2, 29, 12)).end == _at(2028, 3, 1)  # a leap February
    assert _Month.of(december.end).name == "202701"
