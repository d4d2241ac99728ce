"""Wire formats of /v1/bio: the owner's page (PUT, GET, DELETE) and its public view."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from admin.api.examples import example
from admin.api.fields import CreatedBy
from admin.bio.socials import SocialNetwork
from admin.links import Url
from admin.patterns import whole

THEMES = ("light", "dark", "ocean", "sunset")
Username = Annotated[
    str,
    Meta(
        min_length=3,
        max_length=30,
        pattern=whole("[a-z0-9_.]+"),
        description=(
            "3-30 of a-z 0-9 _ . (unique per environment; reserved words refused). A deleted "
            "or renamed page's name stays reserved for its owner for HOP_CODE_RESERVATION_DAYS."
        ),
    ),
]
Theme = Literal["light", "dark", "ocean", "sunset"]
PageUrl = Annotated[
    str,
    Meta(
        description=(
            "<short_base_url>/@<username>; for a sandbox (svc_test_) page "
            "<short_base_url>/test/@<username>."
        )
    ),
]
Network = SocialNetwork  # the same networks a `social` QR code knows


class BioLinkIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """A button on the page: a destination ``url``, or ``linkId``, one of your short links."""

    title: Annotated[str, Meta(min_length=1, max_length=100)]
    url: Url | None = None
    link_id: Annotated[str, Meta(min_length=1, max_length=64)] | None = None


class BioSocialIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    network: Network
    handle: Annotated[str, Meta(min_length=1, max_length=100)]


@example(
    {
        "username": "ada.bakes",
        "displayName": "Ada's Bakery",
        "description": "Sourdough every morning, cakes to order.",
        "avatarUrl": "https://cdn.example.com/ada.png",
        "theme": "ocean",
        "language": "en",
        "links": [{"title": "Order a cake", "url": "https://ada.example.com/order"}],
        "socials": [{"network": "instagram", "handle": "ada.bakes"}],
    }
)
class BioPut(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    username: Username
    display_name: Annotated[str, Meta(min_length=1, max_length=80)]
    description: Annotated[str, Meta(max_length=500)] = ""
    avatar_url: Url | None = None
    theme: Theme = "light"
    language: Annotated[
        str, Meta(pattern=whole("[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*"), description="Page language.")
    ] = "en"
    links: Annotated[list[BioLinkIn], Meta(max_length=50)] = msgspec.field(default_factory=list)
    socials: Annotated[list[BioSocialIn], Meta(max_length=20)] = msgspec.field(default_factory=list)


class BioLink(msgspec.Struct, kw_only=True, rename="camel"):
    title: str
    url: str  # the tracked short URL visitors follow


class BioSocial(msgspec.Struct, kw_only=True, rename="camel"):
    network: str
    handle: str
    url: str  # tracked short URL


@example(
    {
        "username": "ada.bakes",
        "displayName": "Ada's Bakery",
        "description": "Sourdough every morning, cakes to order.",
        "avatarUrl": "https://cdn.example.com/ada.png",
        "theme": "ocean",
        "language": "en",
        "links": [{"title": "Order a cake", "url": "https://hop.example/b7Kq2x"}],
        "socials": [
            {"network": "instagram", "handle": "ada.bakes", "url": "https://hop.example/b7Kq2y"}
        ],
        "pageUrl": "https://hop.example/@ada.bakes",
    }
)
class PublicBioPage(msgspec.Struct, kw_only=True, rename="camel"):
    username: str
    display_name: str
    description: str
    avatar_url: str | None
    theme: str
    language: str
    links: list[BioLink]
    socials: list[BioSocial]
    page_url: str


class OwnBioLink(msgspec.Struct, kw_only=True, rename="camel"):
    title: str
    url: str
    link_id: str
    destination: str | None  # None for one of your own links (see linkId)


class OwnBioSocial(msgspec.Struct, kw_only=True, rename="camel"):
    network: str
    handle: str
    url: str
    link_id: str
    destination: str


@example(
    {
        "id": "bio_01JNQ7D8E9F0G1H2J3K4M5N6PQ",
        "username": "ada.bakes",
        "displayName": "Ada's Bakery",
        "description": "Sourdough every morning, cakes to order.",
        "avatarUrl": "https://cdn.example.com/ada.png",
        "theme": "ocean",
        "language": "en",
        "links": [
            {
                "title": "Order a cake",
                "url": "https://hop.example/b7Kq2x",
                "linkId": "lnk_01JNQ7D8E9F0G1H2J3K4M5N6PR",
                "destination": "https://ada.example.com/order",
            }
        ],
        "socials": [
            {
                "network": "instagram",
                "handle": "ada.bakes",
                "url": "https://hop.example/b7Kq2y",
                "linkId": "lnk_01JNQ7D8E9F0G1H2J3K4M5N6PS",
                "destination": "https://www.instagram.com/ada.bakes",
            }
        ],
        "pageUrl": "https://hop.example/@ada.bakes",
        "createdAt": "2026-03-01T09:30:00Z",
        "updatedAt": "2026-03-01T09:30:00Z",
        "createdBy": "usr_01JNQ3V5W6X7Y8Z9A0B1C2D3EF",
    }
)
class BioPage(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    username: str
    display_name: str
    description: str
    avatar_url: str | None
    theme: str
    language: str
    links: list[OwnBioLink]
    socials: list[OwnBioSocial]
    page_url: PageUrl
    created_at: str
    updated_at: str
    created_by: CreatedBy = None
