"""The QR designer: the list of codes, a new code of any type with its colours and
error correction and a live preview, and a code's page with downloads (SVG, PNG, PDF).

The form of each type is made from the API's own struct of that type's ``data``
(admin/qr/schemas.py), and what is posted is decoded by the API's decoder into the
same ``QrCreate`` ``POST /v1/qr`` takes; previews and images come from QrService."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlencode

import msgspec
from litestar import Request, Response, get, post
from litestar.params import Parameter
from litestar.response import Redirect, Template

from admin.errors import HopError
from admin.qr.images import MEDIA_TYPES, NAMED_COLOURS, ImageRequest, parse_colour
from admin.qr.payloads import URL_LIKE
from admin.qr.routes import IMAGE_CACHE_CONTROL
from admin.qr.schemas import DATA_TYPES, QrCreate, QrUpdate
from admin.qr.service import QrService
from admin.web.forms import NO_ERRORS, FormErrors, decode, plain, read_form, text
from admin.web.link_pages import _expiry
from admin.web.page import Page

QrId = Annotated[str, Parameter(max_length=64)]
Cursor = Annotated[str | None, Parameter(max_length=200)]
Colour = Annotated[str, Parameter(max_length=32)]
TYPE_NAMES = {
    "url": "Web address",
    "link": "One of your short links",
    "text": "Text",
    "email": "E-mail",
    "phone": "Phone call",
    "sms": "Text message (SMS)",
    "whatsapp": "WhatsApp message",
    "wifi": "Wi-Fi network",
    "vcard": "Contact (vCard)",
    "mecard": "Contact (MeCard)",
    "geo": "Place on a map",
    "event": "Calendar event",
    "epc": "SEPA bank transfer",
    "crypto": "Crypto payment",
    "app": "App download (iOS, Android, web)",
    "social": "Social profile",
    "bio": "Your Bio page",
}
ECC = (("L", "Low (7 %)"), ("M", "Medium (15 %)"), ("Q", "Quartile (25 %)"), ("H", "High (30 %)"))
_STYLE_FIELDS = ("dark", "light", "transparent", "ecl")


@dataclass(frozen=True)
class Field:
    """One input of a type's form, from the API struct's field."""

    name: str  # the API's (camelCase) name: also the input's id and name
    label: str
    kind: str  # text, textarea, number, checkbox, select, datetime, list
    required: bool
    choices: tuple[str, ...] = ()
    hint: str = ""
    default: str = ""  # the API's default, shown until the form says otherwise


_LABELS = {
    "url": "URL",
    "ssid": "Network name (SSID)",
    "iban": "IBAN",
    "bic": "BIC",
    "fallbackUrl": "Web URL (everyone else)",
    "iosUrl": "App Store URL (iPhone)",
    "androidUrl": "Play Store URL (Android)",
    "linkId": "Short link",
    "zipcode": "Postcode",
    "allDay": "All day",
    "cc": "Cc",
    "bcc": "Bcc",
}


def _words(name: str) -> str:
    if name in _LABELS:
        return _LABELS[name]
    out = "".join(f" {c.lower()}" if c.isupper() else c for c in name)
    return out[:1].upper() + out[1:].replace(" url", " URL").replace("Url", "URL")


def _field(info: msgspec.inspect.Field) -> Field:
    kind, hint = "text", ""
    choices: tuple[str, ...] = ()
    inner = info.type
    if isinstance(inner, msgspec.inspect.UnionType):
        inner = next(t for t in inner.types if not isinstance(t, msgspec.inspect.NoneType))
    if isinstance(inner, msgspec.inspect.LiteralType):
        kind, choices = "select", tuple(str(value) for value in inner.values)
    elif isinstance(inner, msgspec.inspect.BoolType):
        kind = "checkbox"
    elif isinstance(inner, (msgspec.inspect.FloatType, msgspec.inspect.DecimalType)):
        kind = "number"
    elif isinstance(inner, msgspec.inspect.DateTimeType):
        kind, hint = "datetime", "UTC."
    elif isinstance(inner, msgspec.inspect.ListType):
        kind, hint = "list", "Separated by commas."
    elif isinstance(inner, msgspec.inspect.StrType) and (inner.max_length or 0) > 300:
        kind = "textarea"
    label = _words(info.encode_name) + (
        "" if info.required or kind == "checkbox" else " (optional)"
    )
    if info.encode_name == "linkId":
        hint = "Paste it as your links list shows it, or just its code."
    default = info.default if isinstance(info.default, str) else ""
    if info.default is True:
        default = "on"
    return Field(info.encode_name, label, kind, info.required, choices, hint, default)


def fields_of(qr_type: str) -> list[Field]:
    info = msgspec.inspect.type_info(DATA_TYPES[qr_type])
    assert isinstance(info, msgspec.inspect.StructType)
    return [_field(item) for item in info.fields]


def _data(qr_type: str, values: dict[str, Any]) -> dict[str, Any]:
    """The ``data`` object /v1/qr takes, from the form (empty optional fields left out)."""
    data: dict[str, Any] = {}
    for item in fields_of(qr_type):
        raw = text(values, item.name).strip()
        if item.kind == "checkbox":
            data[item.name] = raw == "on"
        elif not raw:
            if item.required:
                data[item.name] = ""  # the decoder says what is wrong with it
        elif item.kind == "number":
            try:
                data[item.name] = float(raw) if item.name in ("latitude", "longitude") else raw
            except ValueError:
                data[item.name] = raw
        elif item.kind == "datetime":
            data[item.name] = _expiry(raw)
        elif item.kind == "list":
            data[item.name] = [part.strip() for part in raw.split(",") if part.strip()]
        else:
            data[item.name] = raw
    return data


def _body(qr_type: str, values: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {"type": qr_type, "data": _data(qr_type, values)}
    if title := text(values, "title").strip():
        body["title"] = title
    if qr_type in URL_LIKE and qr_type != "app":
        body["dynamic"] = text(values, "dynamic") == "on"
    style = _style(values)  # saved with the code, so its page shows it as made
    body["style"] = {
        "dark": style["dark"],
        "light": "transparent" if style["transparent"] else style["light"],
        "ecl": style["ecl"] if style["ecl"] in ("L", "M", "Q", "H") else "M",
    }
    return body


def _create_body(qr_type: str, values: dict[str, Any]) -> QrCreate:
    """The form as POST /v1/qr would decode it (QrCreate is a union: no ``type[T]``)."""
    decoded: QrCreate = decode(_body(qr_type, values), QrCreate)  # type: ignore[arg-type]
    return decoded


def _style(values: dict[str, Any]) -> dict[str, str]:
    return {
        "dark": text(values, "dark") or "#000000",
        "light": text(values, "light") or "#ffffff",
        "transparent": "on" if text(values, "transparent") == "on" else "",
        "ecl": text(values, "ecl") or "M",
    }


def _options(style: dict[str, str], image_format: str = "svg", scale: int = 8) -> ImageRequest:
    """The API's image request from the form (the same parsing as ``/v1/qr/:id/image``)."""
    light = "transparent" if style["transparent"] else style["light"]
    ecl = style["ecl"] if style["ecl"] in ("L", "M", "Q", "H") else "M"
    parse_colour("dark", style["dark"], allow_transparent=False)  # 422 before anything else
    parse_colour("light", light, allow_transparent=True)
    return ImageRequest(
        format=image_format,  # type: ignore[arg-type]
        scale=scale,
        border=4,
        dark=style["dark"],
        light=light,
        ecl=ecl,  # type: ignore[arg-type]
    )


