"""Wire formats of the account API: /v1/users/me and /v1/api-keys (docs/api.md#account)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from admin.api.examples import example
from admin.auth import ALL_SCOPES, RESOURCES
from admin.patterns import whole

MAX_KEY_NAME = 100
Scope = Annotated[
    str,
    Meta(
        pattern=whole(f"(?:{'|'.join(RESOURCES)}):(?:read|write)"),
        description="`<resource>:<read|write>`; write implies read.",
    ),
]
KeyName = Annotated[
    str,
    Meta(min_length=1, max_length=MAX_KEY_NAME, description="What you call the key."),
]


@example(
    {
        "id": "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW",
        "email": "ada@example.com",
        "plan": "pro",
        "limitPerMinute": 600,
        "limitPerMonth": 100000,
        "customLimits": False,
        "verified": True,
        "createdAt": "2026-03-01T09:30:00Z",
    }
)
class Me(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    email: str
    plan: Literal["free", "pro", "business"]
    limit_per_minute: Annotated[int, Meta(description="Requests per minute in force.")]
    limit_per_month: Annotated[int, Meta(description="Requests per calendar month (UTC).")]
    custom_limits: Annotated[
        bool, Meta(description="True when an operator negotiated the limits (`hop user limits`).")
    ]
    verified: Annotated[bool, Meta(description="Whether the e-mail address is verified.")]
    created_at: str


@example({"scopes": ["links:write", "analytics:read"], "environment": "test", "name": "CI"})
class ApiKeyCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    scopes: Annotated[
        list[Scope],
        Meta(
            min_length=1,
            max_length=len(ALL_SCOPES),
            description="What the key may do; only scopes the calling credential holds.",
        ),
    ]
    environment: Annotated[
        Literal["live", "test"],
        Meta(description="`live` (svc_live_) or `test`: a sandbox key (svc_test_)."),
    ] = "live"
    name: KeyName | None = None


API_KEY_EXAMPLE = {
    "id": "key_01JNQCJ3K4M5N6P7Q8R9S0T1UV",
    "name": "CI",
    "prefix": "svc_test_Xy7Q",
    "environment": "test",
    "scopes": ["links:write", "analytics:read"],
    "createdAt": "2026-03-01T09:30:00Z",
    "lastUsedAt": None,
    "revokedAt": None,
}


@example(API_KEY_EXAMPLE)
class ApiKey(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    name: str | None
    prefix: Annotated[str, Meta(description="The key's first characters, to tell keys apart.")]
    environment: Literal["live", "test"]
    scopes: list[str]
    created_at: str
    last_used_at: Annotated[
        str | None,
        Meta(description="Last use, lagging by at most HOP_API_KEY_USAGE_INTERVAL."),
    ]
    revoked_at: str | None
    created_by: Annotated[
        str | None,
        Meta(description="The user who made the key (null once they have left Hop)."),
    ] = None


@example({**API_KEY_EXAMPLE, "key": "svc_test_Xy7Q3mT9vK2pL8wR5nB1sD4fH6gJ0cZ"})
class ApiKeyCreated(ApiKey, kw_only=True, rename="camel"):
    key: Annotated[str, Meta(description="The secret key. Shown this once: store it now.")]


@example({"data": [API_KEY_EXAMPLE]})
class ApiKeyList(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[ApiKey]


@example({"password": "correct horse battery staple"})
class AccountDelete(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    password: Annotated[
        str, Meta(min_length=1, max_length=1024, description="The account's password.")
    ]
