"""Cursors: the one codec behind every list's ``nextCursor``.

A cursor names where the next page starts: a small typed payload (a struct per kind of
list, ``array_like`` so it stays short) as JSON, then base64url without padding. It is
opaque to clients and checked on the way back in: anything that is not the payload the
list expects, or that the list's own check refuses (an id of another kind, a position of
another order), is the same 422 on ``cursor``, never a query with a made-up position.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Annotated, TypeVar

import msgspec

from admin.errors import FieldError, ValidationFailed, validation
from admin.patterns import whole

# An id inside a cursor: printable ASCII, no spaces (ids never hold one, and PostgreSQL
# text cannot hold a NUL a JSON string could carry).
CursorId = Annotated[str, msgspec.Meta(pattern=whole("[!-~]+"))]


class Position(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """A cursor's payload: each kind of list declares its own as a subclass."""


P = TypeVar("P", bound=Position)


class RowCursor(Position, frozen=True):
    """The last row of a page of a list in id order (webhooks, attempts, QR codes, ...)."""

    id: CursorId


_encoder = msgspec.json.Encoder()


def encode_cursor(position: Position) -> str:
    return base64.urlsafe_b64encode(_encoder.encode(position)).decode().rstrip("=")


def invalid_cursor() -> ValidationFailed:
    return validation([FieldError("cursor", "is not a cursor this API returned")])


def decode_cursor(text: str, kind: type[P], valid: Callable[[P], bool] | None = None) -> P:
    """The ``kind`` payload ``text`` carries, if ``valid`` (when given) accepts it; else
    the 422 every list answers for a cursor it did not hand out."""
    try:
        position = msgspec.json.decode(
            base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), type=kind
        )
    except (ValueError, msgspec.DecodeError):  # binascii.Error, non-ASCII, not the payload
        raise invalid_cursor() from None
    if valid is not None and not valid(position):
        raise invalid_cursor()
    return position


def decode_row_cursor(text: str, prefix: str) -> str:
    """The row id a ``RowCursor`` names, which must be of the list's kind (``prefix``)."""
    return decode_cursor(text, RowCursor, lambda row: row.id.startswith(prefix)).id
