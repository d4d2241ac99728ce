"""Wire formats of /v1/domains (docs/api.md#domains)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from admin.api.examples import example
from admin.api.fields import CreatedBy
from admin.patterns import whole

# What the server accepts as a host name (admin/domains/service.py normalises it): LDH
# labels of 1-63, at least two, the last one starting with a letter (so no IP address
# passes), any case, a final dot allowed; 253 characters at most (the maxLength).
_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_LAST_LABEL = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOSTNAME_PATTERN = whole(f"(?:{_LABEL}\\.)+{_LAST_LABEL}\\.?")
CHALLENGE_LABEL = "_hop-challenge"
# A domain one adds must leave room for its proof's name, <CHALLENGE_LABEL>.<hostname>,
# within DNS's 253 characters; a longer one could never be verified.
MAX_OWN_HOSTNAME = 253 - len(CHALLENGE_LABEL) - 1


@example({"hostname": "go.brand.example"})
class DomainCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hostname: Annotated[
        str,
        Meta(
            min_length=1,
            max_length=MAX_OWN_HOSTNAME,
            pattern=HOSTNAME_PATTERN,
            description="A host name you control, e.g. go.brand.com (ASCII: an "
            "internationalised name in its xn-- form), at most 238 characters so that "
            "its TXT record's name fits in DNS; stored lower-case, without a final dot.",
        ),
    ]


class Verification(msgspec.Struct, kw_only=True):
    """The DNS record that proves the domain is yours: publish it, then POST .../verify."""

    type: Literal["TXT"]
    name: str
    value: str


DOMAIN_EXAMPLE = {
    "id": "dom_01JNQ6C2D3E4F5G6H7J8K9M0NP",
    "hostname": "go.brand.example",
    "status": "verified",
    "verification": {
        "type": "TXT",
        "name": "_hop-challenge.go.brand.example",
        "value": "hop-Q2v7mX9kP4rT1sW8yZ3bN6cF0hJ5dL2g",
    },
    "createdAt": "2026-03-01T09:30:00Z",
    "verifiedAt": "2026-03-01T09:42:00Z",
    "checkedAt": "2026-03-01T15:42:00Z",
    "lapsingSince": None,
    "lapsesAt": None,
    "lapsedAt": None,
    "createdBy": "usr_01JNQ3V5W6X7Y8Z9A0B1C2D3EF",
    "notFoundUrl": "https://brand.example/not-found",
    "caseSensitive": True,
}


@example(DOMAIN_EXAMPLE)
class Domain(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    hostname: str
    status: Annotated[
        Literal["pending", "verified", "lapsing", "lapsed"],
        Meta(
            description="pending until a verification finds the TXT record; verified while "
            "the checks repeated every HOP_DOMAIN_REVERIFY_INTERVAL find it; lapsing once one "
            "does not (still served; it is verified again when a check finds the record); "
            "lapsed when the record stayed away until lapsesAt: no longer served, and the name "
            "is free for whoever proves it next (a verification of yours serves it again)."
        ),
    ]
    verification: Verification
    created_at: str
    verified_at: str | None
    checked_at: Annotated[
        str | None, Meta(description="The last verification attempt, yours or scheduled.")
    ]
    lapsing_since: Annotated[
        str | None, Meta(description="When a check first found the TXT record gone.")
    ]
    lapses_at: Annotated[
        str | None,
        Meta(description="When a lapsing domain lapses unless a check finds the record first."),
    ]
    lapsed_at: Annotated[str | None, Meta(description="When the domain lapsed.")]
    created_by: CreatedBy = None
    not_found_url: Annotated[
        str | None,
        Meta(
            description="Where the edge redirects visits of unknown codes on this domain "
            "(still counted as orphan visits); null: the 404 page."
        ),
    ] = None
    case_sensitive: Annotated[
        bool,
        Meta(
            description="true: /Sale and /sale are two codes on this domain. false: one (the "
            "edge folds the case of every code asked; a new code clashes with one differing "
            "only in case)."
        ),
    ] = True


@example({"notFoundUrl": "https://brand.example/not-found", "caseSensitive": False})
class DomainUpdate(msgspec.Struct, kw_only=True, rename="camel", forbid_unknown_fields=True):
    """Each field optional: what is left out stays as it is."""

    not_found_url: (
        Annotated[
            str,
            Meta(
                max_length=2048,
                description="An http(s) URL, not on a host where short links answer "
                "(redirect loop), where unknown codes on this domain redirect; null: the 404 "
                "page again.",
            ),
        ]
        | UnsetType
        | None
    ) = UNSET
    case_sensitive: (
        Annotated[
            bool,
            Meta(
                description="false: the domain's codes become case-insensitive (409 "
                "case-clash, naming them in clashes, while two of its codes differ only in "
                "case); true: case-sensitive again."
            ),
        ]
        | UnsetType
    ) = UNSET


@example({"data": [DOMAIN_EXAMPLE]})
class DomainList(msgspec.Struct, kw_only=True):
    data: list[Domain]


@example({"domain": "go.brand.example", "verified": True})
class DomainCheck(msgspec.Struct, kw_only=True):
    domain: str
    verified: bool
