"""Wire formats of /v1/domains (docs/api.md#domains)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta


class DomainCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hostname: Annotated[
        str,
        Meta(
            min_length=1,
            max_length=253,
            description="A host name you control, e.g. go.brand.com (ASCII: an "
            "internationalised name in its xn-- form).",
        ),
    ]


class Verification(msgspec.Struct, kw_only=True):
    """The DNS record that proves the domain is yours: publish it, then POST .../verify."""

    type: Literal["TXT"]
    name: str
    value: str


class Domain(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    hostname: str
    status: Annotated[
        Literal["pending", "verified"],
        Meta(description="pending until a verification finds the TXT record."),
    ]
    verification: Verification
    created_at: str
    verified_at: str | None
    checked_at: Annotated[str | None, Meta(description="The last verification attempt.")]


class DomainList(msgspec.Struct, kw_only=True):
    data: list[Domain]


class DomainCheck(msgspec.Struct, kw_only=True):
    domain: str
    verified: bool
