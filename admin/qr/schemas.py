"""Wire formats of /v1/qr: one request struct per QR type, tagged by ``type``.

Each type's ``data`` is its own struct so the OpenAPI document states every
shape. The decoder checks shapes (400 for a missing ``type``/``data``, 422 for
anything wrong inside ``data``); ``payloads.py`` checks meaning (IBAN checksum,
coordinate ranges, …) and builds the text the image encodes.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from admin.api.examples import example
from admin.api.fields import CreatedBy
from admin.bio import SocialNetwork
from admin.links import Url
from admin.patterns import whole
from admin.qr.logo import MAX_LOGO_URL

Text = Annotated[str, Meta(min_length=1, max_length=4000)]
Short = Annotated[str, Meta(min_length=1, max_length=200)]
Title = Annotated[str, Meta(min_length=1, max_length=200, description="A label for you.")]
Phone = Annotated[
    str, Meta(min_length=3, max_length=32, description="Phone number, ideally +<country><number>.")
]
Email = Annotated[str, Meta(min_length=3, max_length=254)]
CRYPTO_CURRENCIES = ("bitcoin", "litecoin", "dogecoin", "ethereum")


class _Data(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    pass


class UrlData(_Data):
    url: Url


class LinkData(_Data):
    link_id: Annotated[
        str,
        Meta(
            min_length=1,
            max_length=300,
            description="One of your links: its id, its short link or its code.",
        ),
    ]


class TextData(_Data):
    text: Text


class EmailData(_Data):
    to: Email
    subject: Short | None = None
    body: Text | None = None
    cc: Annotated[list[Email], Meta(max_length=10)] = msgspec.field(default_factory=list)
    bcc: Annotated[list[Email], Meta(max_length=10)] = msgspec.field(default_factory=list)


class PhoneData(_Data):
    number: Phone


class SmsData(_Data):
    number: Phone
    message: Annotated[str, Meta(max_length=1000)] | None = None


class WhatsappData(_Data):
    number: Phone
    message: Annotated[str, Meta(max_length=1000)] | None = None


class WifiData(_Data):
    ssid: Annotated[str, Meta(max_length=32, description="Network name (required).")]
    password: Annotated[str, Meta(max_length=63)] | None = None
    security: Literal["WPA", "WEP", "nopass"] = "WPA"
    hidden: bool = False


class ContactData(_Data):
    """A person, for vCard 3.0 and MeCard codes."""

    first_name: Short
    last_name: Short | None = None
    organization: Short | None = None
    job_title: Short | None = None
    email: Email | None = None
    phone: Phone | None = None
    mobile: Phone | None = None
    url: Url | None = None
    street: Short | None = None
    city: Short | None = None
    region: Short | None = None
    zipcode: Annotated[str, Meta(min_length=1, max_length=20)] | None = None
    country: Short | None = None
    note: Annotated[str, Meta(max_length=1000)] | None = None
    birthday: Annotated[str, Meta(pattern=whole("[0-9]{4}-[0-9]{2}-[0-9]{2}"))] | None = None


class VcardData(ContactData):
    pass


class MecardData(ContactData):
    pass


class GeoData(_Data):
    latitude: Annotated[float, Meta(description="-90 to 90")]
    longitude: Annotated[float, Meta(description="-180 to 180")]


class EventData(_Data):
    summary: Short
    start: Annotated[datetime, Meta(tz=True)]
    end: Annotated[datetime, Meta(tz=True)] | None = None
    all_day: bool = False
    location: Short | None = None
    description: Annotated[str, Meta(max_length=1000)] | None = None


class EpcData(_Data):
    """A SEPA credit transfer (EPC069-12, version 002, UTF-8)."""

    name: Annotated[str, Meta(min_length=1, max_length=70, description="Beneficiary.")]
    iban: Annotated[str, Meta(min_length=15, max_length=42)]
    bic: Annotated[str, Meta(min_length=8, max_length=11)] | None = None
    amount: Annotated[Decimal, Meta(description="EUR, 0.01 to 999999999.99")] | None = None
    text: Annotated[str, Meta(max_length=140)] | None = None
    reference: (
        Annotated[str, Meta(max_length=35, description="Structured (RF) reference.")] | None
    ) = None
    purpose: Annotated[str, Meta(pattern=whole("[A-Z0-9]{4}"))] | None = None


class CryptoData(_Data):
    currency: Literal["bitcoin", "litecoin", "dogecoin", "ethereum"]
    address: Annotated[str, Meta(min_length=20, max_length=100)]
    amount: Decimal | None = None
    label: Short | None = None
    message: Short | None = None


class AppData(_Data):
    """iOS visitors go to iosUrl, Android visitors to androidUrl, everyone else to fallbackUrl."""

    fallback_url: Url
    ios_url: Url | None = None
    android_url: Url | None = None


class SocialData(_Data):
    network: SocialNetwork
    handle: Annotated[str, Meta(min_length=1, max_length=100)]


class BioData(_Data):
    """No fields: the code opens the caller's Bio page."""


