"""The RFC 9457 problem+json body every error is answered with (docs/api.md#errors).

Its shape lives below the front door because a domain writes it too: a bulk import
reports each refused row as the problem its own request would have got.
"""

from __future__ import annotations

import msgspec

from admin.errors import FieldError, HopError

PROBLEM_MEDIA_TYPE = "application/problem+json"
PROBLEM_TYPE_PREFIX = "urn:hop:problem:"


class Problem(msgspec.Struct, frozen=True):
    type: str
    title: str
    status: int
    detail: str
    errors: list[FieldError]


_encoder = msgspec.json.Encoder()


def problem_of(error: HopError) -> Problem:
    return Problem(
        PROBLEM_TYPE_PREFIX + error.slug, error.title, error.status, error.detail, error.errors
    )


def encode_problem(error: HopError) -> bytes:
    if error.extensions:  # extension members (RFC 9457 section 3.2) after the standard ones
        members = msgspec.structs.asdict(problem_of(error))
        return _encoder.encode({**members, **error.extensions})
    return _encoder.encode(problem_of(error))
