"""Wire formats of the links API (docs/api.md#links; field rules in docs/decisions.md#api)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from admin.api.examples import example
from admin.api.fields import CreatedBy
from admin.domains import HOSTNAME_PATTERN
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
            "sandbox are separate) and domain; a code freed by a delete, alias or domain "
            "change stays reserved for its previous owner for HOP_CODE_RESERVATION_DAYS "
            "(30 by default)."
        ),
    ),
]
Tag = Annotated[str, Meta(min_length=1, max_length=64)]
Tags = Annotated[list[Tag], Meta(max_length=MAX_TAGS, description="At most 20 tags.")]
Expiry = Annotated[
    datetime, Meta(tz=True, description="ISO 8601 timestamp with a timezone, in the future.")
]
RedirectType = Literal[301, 302, 307, 308]
Country = Annotated[
    str, Meta(pattern=whole("[A-Z]{2}"), description="ISO 3166-1 alpha-2 code, upper case.")
]
Device = Literal["mobile", "tablet", "desktop"]
Os = Literal["ios", "android", "windows", "macos", "linux", "chromeos"]
Language = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=35,
        pattern=whole("[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*"),
        description="A language tag (en, pt-BR); en also matches en-GB.",
    ),
]
Short = Annotated[str, Meta(max_length=200)]
Domain = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=253,
        pattern=HOSTNAME_PATTERN,
        description="A verified custom domain of yours (POST /v1/domains) the link lives "
        "on: its shortUrl is https://<domain>/<shortCode>. Absent or null: the default "
        "short host.",
    ),
]


class RuleWhen(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """Every condition given must hold; a list holds when the visit has any of its values."""

    country: Annotated[list[Country], Meta(min_length=1, max_length=250)] | None = None
    device: Annotated[list[Device], Meta(min_length=1, max_length=3)] | None = None
    os: Annotated[list[Os], Meta(min_length=1, max_length=6)] | None = None
    language: Annotated[list[Language], Meta(min_length=1, max_length=50)] | None = None


AppUrl = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_URL_LENGTH,
        description="A deep link into an app, at most 2,048 characters: a custom scheme "
        "(myapp://item/42) or a universal / app link (https). javascript:, data:, "
        "vbscript:, file: and blob: are refused, as are spaces and control characters. "
        "Visitors on iOS and Android get a tiny page that opens it and falls back after "
        "1.5 s to iosUrl / androidUrl, else the destination (docs/api.md#deep-links).",
    ),
]
StoreUrl = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_URL_LENGTH,
        description="Absolute http(s) URL, at most 2,048 characters: where visitors on this "
        "platform go when the app does not open (its store page), checked like longUrl. A "
        "link's without an appUrl: visitors on the platform are redirected to it (as an app "
        "QR code's); a rule's needs the rule's appUrl.",
        extra_json_schema={"format": "uri"},
    ),
]


class Rule(
    msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True, rename="camel"
):
    when: RuleWhen
    url: Url
    # Deep links (issue 30): the rule's own app URL, opened instead of the link's for the
    # visits it matches; its stores need it (else the link's stores, else url, apply).
    app_url: AppUrl | None = None
    ios_url: StoreUrl | None = None
    android_url: StoreUrl | None = None


Rules = Annotated[
    list[Rule],
    Meta(
        max_length=20,
        description="Targeting rules, at most 20: the first whose conditions all hold "
        "picks the destination, else longUrl (then variants) applies.",
    ),
]


class Variant(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    url: Url
    weight: Annotated[
        int, Meta(ge=1, le=100, description="A percentage; a link's weights add up to 100.")
    ]


Variants = Annotated[
    list[Variant],
    Meta(
        min_length=2,
        max_length=10,
        description="A/B rotation: 2-10 destinations, each visitor kept on one of them.",
    ),
]


class Preview(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """What link-preview crawlers (Slackbot, Twitterbot, ...) show for the short link."""

    title: Annotated[str, Meta(min_length=1, max_length=200)]
    description: Annotated[str, Meta(max_length=500)] | None = None
    image: Url | None = None


class LinkUtm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """utm_* parameters merged into every destination (replacing ones of the same name)."""

    source: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    medium: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    campaign: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    term: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    content: Annotated[str, Meta(min_length=1, max_length=100)] | None = None


Password = Annotated[
    str,
    Meta(
        min_length=4,
        max_length=128,
        description="Write-only. Visitors must type it; the resource says passwordProtected.",
    ),
]
MaxClicks = Annotated[
    int,
    Meta(
        ge=1,
        le=1_000_000_000,
        description="The link answers like an expired one after this many clicks (a few "
        "more may pass: docs/api.md#limits).",
    ),
]
Notes = Annotated[str, Meta(max_length=2000, description="Private; never shown to visitors.")]
MAX_EXTERNAL_ID = 255
# No control characters (C0, DEL, C1): an id of the caller's own is text it can print.
EXTERNAL_ID_PATTERN = whole("[^\\x00-\\x1f\\x7f-\\x9f]+")
ExternalId = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_EXTERNAL_ID,
        pattern=EXTERNAL_ID_PATTERN,
        description="Your own id for the link (1-255 characters, no control characters), "
        "unique among your live links (per environment): PUT /v1/links/upsert finds the "
        "link by it, GET /v1/links?externalId= filters on it.",
    ),
]
Archived = Annotated[
    bool,
    Meta(
        description="Archived links still redirect, but GET /v1/links leaves them out "
        "(?archived=true lists them) and account analytics do not count them "
        "(?includeArchived=true does)."
    ),
]
ExtraPath = Annotated[
    Literal["ignore", "append"],
    Meta(
        description="What <short URL>/<more> answers (docs/api.md#extra-paths): ignore, the "
        "link as if /<more> were not there; append, the destination with /<more> after its "
        "path (the query merged as for the link). null (the default): 404, as always. "
        "<short URL>/ (a trailing slash) answers as the link on every link."
    ),
]


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
    rules: Rules | None = None
    variants: Variants | None = None
    password: Password | None = None
    max_clicks: MaxClicks | None = None
    expired_url: Url | None = None
    title: Short | None = None
    notes: Notes | None = None
    preview: Preview | None = None
    utm: LinkUtm | None = None
    domain: Domain | None = None
    external_id: ExternalId | None = None
    # None: false for a new link; an upsert that updates leaves the link's as it is.
    archived: Archived | None = None
    app_url: AppUrl | None = None
    ios_url: StoreUrl | None = None
    android_url: StoreUrl | None = None
    extra_path: ExtraPath | None = None


@example({"longUrl": "https://shop.example.com/summer-sale", "tags": ["campaign"]})
class LinkUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """Only the fields sent change; ``null`` clears ``tags``, ``expiresAt`` and every
    optional feature (rules, variants, password, limits, metadata)."""

    long_url: Url | UnsetType = UNSET
    alias: Alias | UnsetType = UNSET
    tags: Tags | UnsetType | None = UNSET
    expires_at: Expiry | UnsetType | None = UNSET
    redirect_type: RedirectType | UnsetType = UNSET
    forward_query: bool | UnsetType = UNSET
    rules: Rules | UnsetType | None = UNSET
    variants: Variants | UnsetType | None = UNSET
    password: Password | UnsetType | None = UNSET
    max_clicks: MaxClicks | UnsetType | None = UNSET
    expired_url: Url | UnsetType | None = UNSET
    title: Short | UnsetType | None = UNSET
    notes: Notes | UnsetType | None = UNSET
    preview: Preview | UnsetType | None = UNSET
    utm: LinkUtm | UnsetType | None = UNSET
    # null moves the link to the default short host
    domain: Domain | UnsetType | None = UNSET
    external_id: ExternalId | UnsetType | None = UNSET
    archived: Archived | UnsetType = UNSET
    app_url: AppUrl | UnsetType | None = UNSET
    ios_url: StoreUrl | UnsetType | None = UNSET
    android_url: StoreUrl | UnsetType | None = UNSET
    extra_path: ExtraPath | UnsetType | None = UNSET


ShortUrl = Annotated[
    str,
    Meta(
        description=(
            "<short_base_url>/<shortCode>; for sandbox (svc_test_) links "
            "<short_base_url>/test/<shortCode>. On a custom domain "
            "https://<domain>/<shortCode> (sandbox: https://<domain>/test/<shortCode>)."
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


class VariantStats(msgspec.Struct, kw_only=True):
    url: str
    weight: int
    clicks: Annotated[
        int,
        Meta(
            description="Clicks sent to this variant since the variants were last set "
            "(counted by the worker, like clicks)."
        ),
    ] = 0


@example({"message": "This is our own shop; the domain is new."})
class ReviewRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    message: Annotated[str, Meta(max_length=1000)] | None = None


@example(
    {
        "status": "broken",
        "httpStatus": 404,
        "checkedAt": "2026-03-02T04:10:00Z",
        "url": "https://shop.example.com/spring-sale?ref=newsletter",
    }
)
class LinkHealth(msgspec.Struct, kw_only=True, rename="camel"):
    """What the last check of the link's destinations found (docs/api.md#link-health)."""

    status: Annotated[
        Literal["ok", "broken", "unknown"],
        Meta(
            description="ok: every destination answered; broken: one answered 404, 410 or "
            "5xx twice, or its host does not resolve, refuses connections or fails TLS; "
            "unknown: no verdict (401, 403, 429, other 4xx, a time-out, an address the "
            "checks may not call)."
        ),
    ]
    http_status: Annotated[
        int | None,
        Meta(description="The status the destination answered; null when none came."),
    ]
    checked_at: str
    url: Annotated[
        str | None,
        Meta(description="The destination the status is about; null when all are ok."),
    ] = None


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
    "createdBy": "key_01JNQ4Y2B7C9D3E5F6G8H0J1KM",
    "archived": False,
    "externalId": "crm-campaign-4711",
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
    rules: list[Rule] | None = None
    variants: list[VariantStats] | None = None
    password_protected: bool = False
    max_clicks: int | None = None
    expired_url: str | None = None
    exhausted_at: Annotated[
        str | None, Meta(description="When clicks reached maxClicks; null before.")
    ] = None
    title: str | None = None
    notes: str | None = None
    preview: Preview | None = None
    utm: LinkUtm | None = None
    domain: Annotated[
        str | None,
        Meta(description="The custom domain the link lives on; null: the default short host."),
    ] = None
    created_by: CreatedBy = None
    imported_clicks: Annotated[
        int,
        Meta(
            description="Clicks the link had at the shortener it was imported from "
            "(POST /v1/imports), kept beside ours: clicks counts only Hop's."
        ),
    ] = 0
    archived: Annotated[
        bool,
        Meta(
            description="Archived (PATCH, bulk update; or at its source when imported): it "
            "still redirects, but lists and account analytics leave it out unless asked."
        ),
    ] = False
    external_id: Annotated[
        str | None, Meta(description="Your own id for the link (externalId); null when unset.")
    ] = None
    health: Annotated[
        LinkHealth | None,
        Meta(
            description="The worker's last check of its destinations (HOP_LINK_HEALTH_INTERVAL); "
            "null before the first check."
        ),
    ] = None
    app_url: str | None = None
    ios_url: str | None = None
    android_url: str | None = None
    extra_path: ExtraPath | None = None


