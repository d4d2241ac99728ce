"""Counts and sizes as a person reads them in a message: "1 click", "3 clicks",
"1 MiB" (not "1048576 bytes")."""

from __future__ import annotations

_UNITS = ((1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB"))


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 character``, ``2 characters`` (``many`` for an irregular plural)."""
    word = one if count == 1 else (many or f"{one}s")
    return f"{count:,} {word}"


def size(count: int) -> str:
    """A byte count in the largest binary unit it is a whole number of, else bytes:
    ``1 MiB``, ``256 KiB``, ``1,000 bytes``."""
    for unit, name in _UNITS:
        if count >= unit and count % unit == 0:
            return f"{count // unit:,} {name}"
    return plural(count, "byte")