Colour = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=32,
        description="#rgb, #rgba, #rrggbb, #rrggbbaa or a CSS basic name (black, navy, …).",
    ),
]
ModuleShape = Literal["square", "rounded", "dots"]
MAX_CAPTION = 40


class QrGradient(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Dark modules shade from `from` (top) to `to` (bottom); both must contrast with
    `light` as `dark` must."""

    from_: Colour = msgspec.field(name="from")
    to: Colour


class QrFrame(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A frame around the code with a caption below it ("Scan me")."""

    caption: Annotated[
        str, Meta(min_length=1, max_length=MAX_CAPTION, description="One line, plain text.")
    ]


class QrStyle(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """How the code is drawn, saved with it; every image is rendered with it."""

    logo: (
        Annotated[
            str,
            Meta(
                max_length=MAX_LOGO_URL,
                description="A data: URL of a PNG (at most 1024 px a side) or an SVG, at most "
                "256 KiB decoded; stored re-encoded. Raises error correction to H.",
            ),
        ]
        | None
    ) = None
    frame: QrFrame | None = None
    module_shape: ModuleShape = "square"
    eye_shape: ModuleShape = "square"
    gradient: QrGradient | None = None
    dark: Colour = "#000000"
    light: Annotated[
        str, Meta(min_length=1, max_length=32, description="A colour, or `transparent`.")
    ] = "#ffffff"
    ecl: (
        Annotated[
            Literal["L", "M", "Q", "H"],
            Meta(description="Error correction; unset: M, or H with a logo (always H then)."),
        ]
        | None
    ) = None


class _QrCreate(
    msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel", tag_field="type"
):
    title: Title | None = None
    # Unset: dynamic for the URL-like types (url, link, whatsapp, app, social, bio).
    dynamic: bool | None = None
    style: QrStyle | None = None


@example(
    {"type": "url", "title": "Shop window", "data": {"url": "https://shop.example.com/spring-sale"}}
)
class UrlQrCreate(_QrCreate, tag="url", kw_only=True):
    data: UrlData


class LinkQrCreate(_QrCreate, tag="link", kw_only=True):
    data: LinkData


class TextQrCreate(_QrCreate, tag="text", kw_only=True):
    data: TextData


class EmailQrCreate(_QrCreate, tag="email", kw_only=True):
    data: EmailData


class PhoneQrCreate(_QrCreate, tag="phone", kw_only=True):
    data: PhoneData


class SmsQrCreate(_QrCreate, tag="sms", kw_only=True):
    data: SmsData


class WhatsappQrCreate(_QrCreate, tag="whatsapp", kw_only=True):
    data: WhatsappData


class WifiQrCreate(_QrCreate, tag="wifi", kw_only=True):
    data: WifiData


class VcardQrCreate(_QrCreate, tag="vcard", kw_only=True):
    data: VcardData


class MecardQrCreate(_QrCreate, tag="mecard", kw_only=True):
    data: MecardData


class GeoQrCreate(_QrCreate, tag="geo", kw_only=True):
    data: GeoData


class EventQrCreate(_QrCreate, tag="event", kw_only=True):
    data: EventData


class EpcQrCreate(_QrCreate, tag="epc", kw_only=True):
    data: EpcData


class CryptoQrCreate(_QrCreate, tag="crypto", kw_only=True):
    data: CryptoData


class AppQrCreate(_QrCreate, tag="app", kw_only=True):
    data: AppData


class SocialQrCreate(_QrCreate, tag="social", kw_only=True):
    data: SocialData


class BioQrCreate(_QrCreate, tag="bio", kw_only=True):
    data: BioData = msgspec.field(default_factory=BioData)


QrCreate = (
    UrlQrCreate
    | LinkQrCreate
    | TextQrCreate
    | EmailQrCreate
    | PhoneQrCreate
    | SmsQrCreate
    | WhatsappQrCreate
    | WifiQrCreate
    | VcardQrCreate
    | MecardQrCreate
    | GeoQrCreate
    | EventQrCreate
    | EpcQrCreate
    | CryptoQrCreate
    | AppQrCreate
    | SocialQrCreate
    | BioQrCreate
)
# The data struct of each type, for PATCH (whose body cannot know the type).
DATA_TYPES: dict[str, type[_Data]] = {
    "url": UrlData,
    "link": LinkData,
    "text": TextData,
    "email": EmailData,
    "phone": PhoneData,
    "sms": SmsData,
    "whatsapp": WhatsappData,
    "wifi": WifiData,
    "vcard": VcardData,
    "mecard": MecardData,
    "geo": GeoData,
    "event": EventData,
    "epc": EpcData,
    "crypto": CryptoData,
    "app": AppData,
    "social": SocialData,
    "bio": BioData,
}


@example(
    {
        "title": "Shop window (spring)",
        "data": {"url": "https://shop.example.com/summer-sale"},
        "style": {"frame": {"caption": "Scan me"}, "moduleShape": "dots"},
    }
)
class QrUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """``title`` for any code; ``data`` (of the code's own type) only for dynamic codes."""

    title: Title | UnsetType | None = UNSET
    data: dict[str, Any] | UnsetType = UNSET
    # The whole style, replaced (null: back to the plain black on white default).
    style: QrStyle | UnsetType | None = UNSET


QR_EXAMPLE = {
    "id": "qr_01JNQ6C7D8E9F0G1H2J3K4M5NP",
    "type": "url",
    "title": "Shop window",
    "dynamic": True,
    "data": {"url": "https://shop.example.com/spring-sale"},
    "payload": "https://hop.example/Qx7pL2",
    "linkId": "lnk_01JNQ6C7D8E9F0G1H2J3K4M5NQ",
    "shortUrl": "https://hop.example/Qx7pL2",
    "imageUrl": "/v1/qr/qr_01JNQ6C7D8E9F0G1H2J3K4M5NP/image",
    "createdAt": "2026-03-01T09:30:00Z",
    "updatedAt": "2026-03-01T09:30:00Z",
    "createdBy": "key_01JNQ4Y2B7C9D3E5F6G8H0J1KM",
    "style": {
        "logo": None,
        "frame": {"caption": "Scan me"},
        "moduleShape": "rounded",
        "eyeShape": "rounded",
        "gradient": {"from": "#1d4ed8", "to": "#7c3aed"},
        "dark": "#000000",
        "light": "#ffffff",
        "ecl": "M",
    },
}


@example(QR_EXAMPLE)
class QrCode(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    type: str
    title: str | None
    dynamic: bool
    data: dict[str, Any]
    payload: str  # the exact text in the image
    link_id: str | None  # dynamic and 'link' codes: the link whose clicks are the scans
    short_url: str | None
    image_url: str
    created_at: str
    updated_at: str
    created_by: CreatedBy = None
    style: QrStyle = msgspec.field(default_factory=QrStyle)


@example({"data": [QR_EXAMPLE], "nextCursor": None})
class QrPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[QrCode]
    next_cursor: str | None
