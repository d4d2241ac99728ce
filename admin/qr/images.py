"""QR images: SVG, PNG or PDF from segno, with bounded size and checked colours.

Colours are parsed strictly (``#rgb``, ``#rgba``, ``#rrggbb``, ``#rrggbbaa``,
a few CSS names, ``transparent`` for the light modules only) and the dark
modules must stand out from the light ones (contrast at least 3:1), because a
code scanners can't read is worse than an error. The ETag is a hash of
everything the image depends on, so it can be answered before rendering.
"""

from __future__ import annotations

import hashlib
import io
import re
from typing import Literal

import msgspec
import segno

from admin.errors import FieldError, validation
from admin.qr import styled
from admin.qr.styled import Shape

ImageFormat = Literal["svg", "png", "pdf"]
ErrorLevel = Literal["L", "M", "Q", "H"]
MEDIA_TYPES = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}
MAX_SIDE_PIXELS = 4096
_RENDERER = b"hop-qr-2"  # bump when the output of the same options changes
_HEX = re.compile(r"#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
NAMED_COLOURS = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#ff0000",
    "green": "#008000",
    "blue": "#0000ff",
    "navy": "#000080",
    "maroon": "#800000",
    "purple": "#800080",
    "teal": "#008080",
    "olive": "#808000",
    "gray": "#808080",
    "grey": "#808080",
    "silver": "#c0c0c0",
    "orange": "#ffa500",
    "darkblue": "#00008b",
    "darkgreen": "#006400",
    "darkred": "#8b0000",
}
MIN_CONTRAST = 3.0


class ImageOptions(msgspec.Struct, frozen=True, kw_only=True):
    format: ImageFormat = "svg"
    scale: int = 10
    border: int = 4
    dark: str = "#000000"
    light: str | None = "#ffffff"  # None: transparent
    ecl: ErrorLevel = "M"
    # The saved style beyond colours (styled.py draws a code that has any of them).
    logo: str | None = None  # a checked data: URL (logo.py)
    caption: str | None = None
    module_shape: Shape = "square"
    eye_shape: Shape = "square"
    gradient: tuple[str, str] | None = None  # (from, to), top to bottom

    @property
    def plain(self) -> bool:
        """Only colours: segno draws it, exactly as before styles existed."""
        return (
            self.logo is None
            and self.caption is None
            and self.module_shape == "square"
            and self.eye_shape == "square"
            and self.gradient is None
        )


class ImageRequest(msgspec.Struct, frozen=True, kw_only=True):
    """What one image request asks for; ``None``: as the code's saved style says."""

    format: ImageFormat = "svg"
    scale: int = 10
    border: int = 4
    dark: str | None = None  # as sent: parsed with the saved style (style.options_for)
    light: str | None = None
    ecl: ErrorLevel | None = None


def parse_colour(field: str, raw: str, *, allow_transparent: bool) -> str | None:
    """``#rrggbb`` or ``#rrggbbaa`` (lowercase), or None for transparent; 422 otherwise."""
    value = raw.strip().lower()
    if value == "transparent" and allow_transparent:
        return None
    value = NAMED_COLOURS.get(value, value)
    match = _HEX.fullmatch(value)
    if not match:
        names = ", ".join(sorted(NAMED_COLOURS))
        raise validation(
            [FieldError(field, f"must be #rgb, #rgba, #rrggbb, #rrggbbaa or one of {names}")]
        )
    digits = match[1]
    if len(digits) in (3, 4):
        digits = "".join(char * 2 for char in digits)
    return "#" + (digits[:6] if digits[6:] == "ff" else digits)


def _luminance(colour: str) -> float:
    def channel(hex_pair: str) -> float:
        value = int(hex_pair, 16) / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def check_contrast(dark: str, light: str | None, *, field: str = "dark") -> None:
    if light is None:
        return  # transparent: the background is the printer's business
    darker, lighter = _luminance(dark), _luminance(light)
    if (lighter + 0.05) / (darker + 0.05) < MIN_CONTRAST:
        raise validation(
            [FieldError(field, f"must be darker than light by a contrast of {MIN_CONTRAST}:1")]
        )


def effective_ecl(requested: ErrorLevel, *, logo: bool) -> ErrorLevel:
    """A logo hides modules: the code then always has the most error correction."""
    return "H" if logo else requested


def etag(payload: str, options: ImageOptions) -> str:
    digest = hashlib.sha256(_RENDERER)
    digest.update(msgspec.msgpack.encode([payload, options]))
    return f'"{digest.hexdigest()[:32]}"'


def make_code(payload: str, ecl: ErrorLevel) -> segno.QRCode:
    """The symbol; text is UTF-8 in byte mode (what phone scanners assume)."""
    try:
        return segno.make_qr(payload, error=ecl, boost_error=False, encoding="utf-8")
    except segno.DataOverflowError:
        raise validation(
            [FieldError("ecl", f"the content does not fit at error correction {ecl}; try L")]
        ) from None


def render(payload: str, options: ImageOptions) -> bytes:
    """The image bytes (CPU work: call it off the event loop)."""
    code = make_code(payload, options.ecl)
    if not options.plain:
        return _render_styled(code, options)
    width, _ = code.symbol_size(scale=options.scale, border=options.border)
    if width > MAX_SIDE_PIXELS:
        raise validation(
            [FieldError("scale", f"the image would be {width} px wide; at most {MAX_SIDE_PIXELS}")]
        )
    out = io.BytesIO()
    extra: dict[str, object] = {"xmldecl": False} if options.format == "svg" else {}
    code.save(
        out,
        kind=options.format,
        scale=options.scale,
        border=options.border,
        dark=options.dark,
        light=options.light,
        **extra,
    )
    return out.getvalue()


def _render_styled(code: segno.QRCode, options: ImageOptions) -> bytes:
    width, height = styled.size_in_pixels(code, options)
    if max(width, height) > MAX_SIDE_PIXELS:
        side = max(width, height)
        raise validation(
            [FieldError("scale", f"the image would be {side} px wide; at most {MAX_SIDE_PIXELS}")]
        )
    if options.format == "svg":
        return styled.svg(code, options).encode()
    raster = styled.png(code, options)
    return raster if options.format == "png" else styled.pdf(raster)
