"""Wire formats of /v1/workspaces and its members (docs/api.md#workspaces)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from admin.api.examples import example
from admin.patterns import whole

RoleName = Literal["owner", "admin", "member", "viewer"]
# Lower-case letters, digits and hyphens, 3 to 48 of them.
SLUG_PATTERN = whole("[a-z0-9-]{3,48}")
MAX_NAME = 100
Name = Annotated[
    str, Meta(min_length=1, max_length=MAX_NAME, description="What the workspace is called.")
]
Slug = Annotated[
    str,
    Meta(
        pattern=SLUG_PATTERN,
        description="Unique across Hop: 3-48 lower-case letters, digits and hyphens.",
    ),
]

WORKSPACE_EXAMPLE = {
    "id": "ws_01JNQDK4M5N6P7Q8R9S0T1U2VW",
    "name": "Acme marketing",
    "slug": "acme-marketing",
    "plan": "free",
    "role": "owner",
    "personal": False,
    "createdAt": "2026-03-01T09:30:00Z",
    "requireMfa": False,
    "privacy": {"honorDnt": False},
    "linkHealth": {"enabled": True},
}


@example({"honorDnt": True})
class WorkspacePrivacy(msgspec.Struct, kw_only=True, rename="camel", forbid_unknown_fields=True):
    """What the workspace promises its links' visitors (docs/privacy.md)."""

    honor_dnt: Annotated[
        bool,
        Meta(
            description="Honour `DNT: 1` and `Sec-GPC: 1`: such a click is still counted, but "
            "no visitor id, user agent or referrer is kept of it, and it is left out of "
            "unique visitors and counted as a direct visit."
        ),
    ] = False


@example({"enabled": False})
class WorkspaceLinkHealth(msgspec.Struct, kw_only=True, rename="camel", forbid_unknown_fields=True):
    """Whether the worker checks the workspace's links' destinations
    (docs/api.md#link-health)."""

    enabled: Annotated[
        bool,
        Meta(
            description="Check every live link's destinations once a day (HEAD, else a "
            "one-byte GET): `health` on each link, `link.broken` to webhooks, a daily "
            "digest of broken links to the owners. false: no request is made for its links."
        ),
    ] = True


@example({"name": "Acme marketing", "slug": "acme-marketing"})
class WorkspaceCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: Name
    slug: Annotated[Slug | None, Meta(description="Made from the name when absent (unique).")] = (
        None
    )


@example({"name": "Acme brand team"})
class WorkspaceUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: Name | None = None
    slug: Slug | None = None
    require_mfa: (
        Annotated[
            bool,
            Meta(
                description="Require two-factor sign-in of every member (owner only): a member "
                "without TOTP or a passkey may then only enrol one while acting in it."
            ),
        ]
        | None
    ) = msgspec.field(default=None, name="requireMfa")
    privacy: (
        Annotated[
            WorkspacePrivacy,
            Meta(description="The promises kept to visitors (role `admin` or higher)."),
        ]
        | None
    ) = None
    link_health: (
        Annotated[
            WorkspaceLinkHealth,
            Meta(description="The checks of its links' destinations (role `admin` or higher)."),
        ]
        | None
    ) = msgspec.field(default=None, name="linkHealth")


@example({"confirm": "acme-marketing"})
class WorkspaceDelete(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    confirm: (
        Annotated[
            str, Meta(max_length=64, description="The workspace's slug, to confirm the deletion.")
        ]
        | None
    ) = None


@example(WORKSPACE_EXAMPLE)
class Workspace(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    name: str
    slug: str
    plan: Literal["free", "pro", "business"]
    role: Annotated[RoleName, Meta(description="The caller's role in it.")]
    personal: Annotated[
        bool, Meta(description="A person's own workspace: it goes with their account.")
    ]
    created_at: str
    require_mfa: Annotated[
        bool, Meta(description="Members must sign in with a second factor (TOTP or a passkey).")
    ] = False
    privacy: WorkspacePrivacy = msgspec.field(default_factory=WorkspacePrivacy)
    link_health: WorkspaceLinkHealth = msgspec.field(default_factory=WorkspaceLinkHealth)


@example({"data": [WORKSPACE_EXAMPLE]})
class WorkspaceList(msgspec.Struct, kw_only=True):
    data: list[Workspace]


MEMBER_EXAMPLE = {
    "userId": "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW",
    "email": "ada@example.com",
    "role": "admin",
    "joinedAt": "2026-03-01T09:30:00Z",
}


@example(MEMBER_EXAMPLE)
class Member(msgspec.Struct, kw_only=True, rename="camel"):
    user_id: str
    email: str
    role: RoleName
    joined_at: str


@example({"data": [MEMBER_EXAMPLE]})
class MemberList(msgspec.Struct, kw_only=True):
    data: list[Member]


@example({"role": "member"})
class MemberUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    role: RoleName
