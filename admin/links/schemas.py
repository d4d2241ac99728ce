"""Wire formats of the links API (docs/api.md#links; field rules in docs/decisions.md#api)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from admin.http.examples import example
from admin.patterns import whole
from admin.urls import MAX_URL_LENGTH

MAX_TAGS = 20
Url = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_URL_LENGTH,
        description="Absolute http(s) URL, at most 2,048 characters.",
        extra_json_schema={"format": "uri"},
    ),
]
Alias = Annotated[
    str,
    Meta(
        min_length=3,
        max_length=64,
        pattern=whole("[A-Za-z0-9_-]+"),
        description=(
            "Custom short code: 3-64 of A-Z a-z 0-9 _ -. Unique per environment (live and "
            "sandbox are separate); a code freed by a delete or alias change stays reserved "
            "for its previous owner for HOP_CODE_RESERVATION_DAYS (30 by default)."
        ),
    ),
]
Tag = Annotated[str, Meta(min_length=1, max_length=64)]
Tags = Annotated[list[Tag], Meta(max_length=MAX_TAGS, description="At most 20 tags.")]
Expiry = Annotated[
    datetime, Meta(tz=True, description="ISO 8601 timestamp with a timezone, in the future.")
]
RedirectType = Literal[301, 302, 307, 308]


@example(
    {
        "longUrl": "https://shop.example.com/spring-sale?ref=newsletter",
        "alias": "spring-sale",
        "tags": ["campaign", "spring"],
        "expiresAt": "2030-06-30T23:59:59Z",
        "redirectType": 302,
        "forwardQuery": True,
    }
)
class LinkCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    long_url: Url
    alias: Alias | None = None
    tags: Tags = msgspec.field(default_factory=list)
    expires_at: Expiry | None = None
    redirect_type: RedirectType = 302
    forward_query: bool = True


@example({"longUrl": "https://shop.example.com/summer-sale", "tags": ["campaign"]})
class LinkUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """Only the fields sent change; ``null`` clears ``tags`` and ``expiresAt``."""

    long_url: Url | UnsetType = UNSET
    alias: Alias | UnsetType = UNSET
    tags: Tags | UnsetType | None = UNSET
    expires_at: Expiry | UnsetType | None = UNSET
    redirect_type: RedirectType | UnsetType = UNSET
    forward_query: bool | UnsetType = UNSET


ShortUrl = Annotated[
    str,
    Meta(
        description=(
            "<short_base_url>/<shortCode>; for sandbox (svc_test_) links "
            "<short_base_url>/test/<shortCode>."
        )
    ),
]


class LinkSafety(msgspec.Struct, kw_only=True, rename="camel"):
    """What the safety layer says of the destination (docs/safety.md)."""

    verdict: Annotated[
        Literal["ok", "warn", "block"],
        Meta(
            description="ok: redirects; warn: the edge shows a warning page first; block: "
            "the edge answers 403."
        ),
    ]
    reasons: Annotated[
        list[str], Meta(description="Stable reason codes (docs/safety.md); empty when ok.")
    ]
    source: Annotated[
        Literal["heuristic", "feed", "operator", "spam_wave"] | None,
        Meta(description="What decided the verdict; null for links not yet checked."),
    ]
    checked_at: str | None
    review_requested_at: Annotated[
        str | None,
        Meta(description="When the owner asked for a review (POST /v1/links/:id/review)."),
    ]


@example({"message": "This is our own shop; the domain is new."})
class ReviewRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    message: Annotated[str, Meta(max_length=1000)] | None = None


LINK_EXAMPLE = {
    "id": "lnk_01JNQ4Z8K3M2X7V5R9T6Y1W0PA",
    "shortCode": "spring-sale",
    "shortUrl": "https://hop.example/spring-sale",
    "longUrl": "https://shop.example.com/spring-sale?ref=newsletter",
    "tags": ["campaign", "spring"],
    "expiresAt": "2030-06-30T23:59:59Z",
    "createdAt": "2026-03-01T09:30:00Z",
    "updatedAt": "2026-03-01T09:30:00Z",
    "status": "active",
    "clicks": 42,
    "redirectType": 302,
    "forwardQuery": True,
    "safety": {
        "verdict": "ok",
        "reasons": [],
        "source": "heuristic",
        "checkedAt": "2026-03-01T09:30:00Z",
        "reviewRequestedAt": None,
    },
}


@example(LINK_EXAMPLE)
class Link(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    short_code: str
    short_url: ShortUrl
    long_url: str
    tags: list[str]
    expires_at: str | None
    created_at: str
    updated_at: str
    status: Annotated[
        Literal["active", "expired", "flagged", "blocked"],
        Meta(
            description="blocked: the safety layer blocks it (403 at the edge); flagged: "
            "visitors see a warning page first; expired; active."
        ),
    ]
    clicks: int
    redirect_type: int
    forward_query: bool
    safety: LinkSafety


@example({"data": [LINK_EXAMPLE], "nextCursor": "eyJ0IjoiMjAyNi0wMy0wMSJ9"})
class LinkPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[Link]
    next_cursor: str | None
