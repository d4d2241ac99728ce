"""A QR code's saved style: checked once when saved, then every image is drawn with it.

``check_style`` turns a request's ``style`` into the stored one (canonical colours,
the logo re-encoded, error correction settled) or answers 422 naming
``style.<field>``, before anything is written. ``options_for`` merges the saved
style with an image request: the query's ``dark``, ``light`` and ``ecl`` still win
when given (as before styles were saved), a logo keeps error correction at H.

Contrast is refused, not warned about: ``dark`` and both ends of a ``gradient`` must
stand out from ``light`` by 3:1 (images.MIN_CONTRAST), the rule colours already had,
because a printed code nobody can scan is worse than an error.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from admin.errors import FieldError, validation
from admin.qr import images
from admin.qr.logo import check_logo
from admin.qr.schemas import QrFrame, QrGradient, QrStyle

DEFAULT_STYLE = QrStyle(ecl="M")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _light(value: str | None) -> str:
    return "transparent" if value is None else value


def check_style(style: QrStyle | None) -> QrStyle:
    """The style as stored; 422 on ``style.<field>`` when it cannot be drawn readably."""
    if style is None:
        return DEFAULT_STYLE
    dark = images.parse_colour("style.dark", style.dark, allow_transparent=False)
    assert dark is not None  # transparent is refused for dark modules
    light = images.parse_colour("style.light", style.light, allow_transparent=True)
    images.check_contrast(dark, light, field="style.dark")
    gradient = None
    if style.gradient is not None:
        ends = []
        for name, raw in (("from", style.gradient.from_), ("to", style.gradient.to)):
            field = f"style.gradient.{name}"
            colour = images.parse_colour(field, raw, allow_transparent=False)
            assert colour is not None
            images.check_contrast(colour, light, field=field)
            ends.append(colour)
        gradient = QrGradient(from_=ends[0], to=ends[1])
    frame = None
    if style.frame is not None:
        caption = style.frame.caption.strip()
        if not caption or _CONTROL.search(caption):
            raise validation(
                [FieldError("style.frame.caption", "must be one line of visible text")]
            )
        frame = QrFrame(caption=caption)
    logo = check_logo(style.logo) if style.logo is not None else None
    return QrStyle(
        logo=logo,
        frame=frame,
        module_shape=style.module_shape,
        eye_shape=style.eye_shape,
        gradient=gradient,
        dark=dark,
        light=_light(light),
        ecl=images.effective_ecl(style.ecl or "M", logo=logo is not None),
    )


def stored(raw: dict[str, Any]) -> QrStyle:
    """The style of a row (``{}`` for codes saved before styles: black on white, M)."""
    style = msgspec.convert(raw, QrStyle)
    return style if style.ecl is not None else msgspec.structs.replace(style, ecl="M")


def to_row(style: QrStyle) -> dict[str, Any]:
    saved: dict[str, Any] = msgspec.to_builtins(style)
    return saved


def options_for(style: QrStyle, request: images.ImageRequest) -> images.ImageOptions:
    """The options of one image: the saved style, with the request's colours when given."""
    dark = style.dark
    if request.dark is not None:
        dark = images.parse_colour("dark", request.dark, allow_transparent=False) or dark
    light_raw = request.light if request.light is not None else style.light
    field = "light" if request.light is not None else "style.light"
    light = images.parse_colour(field, light_raw, allow_transparent=True)
    images.check_contrast(dark, light, field="dark" if request.dark is not None else "light")
    gradient = None
    if style.gradient is not None:
        gradient = (style.gradient.from_, style.gradient.to)
        for colour in gradient:
            images.check_contrast(colour, light, field="light")
    return images.ImageOptions(
        format=request.format,
        scale=request.scale,
        border=request.border,
        dark=dark,
        light=light,
        ecl=images.effective_ecl(request.ecl or style.ecl or "M", logo=style.logo is not None),
        logo=style.logo,
        caption=style.frame.caption if style.frame is not None else None,
        module_shape=style.module_shape,
        eye_shape=style.eye_shape,
        gradient=gradient,
    )