@example({"data": [LINK_EXAMPLE], "nextCursor": "eyJ0IjoiMjAyNi0wMy0wMSJ9"})
class LinkPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[Link]
    next_cursor: str | None


class TagCount(msgspec.Struct, kw_only=True):
    tag: str
    links: Annotated[int, Meta(description="How many of your links carry the tag.")]


@example({"data": [{"tag": "campaign", "links": 12}, {"tag": "spring", "links": 3}]})
class TagList(msgspec.Struct, kw_only=True):
    data: Annotated[list[TagCount], Meta(description="Most used first, then by name.")]


@example(
    {
        "items": [
            {"longUrl": "https://shop.example.com/spring-sale", "tags": ["campaign"]},
            {"longUrl": "https://shop.example.com/summer-sale", "alias": "spring-sale"},
        ]
    }
)
class BulkCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    # Any JSON value: each item is decoded on its own (admin/links/bulk.py) so that a bad
    # one answers for itself in the results instead of refusing the whole request.
    items: Annotated[
        list[Any],
        Meta(
            min_length=1,
            max_length=1000,
            description="1-1,000 link objects, each exactly the body of POST /v1/links.",
            # Any JSON value is accepted here: a bad item gets its problem in the results.
            extra_json_schema={"items": {}},
        ),
    ]