def _saved_style(code: Any) -> dict[str, str]:
    """The form's colours and error correction from a code's saved style."""
    saved = code.style
    transparent = saved.light == "transparent"
    return {  # colour inputs take #rrggbb: an alpha the API was given is not shown
        "dark": saved.dark[:7],
        "light": "#ffffff" if transparent else saved.light[:7],
        "transparent": "on" if transparent else "",
        "ecl": saved.ecl or "M",
    }


def qr_errors(error: HopError) -> FormErrors:
    """The API's errors by field, ``data.`` taken off (the form's inputs are the fields)."""
    fields: dict[str, str] = {}
    for item in error.errors:
        name = item.field.removeprefix("data.").removeprefix("style.").split(".")[0].split("[")[0]
        fields.setdefault(name, plain(item.message))
    return FormErrors(detail="" if fields else error.detail, fields=fields)


@get("/qr", opt={"scope": "qr:read"})
async def qr_list(page: Page, qr: QrService, cursor: Cursor = None) -> Template:
    listing = await qr.list(page.user, limit=25, cursor=cursor)
    return await page.render(
        "qr_list.html", codes=listing.data, next_cursor=listing.next_cursor, type_names=TYPE_NAMES
    )


async def _designer(
    page: Page,
    qr: QrService,
    qr_type: str,
    values: dict[str, Any],
    *,
    errors: FormErrors = NO_ERRORS,
    status: int = 200,
    preview: bool = False,
) -> Template:
    image, preview_errors = await _preview(page, qr, qr_type, values) if preview else (None, None)
    return await page.render(
        "qr_new.html",
        status=status,
        qr_type=qr_type,
        type_names=TYPE_NAMES,
        fields=fields_of(qr_type),
        can_be_dynamic=qr_type in URL_LIKE and qr_type != "app",
        form=values,
        style=_style(values),
        ecc=ECC,
        colours=NAMED_COLOURS,
        errors=errors,
        image=image,
        preview_errors=preview_errors,
    )


async def _preview(
    page: Page, qr: QrService, qr_type: str, values: dict[str, Any]
) -> tuple[str | None, FormErrors | None]:
    """(the image as a data: URL, or the errors that keep it from being drawn)."""
    try:
        svg = await qr.preview(page.user, _create_body(qr_type, values), _options(_style(values)))
    except HopError as exc:
        if exc.status >= 500:
            raise
        return None, qr_errors(exc)
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode(), None


def _type_of(raw: str | None) -> str:
    return raw if raw in DATA_TYPES else "url"


