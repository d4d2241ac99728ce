"""Timestamps on the wire: ISO 8601, UTC, ``Z``, milliseconds."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso_utc(moment: datetime) -> str:
    """``2026-11-22T12:15:54.123Z`` for any aware datetime."""
    if moment.tzinfo is not UTC:
        moment = moment.astimezone(UTC)
    # isoformat is C; a strftime format string took four times as long.
    return moment.replace(tzinfo=None).isoformat(timespec="milliseconds") + "Z"


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)