class BulkProblem(msgspec.Struct, kw_only=True):
    """The problem (docs/errors.md) an item would have had as a single create."""

    type: str
    title: str
    status: int
    detail: str
    errors: list[dict[str, str]]


class BulkItemResult(msgspec.Struct, kw_only=True, rename="camel"):
    index: Annotated[int, Meta(description="The item's place in the request (0-based).")]
    status: Annotated[int, Meta(description="201, or the status a single create would answer.")]
    link: Link | None = None
    problem: BulkProblem | None = None


@example(
    {
        "created": 1,
        "failed": 1,
        "results": [
            {"index": 0, "status": 201, "link": LINK_EXAMPLE, "problem": None},
            {
                "index": 1,
                "status": 409,
                "link": None,
                "problem": {
                    "type": "urn:hop:problem:alias-taken",
                    "title": "Conflict",
                    "status": 409,
                    "detail": "The alias 'spring-sale' is already in use.",
                    "errors": [{"field": "alias", "message": "already in use"}],
                },
            },
        ],
    }
)
class BulkResult(msgspec.Struct, kw_only=True, rename="camel"):
    created: int
    failed: int
    results: Annotated[list[BulkItemResult], Meta(description="One per item, in request order.")]


class LinkFilterBody(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """Which links a bulk change is about: the filters of GET /v1/links (archived ones
    too unless ``archived`` says)."""

    tag: Annotated[list[Tag], Meta(max_length=MAX_TAGS)] = msgspec.field(default_factory=list)
    tag_match: Literal["all", "any"] = "all"
    status: Literal["active", "expired", "flagged", "blocked"] | None = None
    q: Annotated[str, Meta(min_length=1, max_length=200)] | None = None
    created_from: Annotated[datetime, Meta(tz=True)] | None = None
    created_to: Annotated[datetime, Meta(tz=True)] | None = None
    domain: (
        Annotated[
            str,
            Meta(
                min_length=1,
                max_length=253,
                description="A custom domain's links, or default: the default short host's.",
            ),
        ]
        | None
    ) = None
    archived: Annotated[
        bool | None,
        Meta(description="true: only archived links; false: only the others; absent: both."),
    ] = None
    external_id: ExternalId | None = None


class BulkAction(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    type: Annotated[
        Literal["addTags", "removeTags", "delete", "archive", "unarchive"],
        Meta(
            description="addTags / removeTags: change tags; delete: as DELETE /v1/links/:id; "
            "archive / unarchive: set archived (they still redirect either way)."
        ),
    ]
    tags: Annotated[list[Tag], Meta(max_length=MAX_TAGS)] = msgspec.field(default_factory=list)


@example(
    {
        "filter": {"tag": ["spring"], "createdTo": "2026-04-01T00:00:00Z"},
        "action": {"type": "addTags", "tags": ["archived"]},
    }
)
class BulkUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    filter: LinkFilterBody
    # Adding or removing tags names at least one (LinkService.bulk_update checks it; the
    # schema states it, as a condition on the action's type).
    action: Annotated[
        BulkAction,
        Meta(
            extra_json_schema={
                "if": {"properties": {"type": {"enum": ["delete", "archive", "unarchive"]}}},
                "else": {"required": ["tags"], "properties": {"tags": {"minItems": 1}}},
            }
        ),
    ]


@example({"matched": 12, "changed": 10})
class BulkUpdateResult(msgspec.Struct, kw_only=True, rename="camel"):
    matched: Annotated[int, Meta(description="Links the filter matched.")]
    changed: Annotated[
        int, Meta(description="Links changed (a tag already there, or absent, is no change).")
    ]
