"""Wire formats of /v1/workspaces/:id/sso (docs/api.md#single-sign-on)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from admin.api.examples import example
from admin.domains import HOSTNAME_PATTERN

JoinRole = Literal["admin", "member", "viewer"]
MAX_DOMAINS = 20

Issuer = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=500,
        description="The provider's issuer URL, as its discovery document names it: https "
        "(http only on a loopback address). Its discovery document is fetched when saved.",
    ),
]
ClientId = Annotated[
    str, Meta(min_length=1, max_length=500, description="Hop's client id at the provider.")
]
ClientSecret = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=2000,
        description="Hop's client secret at the provider: sealed at rest, never returned.",
    ),
]
DomainName = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=238,
        pattern=HOSTNAME_PATTERN,
        description="An e-mail domain (the part after @) the provider speaks for.",
    ),
]
Domains = Annotated[
    list[DomainName],
    Meta(
        max_length=MAX_DOMAINS,
        description="E-mail domains, each to prove by a DNS TXT record before it counts.",
    ),
]
RequireSso = Annotated[
    bool,
    Meta(
        description="People whose address is on a verified domain may no longer sign in "
        "with a password (API keys keep working)."
    ),
]
DefaultRole = Annotated[
    JoinRole,
    Meta(description="The role of people from the domains who join by signing in."),
]

_CREATE_EXAMPLE = {
    "issuer": "https://login.acme.example",
    "clientId": "hop",
    "clientSecret": "s3cr3t-from-the-provider",
    "domains": ["acme.example"],
    "requireSso": False,
    "defaultRole": "member",
}


@example(_CREATE_EXAMPLE)
class SsoCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    issuer: Issuer
    client_id: ClientId
    client_secret: ClientSecret
    domains: Domains
    require_sso: RequireSso = False
    default_role: DefaultRole = "member"


@example({"requireSso": True, "addDomains": ["acme-labs.example"]})
class SsoUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    require_sso: RequireSso | None = None
    default_role: DefaultRole | None = None
    add_domains: (
        Annotated[
            list[DomainName],
            Meta(max_length=MAX_DOMAINS, description="Domains to add (each to prove)."),
        ]
        | None
    ) = None


class SsoDomain(msgspec.Struct, kw_only=True, rename="camel"):
    domain: str
    verified: bool
    txt_name: Annotated[str, Meta(description="Publish a TXT record at this name...")]
    txt_value: Annotated[str, Meta(description="...holding this value, then verify.")]
    verified_at: str | None


SSO_EXAMPLE = {
    "issuer": "https://login.acme.example",
    "clientId": "hop",
    "domains": [
        {
            "domain": "acme.example",
            "verified": True,
            "txtName": "_hop-challenge.acme.example",
            "txtValue": "hop-sso-Q2v7mX9kP4rT1sW8yZ3bN6cF0hJ5dL2g",
            "verifiedAt": "2026-03-01T09:42:00Z",
        }
    ],
    "requireSso": False,
    "defaultRole": "member",
    "createdAt": "2026-03-01T09:30:00Z",
    "updatedAt": "2026-03-01T09:30:00Z",
}


@example(SSO_EXAMPLE)
class Sso(msgspec.Struct, kw_only=True, rename="camel"):
    """A workspace's single sign-on connection (its client secret is never returned)."""

    issuer: str
    client_id: str
    domains: list[SsoDomain]
    require_sso: bool
    default_role: JoinRole
    created_at: str
    updated_at: str
