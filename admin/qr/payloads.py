"""The text each QR type encodes, in the formats phone scanners understand.

``encode(type, data)`` checks what the schema cannot (checksums, ranges,
shapes) and raises one 422 naming every bad ``data.<field>``; it returns the
static content and, for URL-like types, the destination a dynamic code's short
link redirects to. ``link`` and ``bio`` codes need the database and are built
by the service. segno's helpers are used where they are correct: MeCard, vCard
and geo. WiFi and e-mail are built here because segno's versions leave ``,``
unescaped in WiFi fields and write ``mailto:x&body=`` when only a body is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, NamedTuple
from urllib.parse import quote

import segno.helpers

from admin.bio import social_url
from admin.errors import FieldError, validation
from admin.qr import schemas as s
from admin.urls import InvalidUrl, parse_http_url

URL_LIKE = frozenset({"url", "link", "whatsapp", "app", "social", "bio"})
MAX_PAYLOAD_BYTES = 2953  # byte mode, version 40, error correction L
_EMAIL = re.compile(r"[A-Za-z0-9.!#$%'*+/=^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_PHONE = re.compile(r"\+?[0-9][0-9 ().-]{1,30}")
_BIC = re.compile(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")
_IBAN = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}")
_RF_REFERENCE = re.compile(r"RF[0-9]{2}[A-Z0-9]{1,21}")
_HANDLE = re.compile(r"[A-Za-z0-9_.-]{1,100}")
_ADDRESSES = {
    "bitcoin": re.compile(r"(?:bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})"),
    "litecoin": re.compile(r"(?:ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{25,33})"),
    "dogecoin": re.compile(r"[DA9][1-9A-HJ-NP-Za-km-z]{25,33}"),
    "ethereum": re.compile(r"0x[0-9a-fA-F]{40}"),
}


class Encoded(NamedTuple):
    content: str  # what a static code's image holds
    url: str | None = None  # URL-like types: where a dynamic code's link redirects
    ios_url: str | None = None
    android_url: str | None = None


class _Errors:
    def __init__(self) -> None:
        self.items: list[FieldError] = []

    def add(self, field: str, message: str) -> None:
        self.items.append(FieldError(f"data.{field}", message))

    def raise_any(self) -> None:
        if self.items:
            raise validation(self.items)


def iban_is_valid(iban: str) -> bool:
    """Shape and the ISO 13616 mod-97 check digits."""
    if not _IBAN.fullmatch(iban):
        return False
    rearranged = iban[4:] + iban[:4]
    return int("".join(str(int(char, 36)) for char in rearranged)) % 97 == 1


def check_http_url(errors: _Errors, field: str, url: str) -> None:
    """The URL's form; where a dynamic code's link may point is the admission's
    (QrService checks its destinations as a link's, admin/links/admission.py)."""
    try:
        parse_http_url(url)
    except InvalidUrl as exc:
        errors.add(field, str(exc))


def _email(errors: _Errors, field: str, value: str | None) -> None:
    if value is not None and not _EMAIL.fullmatch(value):
        errors.add(field, "must be an e-mail address")


def _phone(errors: _Errors, field: str, value: str | None) -> str:
    if value is None:
        return ""
    if not _PHONE.fullmatch(value):
        errors.add(field, "must be a phone number: digits, optionally +, spaces, ( ) . -")
        return ""
    return ("+" if value.startswith("+") else "") + re.sub(r"[^0-9]", "", value)


def _no_controls(errors: _Errors, data: Any) -> None:
    """Single-line fields must not smuggle line breaks into line-based formats."""
    for field in data.__struct_fields__:
        value = getattr(data, field)
        if field in ("text", "body", "note", "description", "message"):
            continue
        if isinstance(value, str) and any(ord(c) < 32 or ord(c) == 127 for c in value):
            errors.add(_camel(field), "must not contain control characters")


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _ical_text(value: str) -> str:
    return (
        value.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
    )


def _wifi_escape(value: str) -> str:
    return re.sub(r'([\\;,:"])', r"\\\1", value)


def _amount(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _mailto(data: s.EmailData) -> str:
    query = [f"cc={','.join(data.cc)}"] if data.cc else []
    query += [f"bcc={','.join(data.bcc)}"] if data.bcc else []
    query += [f"subject={quote(data.subject)}"] if data.subject else []
    query += [f"body={quote(data.body)}"] if data.body else []
    return f"mailto:{data.to}" + ("?" + "&".join(query) if query else "")


def _contact(kind: str, data: s.ContactData, errors: _Errors) -> str:
    phone = _phone(errors, "phone", data.phone)
    mobile = _phone(errors, "mobile", data.mobile)
    _email(errors, "email", data.email)
    if data.url:
        check_http_url(errors, "url", data.url)
    if data.birthday:
        try:
            datetime.strptime(data.birthday, "%Y-%m-%d")  # noqa: DTZ007 - a date, no zone
        except ValueError:
            errors.add("birthday", "must be a date YYYY-MM-DD")
    errors.raise_any()
    phones = [number for number in (phone, mobile) if number]
    if kind == "mecard":
        name = f"{data.last_name},{data.first_name}" if data.last_name else data.first_name
        address = ", ".join(x for x in (data.street, data.city, data.zipcode, data.country) if x)
        mecard: str = segno.helpers.make_mecard_data(
            name=name,
            email=data.email,
            phone=phones or None,
            url=data.url,
            memo=data.note,
            birthday=data.birthday.replace("-", "") if data.birthday else None,
            houseno=address or None,
        )
        return mecard
    display = " ".join(x for x in (data.first_name, data.last_name) if x)
    vcard: str = segno.helpers.make_vcard_data(
        name=f"{data.last_name or ''};{data.first_name}",
        displayname=display,
        email=data.email,
        phone=phone or None,
        cellphone=mobile or None,
        url=data.url,
        org=data.organization,
        title=data.job_title,
        street=data.street,
        city=data.city,
        region=data.region,
        zipcode=data.zipcode,
        country=data.country,
        memo=data.note,
        birthday=data.birthday,
    )
    return vcard


def _event(data: s.EventData, errors: _Errors) -> str:
    if data.end is not None and data.end < data.start:
        errors.add("end", "must not be before start")
    errors.raise_any()

    def stamp(moment: datetime) -> str:
        if data.all_day:
            return f";VALUE=DATE:{moment:%Y%m%d}"
        return f":{moment.astimezone(UTC):%Y%m%dT%H%M%SZ}"

    lines = ["BEGIN:VEVENT", f"SUMMARY:{_ical_text(data.summary)}", f"DTSTART{stamp(data.start)}"]
    if data.end is not None:
        lines.append(f"DTEND{stamp(data.end)}")
    if data.location:
        lines.append(f"LOCATION:{_ical_text(data.location)}")
    if data.description:
        lines.append(f"DESCRIPTION:{_ical_text(data.description)}")
    lines.append("END:VEVENT")
    return "\r\n".join(lines)


def _epc(data: s.EpcData, errors: _Errors) -> str:
    iban = data.iban.replace(" ", "").upper()
    bic = (data.bic or "").replace(" ", "").upper()
    if not iban_is_valid(iban):
        errors.add("iban", "is not a valid IBAN (check digits or shape)")
    if bic and not _BIC.fullmatch(bic):
        errors.add("bic", "is not a valid BIC (8 or 11 letters and digits)")
    if data.amount is not None and not (
        Decimal("0.01") <= data.amount <= Decimal("999999999.99")
        and data.amount == data.amount.quantize(Decimal("0.01"))
    ):
        errors.add("amount", "must be 0.01 to 999999999.99 with at most two decimals")
    if data.text and data.reference:
        errors.add("reference", "give either a reference or a text, not both")
    if data.reference and not _RF_REFERENCE.fullmatch(data.reference.replace(" ", "").upper()):
        errors.add("reference", "must be an ISO 11649 creditor reference (RF…)")
    errors.raise_any()
    lines = [
        "BCD",
        "002",
        "1",  # character set 1: UTF-8
        "SCT",
        bic,
        data.name,
        iban,
        f"EUR{data.amount:.2f}" if data.amount is not None else "",
        data.purpose or "",
        (data.reference or "").replace(" ", "").upper(),
        data.text or "",
    ]
    return "\n".join(lines).rstrip("\n")


def _crypto(data: s.CryptoData, errors: _Errors) -> str:
    if not _ADDRESSES[data.currency].fullmatch(data.address):
        errors.add("address", f"is not a {data.currency} address")
    if data.amount is not None and not (0 < data.amount <= Decimal(10) ** 12):
        errors.add("amount", "must be greater than 0")
    elif data.amount is not None and -data.amount.as_tuple().exponent > 18:  # type: ignore[operator]
        errors.add("amount", "has more than 18 decimals")
    errors.raise_any()
    params = []
    if data.amount is not None:
        if data.currency == "ethereum":  # EIP-681: the value in wei
            params.append(f"value={int(data.amount * 10**18)}")
        else:
            params.append(f"amount={_amount(data.amount)}")
    if data.label:
        params.append(f"label={quote(data.label)}")
    if data.message:
        params.append(f"message={quote(data.message)}")
    return f"{data.currency}:{data.address}" + ("?" + "&".join(params) if params else "")


def _url(data: s.UrlData, errors: _Errors) -> Encoded:
    check_http_url(errors, "url", data.url)
    errors.raise_any()
    return Encoded(data.url, data.url)


def _text(data: s.TextData, errors: _Errors) -> Encoded:
    return Encoded(data.text)


def _email_code(data: s.EmailData, errors: _Errors) -> Encoded:
    _email(errors, "to", data.to)
    for field, values in (("cc", data.cc), ("bcc", data.bcc)):
        for index, value in enumerate(values):
            _email(errors, f"{field}[{index}]", value)
    errors.raise_any()
    return Encoded(_mailto(data))


def _tel(data: s.PhoneData, errors: _Errors) -> Encoded:
    number = _phone(errors, "number", data.number)
    errors.raise_any()
    return Encoded(f"tel:{number}")


def _sms(data: s.SmsData, errors: _Errors) -> Encoded:
    number = _phone(errors, "number", data.number)
    errors.raise_any()
    return Encoded(f"SMSTO:{number}:{data.message or ''}")


def _whatsapp(data: s.WhatsappData, errors: _Errors) -> Encoded:
    number = _phone(errors, "number", data.number).lstrip("+")
    errors.raise_any()
    url = f"https://wa.me/{number}" + (f"?text={quote(data.message)}" if data.message else "")
    return Encoded(url, url)


def _wifi(data: s.WifiData, errors: _Errors) -> Encoded:
    if not data.ssid:
        errors.add("ssid", "is required")
    if data.security != "nopass" and not data.password:
        errors.add("password", f"is required for {data.security}")
    if data.security == "nopass" and data.password:
        errors.add("password", "must be empty for an open network")
    if data.security == "WPA" and data.password and not 8 <= len(data.password) <= 63:
        errors.add("password", "must be 8 to 63 characters for WPA")
    errors.raise_any()
    parts = [f"T:{data.security}", f"S:{_wifi_escape(data.ssid)}"]
    if data.password:
        parts.append(f"P:{_wifi_escape(data.password)}")
    if data.hidden:
        parts.append("H:true")
    return Encoded("WIFI:" + ";".join(parts) + ";;")


def _vcard(data: s.VcardData, errors: _Errors) -> Encoded:
    return Encoded(_contact("vcard", data, errors))


def _mecard(data: s.MecardData, errors: _Errors) -> Encoded:
    return Encoded(_contact("mecard", data, errors))


def _geo(data: s.GeoData, errors: _Errors) -> Encoded:
    if not -90 <= data.latitude <= 90:
        errors.add("latitude", "must be between -90 and 90")
    if not -180 <= data.longitude <= 180:
        errors.add("longitude", "must be between -180 and 180")
    errors.raise_any()
    geo: str = segno.helpers.make_geo_data(data.latitude, data.longitude)
    return Encoded(geo)


def _app(data: s.AppData, errors: _Errors) -> Encoded:
    for field, url in (
        ("fallbackUrl", data.fallback_url),
        ("iosUrl", data.ios_url),
        ("androidUrl", data.android_url),
    ):
        if url is not None:
            check_http_url(errors, field, url)
    if data.ios_url is None and data.android_url is None:
        errors.add("iosUrl", "give iosUrl, androidUrl or both")
    errors.raise_any()
    return Encoded(data.fallback_url, data.fallback_url, data.ios_url, data.android_url)


def _social(data: s.SocialData, errors: _Errors) -> Encoded:
    if not _HANDLE.fullmatch(data.handle.removeprefix("@")):
        errors.add("handle", "must be 1-100 of A-Z a-z 0-9 _ . -")
    errors.raise_any()
    url = social_url(data.network, data.handle)
    return Encoded(url, url)


_ENCODERS: dict[type[Any], Callable[[Any, _Errors], Encoded]] = {
    s.UrlData: _url,
    s.TextData: _text,
    s.EmailData: _email_code,
    s.PhoneData: _tel,
    s.SmsData: _sms,
    s.WhatsappData: _whatsapp,
    s.WifiData: _wifi,
    s.VcardData: _vcard,
    s.MecardData: _mecard,
    s.GeoData: _geo,
    s.EventData: lambda data, errors: Encoded(_event(data, errors)),
    s.EpcData: lambda data, errors: Encoded(_epc(data, errors)),
    s.CryptoData: lambda data, errors: Encoded(_crypto(data, errors)),
    s.AppData: _app,
    s.SocialData: _social,
}


def encode(data: Any) -> Encoded:
    """Static content (and destination) of a code with this ``data``; 422 on bad data.

    ``link`` and ``bio`` codes need the database: QrService builds those.
    """
    errors = _Errors()
    _no_controls(errors, data)
    errors.raise_any()
    return _ENCODERS[type(data)](data, errors)


def check_capacity(content: str) -> None:
    if len(content.encode()) > MAX_PAYLOAD_BYTES:
        raise validation([FieldError("data", "holds too much to fit in a QR code")])
