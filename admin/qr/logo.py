"""A QR code's logo: a ``data:`` URL of a PNG or an SVG, checked and re-encoded.

Nothing the caller sent is kept as sent. A PNG is decoded by Pillow (bounded in
bytes and pixels, so no decompression bomb) and encoded again, which drops every
ancillary chunk. An SVG is parsed by the standard library's expat with no DTD at
all (a ``<!DOCTYPE``/``<!ENTITY`` is refused, so neither entity expansion nor
external entities can happen) and written again from an allowlist of drawing
elements and attributes: a script, an event attribute (``on…``), a
``foreignObject``, an ``image`` or a reference to anything but ``#id`` is
refused with 422 rather than silently dropped, so the caller learns what was
wrong. Every problem is a 422 on ``style.logo``.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import xml.etree.ElementTree as ET
from urllib.parse import unquote_to_bytes

from PIL import Image, UnidentifiedImageError

from admin.errors import FieldError, ValidationFailed, validation

FIELD = "style.logo"
MAX_LOGO_BYTES = 256 * 1024
# base64 of 256 KiB and the longest prefix accepted.
MAX_LOGO_URL = (MAX_LOGO_BYTES + 2) // 3 * 4 + len("data:image/svg+xml;base64,")
MAX_LOGO_PIXELS = 1024  # a side, for a PNG; more is no sharper on a printed code
MAX_SVG_ELEMENTS = 5000
MAX_SVG_DEPTH = 32  # nesting; the copy below recurses once a level
_DATA_URL = re.compile(
    r"data:(?P<type>image/png|image/svg\+xml)(?P<params>(;[a-z0-9=-]+)*?)(?P<b64>;base64)?,"
    r"(?P<body>.*)",
    re.IGNORECASE | re.DOTALL,
)
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
# Drawing elements only: no script, style, foreignObject, image, a, use of outside files.
_ELEMENTS = frozenset(
    {
        "svg", "g", "defs", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "linearGradient", "radialGradient", "stop", "clipPath", "mask", "use", "symbol",
        "title", "desc", "text", "tspan",
    }
)  # fmt: skip
_REFUSED_ELEMENTS = frozenset(
    {"script", "foreignObject", "image", "a", "iframe", "object", "embed", "style", "animate",
     "set", "animateTransform", "animateMotion", "handler", "feImage"}
)  # fmt: skip
_ATTRIBUTES = frozenset(
    {
        "id", "class", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx",
        "fy", "width", "height", "d", "points", "viewBox", "preserveAspectRatio", "transform",
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
        "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
        "stroke-dashoffset", "opacity", "clip-path", "clip-rule", "mask", "offset",
        "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "spreadMethod",
        "clipPathUnits", "maskUnits", "maskContentUnits", "font-family", "font-size",
        "font-weight", "font-style", "text-anchor", "dominant-baseline", "letter-spacing",
        "visibility", "display", "color", "version", "style",
    }
)  # fmt: skip
# url(...) in a paint or clip attribute may only name an element of the same document.
_URL_REF = re.compile(r"url\(\s*(?P<quote>['\"]?)(?P<target>[^)'\"]*)(?P=quote)\s*\)", re.I)
_LOCAL_REF = re.compile(r"#[A-Za-z_][\w.-]*")
_STYLE_REFUSED = re.compile(r"@|\\|expression|javascript:|behavior|-moz-binding", re.I)


def _refuse(message: str) -> ValidationFailed:
    return validation([FieldError(FIELD, message)])


def check_logo(data_url: str) -> str:
    """The logo re-encoded as a ``data:`` URL (base64); 422 on ``style.logo`` otherwise."""
    match = _DATA_URL.fullmatch(data_url.strip())
    if not match:
        raise _refuse("must be a data: URL of an image/png or image/svg+xml")
    body = match["body"]
    if match["b64"]:
        try:
            raw = base64.b64decode(re.sub(r"\s+", "", body), validate=True)
        except (binascii.Error, ValueError):
            raise _refuse("is not valid base64") from None
    else:
        raw = unquote_to_bytes(body)
    if not raw:
        raise _refuse("is empty")
    if len(raw) > MAX_LOGO_BYTES:
        raise _refuse(f"is {len(raw)} bytes; at most {MAX_LOGO_BYTES} (256 KiB)")
    if match["type"].lower() == "image/png":
        media_type, clean = "image/png", _clean_png(raw)
    else:
        media_type, clean = "image/svg+xml", _clean_svg(raw)
    return f"data:{media_type};base64,{base64.b64encode(clean).decode()}"


def _clean_png(raw: bytes) -> bytes:
    if not raw.startswith(b"\x89PNG\r\n\x1a\n"):
        raise _refuse("is not a PNG image")
    try:
        with Image.open(io.BytesIO(raw), formats=["PNG"]) as image:
            width, height = image.size
            if max(width, height) > MAX_LOGO_PIXELS or min(width, height) < 1:
                raise _refuse(f"is {width}x{height} px; at most {MAX_LOGO_PIXELS} px on a side")
            image.load()
            pixels = image.convert("RGBA")
    except ValidationFailed:
        raise
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        raise _refuse("is not a readable PNG image") from None
    out = io.BytesIO()
    pixels.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _local_name(tag: str) -> tuple[str, str]:
    """(namespace, local name) of an ElementTree tag or attribute name."""
    if tag.startswith("{"):
        namespace, _, name = tag[1:].partition("}")
        return namespace, name
    return "", tag


def _parse_svg(raw: bytes) -> ET.Element:
    head = raw[:4096].lower()
    if b"<!doctype" in head or b"<!entity" in raw.lower():
        raise _refuse("an SVG must not declare a DOCTYPE or entities")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refuse("an SVG must be UTF-8") from None
    if "<!" in text.replace("<!--", "").replace("<![CDATA[", ""):
        raise _refuse("an SVG must not declare a DOCTYPE or entities")
    try:
        root = ET.fromstring(text)  # noqa: S314 (no DTD: refused above)
    except ET.ParseError:
        raise _refuse("is not a well-formed SVG document") from None
    namespace, name = _local_name(root.tag)
    if name != "svg" or namespace not in (SVG_NS, ""):
        raise _refuse("is not an SVG document (the root must be <svg>)")
    return root


def _check_value(name: str, value: str) -> str:
    if name.startswith("on"):
        raise _refuse(f"an SVG must not carry event attributes ({name})")
    for ref in _URL_REF.finditer(value):
        if not _LOCAL_REF.fullmatch(ref["target"].strip()):
            raise _refuse("an SVG may refer only to its own elements (url(#id))")
    if "url(" in value.lower() and not _URL_REF.search(value):
        raise _refuse("an SVG may refer only to its own elements (url(#id))")
    if name == "style" and _STYLE_REFUSED.search(value):
        raise _refuse("an SVG's style attributes may hold only plain properties")
    if "javascript:" in value.lower():
        raise _refuse("an SVG must not hold scripts")
    return value


def _copy(source: ET.Element, count: list[int], depth: int = 0) -> ET.Element | None:
    if depth > MAX_SVG_DEPTH:
        raise _refuse(f"an SVG logo may nest elements at most {MAX_SVG_DEPTH} deep")
    namespace, name = _local_name(source.tag)
    if name in _REFUSED_ELEMENTS:
        raise _refuse(f"an SVG must not hold <{name}>")
    if namespace not in (SVG_NS, "") or name not in _ELEMENTS:
        if namespace in (SVG_NS, ""):
            raise _refuse(f"an SVG logo may hold only drawing elements, not <{name}>")
        return None  # an editor's own metadata (Inkscape, Sodipodi, RDF): left out
    count[0] += 1
    if count[0] > MAX_SVG_ELEMENTS:
        raise _refuse(f"an SVG logo may hold at most {MAX_SVG_ELEMENTS} elements")
    copy = ET.Element(name)  # unqualified: the root's xmlns makes it SVG
    for attribute, value in source.attrib.items():
        attr_namespace, attr_name = _local_name(attribute)
        if attr_name.lower().startswith("on"):
            raise _refuse(f"an SVG must not carry event attributes ({attr_name})")
        if attr_name == "href" and attr_namespace in ("", XLINK_NS):
            if not _LOCAL_REF.fullmatch(value.strip()):
                raise _refuse('an SVG may refer only to its own elements (href="#id")')
            copy.set("href", value.strip())
            continue
        if attr_namespace or attr_name not in _ATTRIBUTES:
            continue  # unknown presentation detail: not written again
        copy.set(attr_name, _check_value(attr_name, value))
    copy.text = source.text if name in ("text", "tspan", "title", "desc") else None
    for child in source:
        clean = _copy(child, count, depth + 1)
        if clean is not None:
            clean.tail = child.tail if name in ("text", "tspan") else None
            copy.append(clean)
    return copy


def _clean_svg(raw: bytes) -> bytes:
    root = _copy(_parse_svg(raw), [0])
    assert root is not None  # the root is <svg>: checked by _parse_svg
    if "viewBox" not in root.attrib and not ("width" in root.attrib and "height" in root.attrib):
        raise _refuse("an SVG logo needs a viewBox (or a width and a height)")
    root.set("xmlns", SVG_NS)
    written: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=False)
    return written