@get("/qr/new", opt={"scope": "qr:read"})
async def qr_new(
    page: Page,
    qr: QrService,
    type: Annotated[str | None, Parameter(max_length=16)] = None,  # noqa: A002
) -> Template:
    values: dict[str, Any] = {"dynamic": "on"}
    return await _designer(page, qr, _type_of(type), values)


@post("/qr/preview", opt={"scope": "qr:read"})
async def qr_preview(request: Request[Any, Any, Any], page: Page, qr: QrService) -> Template:
    """The preview alone (htmx, as fields change); a changed form is never an error page."""
    values = await read_form(request)
    qr_type = _type_of(text(values, "type"))
    image, errors = await _preview(page, qr, qr_type, values)
    return await page.render(
        "_qr_preview.html", image=image, preview_errors=errors, qr_type=qr_type
    )


@post("/qr", opt={"scope": "qr:write"})
async def qr_create(request: Request[Any, Any, Any], page: Page, qr: QrService) -> Any:
    values = await read_form(request)
    qr_type = _type_of(text(values, "type"))
    if text(values, "action") == "preview":
        return await _designer(page, qr, qr_type, values, preview=True)
    try:
        style = _style(values)
        _options(style)  # colours the image route will take
        code = await qr.create(page.user, _create_body(qr_type, values))
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _designer(page, qr, qr_type, values, errors=qr_errors(exc), status=exc.status)
    await page.flash("success", f"QR code {code.title or TYPE_NAMES[code.type]} created.")
    query = urlencode({key: value for key, value in style.items() if value})
    return page.redirect(f"/qr/{code.id}?{query}")


@get("/qr/{qr_id:str}", opt={"scope": "qr:read"})
async def qr_page(
    page: Page,
    qr: QrService,
    qr_id: QrId,
    dark: Colour | None = None,
    light: Colour | None = None,
    transparent: Annotated[str | None, Parameter(max_length=4)] = None,
    ecl: Annotated[str | None, Parameter(max_length=1)] = None,
) -> Template:
    code = await qr.get(page.user, qr_id)
    asked = {"dark": dark, "light": light, "transparent": transparent, "ecl": ecl}
    # The saved style, unless the page's own form asked for other colours.
    style = _saved_style(code)
    if any(value is not None for value in asked.values()):
        style = _style({key: value or "" for key, value in asked.items()})
    query = urlencode({key: value for key, value in style.items() if value})
    return await page.render(
        "qr_code.html",
        code=code,
        type_names=TYPE_NAMES,
        style=style,
        ecc=ECC,
        query=query,
        formats=tuple(MEDIA_TYPES),
        errors=NO_ERRORS,
    )


@get("/qr/{qr_id:str}/image", opt={"scope": "qr:read"})
async def qr_image(
    page: Page,
    qr: QrService,
    qr_id: QrId,
    format: Annotated[str, Parameter(max_length=4)] = "svg",  # noqa: A002
    dark: Colour = "#000000",
    light: Colour = "#ffffff",
    transparent: Annotated[str, Parameter(max_length=4)] = "",
    ecl: Annotated[str, Parameter(max_length=1)] = "M",
    download: Annotated[str, Parameter(max_length=4)] = "",
) -> Response[bytes]:
    """The code as an image with the page's style; ``download=1`` saves it as a file."""
    image_format = format if format in MEDIA_TYPES else "svg"
    style = _style({"dark": dark, "light": light, "transparent": transparent, "ecl": ecl})
    options = _options(style, image_format, scale=10)
    image, _ = await qr.image(page.user, qr_id, options, None)
    assert image is not None  # no If-None-Match: always drawn
    headers = {"Cache-Control": IMAGE_CACHE_CONTROL, "X-Content-Type-Options": "nosniff"}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="{qr_id}.{image_format}"'
    return Response(image, media_type=MEDIA_TYPES[image_format], headers=headers)


@post("/qr/{qr_id:str}", opt={"scope": "qr:write"})
async def qr_rename(request: Request[Any, Any, Any], page: Page, qr: QrService, qr_id: QrId) -> Any:
    values = await read_form(request)
    title = text(values, "title").strip()
    try:
        await qr.update(page.user, qr_id, decode({"title": title or None}, QrUpdate))
    except HopError as exc:
        if exc.status >= 500 or exc.status == 404:
            raise
        code = await qr.get(page.user, qr_id)
        return await page.render(
            "qr_code.html",
            status=exc.status,
            code=code,
            type_names=TYPE_NAMES,
            style=_saved_style(code),
            ecc=ECC,
            query="",
            formats=tuple(MEDIA_TYPES),
            errors=FormErrors.of(exc),
        )
    await page.flash("success", "Saved.")
    return page.redirect(f"/qr/{qr_id}")


@post("/qr/{qr_id:str}/delete", opt={"scope": "qr:write"})
async def qr_delete(page: Page, qr: QrService, qr_id: QrId) -> Redirect:
    await qr.delete(page.user, qr_id)
    await page.flash("success", "The QR code is deleted; a dynamic code no longer works.")
    return page.redirect("/qr")


ROUTES = [qr_list, qr_new, qr_preview, qr_create, qr_page, qr_image, qr_rename, qr_delete]
