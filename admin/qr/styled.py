"""Styled QR images: module and eye shapes, a gradient, a logo and a framed caption.

segno draws plain codes (images.py); a code with any of these is drawn here, once,
as SVG in module units, from segno's matrix. PNG is that SVG rasterised by resvg
(no system library, and the same geometry as the SVG answer), with the caption
drawn by Pillow's bundled font so it never depends on the fonts a host has; PDF is
that PNG in a PDF page, one pixel a point (``scale`` points a module), on white.

What keeps a styled code readable (each decoded by zxing-cpp in the tests):
a logo raises error correction to H (images.effective_ecl) and covers at most
``LOGO_SHARE`` of the symbol's width (about 5 % of its area, well inside the 30 %
H recovers), centred, on a light square with the modules under it left out;
dots and rounded modules keep each module's centre dark; every eye keeps the
1:1:3:1:1 proportions through its centre that scanners look for; the frame is
drawn outside the quiet zone.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Literal
from xml.sax.saxutils import escape, quoteattr

import resvg_py
from PIL import Image, ImageDraw, ImageFont

if TYPE_CHECKING:
    import segno

    from admin.qr.images import ImageOptions

Shape = Literal["square", "rounded", "dots"]
LOGO_SHARE = 0.22
FRAME_MARGIN = 1.5  # modules outside the quiet zone, the frame's line in the middle
FRAME_LINE = 0.5
CAPTION_BAND = 4.0  # modules below the frame's top part for the caption
CAPTION_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


def _paint(colour: str) -> str:
    """``fill="…"`` (and its opacity) for ``#rrggbb`` or ``#rrggbbaa``."""
    if len(colour) == 9:
        opacity = int(colour[7:], 16) / 255
        return f'fill="{colour[:7]}" fill-opacity="{_num(opacity)}"'
    return f'fill="{colour}"'


def _stop(offset: str, colour: str) -> str:
    opacity = _num(int(colour[7:], 16) / 255) if len(colour) == 9 else "1"
    return f'<stop offset="{offset}" stop-color="{colour[:7]}" stop-opacity="{opacity}"/>'


def _rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """A closed rounded rectangle, clockwise."""
    return (
        f"M{_num(x + r)} {_num(y)}h{_num(w - 2 * r)}"
        f"a{_num(r)} {_num(r)} 0 0 1 {_num(r)} {_num(r)}v{_num(h - 2 * r)}"
        f"a{_num(r)} {_num(r)} 0 0 1 {_num(-r)} {_num(r)}h{_num(-(w - 2 * r))}"
        f"a{_num(r)} {_num(r)} 0 0 1 {_num(-r)} {_num(-r)}v{_num(-(h - 2 * r))}"
        f"a{_num(r)} {_num(r)} 0 0 1 {_num(r)} {_num(-r)}z"
    )


def _circle(cx: float, cy: float, r: float) -> str:
    return (
        f"M{_num(cx - r)} {_num(cy)}a{_num(r)} {_num(r)} 0 1 0 {_num(2 * r)} 0"
        f"a{_num(r)} {_num(r)} 0 1 0 {_num(-2 * r)} 0z"
    )


def _module(x: float, y: float, shape: Shape) -> str:
    if shape == "dots":
        return _circle(x + 0.5, y + 0.5, 0.45)
    if shape == "rounded":
        return _rounded(x, y, 1, 1, 0.3)
    return f"M{_num(x)} {_num(y)}h1v1h-1z"


def _eye(x: float, y: float, shape: Shape) -> str:
    """A finder pattern: a 7x7 ring and a 3x3 centre (the ring's hole by even-odd)."""
    if shape == "dots":
        return (
            _circle(x + 3.5, y + 3.5, 3.5)
            + _circle(x + 3.5, y + 3.5, 2.5)
            + _circle(x + 3.5, y + 3.5, 1.5)
        )
    if shape == "rounded":
        return (
            _rounded(x, y, 7, 7, 2)
            + _rounded(x + 1, y + 1, 5, 5, 1.2)
            + _rounded(x + 2, y + 2, 3, 3, 0.8)
        )
    return (
        f"M{_num(x)} {_num(y)}h7v7h-7z"
        f"M{_num(x + 1)} {_num(y + 1)}h5v5h-5z"
        f"M{_num(x + 2)} {_num(y + 2)}h3v3h-3z"
    )


class Layout:
    """Where everything goes, in modules."""

    def __init__(self, size: int, options: ImageOptions) -> None:
        self.size = size  # modules on a side of the symbol
        self.margin = FRAME_MARGIN if options.caption else 0.0
        self.left = self.margin + options.border  # the symbol's top-left corner
        self.top = self.left
        quiet = size + 2 * options.border
        self.width = quiet + 2 * self.margin
        self.height = self.width + (CAPTION_BAND if options.caption else 0.0)
        logo_side = round(size * LOGO_SHARE) if options.logo else 0
        if logo_side and (size - logo_side) % 2:
            logo_side += 1  # centred on whole modules
        self.logo_side = logo_side
        self.logo_first = (size - logo_side) // 2  # first module row/column under the logo

    def under_logo(self, row: int, column: int) -> bool:
        last = self.logo_first + self.logo_side
        return (
            self.logo_side > 0
            and self.logo_first <= row < last
            and self.logo_first <= column < last
        )

    def in_eye(self, row: int, column: int) -> bool:
        far = self.size - 7
        return (row < 7 and (column < 7 or column >= far)) or (row >= far and column < 7)


def _caption_size(caption: str, width: float) -> float:
    """Font size in modules: as large as fits the width (average glyph 0.6 em)."""
    return min(2.2, width * 0.85 / max(1, len(caption)) / 0.6)


def svg(code: segno.QRCode, options: ImageOptions, *, with_caption: bool = True) -> str:
    matrix = code.matrix
    layout = Layout(len(matrix), options)
    scale = options.scale
    parts: list[str] = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{_num(layout.width * scale)}" height="{_num(layout.height * scale)}" '
        f'viewBox="0 0 {_num(layout.width)} {_num(layout.height)}">'
    ]
    fill = _paint(options.dark)
    if options.gradient is not None:
        start, end = options.gradient
        parts.append(
            '<defs><linearGradient id="qr-gradient" gradientUnits="userSpaceOnUse" '
            f'x1="0" y1="{_num(layout.top)}" x2="0" y2="{_num(layout.top + layout.size)}">'
            f"{_stop('0', start)}{_stop('1', end)}</linearGradient></defs>"
        )
        fill = 'fill="url(#qr-gradient)"'
    if options.light is not None:
        parts.append(
            f'<rect width="{_num(layout.width)}" height="{_num(layout.height)}" '
            f"{_paint(options.light)}/>"
        )
    if options.caption:
        inset = layout.margin / 2
        outline = _rounded(inset, inset, layout.width - 2 * inset, layout.height - 2 * inset, 1)
        parts.append(
            f'<path d="{outline}" fill="none" stroke="{options.dark[:7]}" '
            f'stroke-width="{_num(FRAME_LINE)}"/>'
        )
    path: list[str] = []
    for row, line in enumerate(matrix):
        for column, dark in enumerate(line):
            if dark and not layout.in_eye(row, column) and not layout.under_logo(row, column):
                path.append(_module(layout.left + column, layout.top + row, options.module_shape))
    far = layout.size - 7
    for row, column in ((0, 0), (0, far), (far, 0)):
        path.append(_eye(layout.left + column, layout.top + row, options.eye_shape))
    parts.append(f'<path fill-rule="evenodd" {fill} d="{"".join(path)}"/>')
    if options.logo:
        side = layout.logo_side
        x = layout.left + layout.logo_first
        y = layout.top + layout.logo_first
        parts.append(
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{side}" height="{side}" '
            f"{_paint(options.light or '#ffffff')}/>"
            f'<image x="{_num(x + 0.5)}" y="{_num(y + 0.5)}" width="{_num(side - 1)}" '
            f'height="{_num(side - 1)}" preserveAspectRatio="xMidYMid meet" '
            f"href={quoteattr(options.logo)}/>"
        )
    if options.caption and with_caption:
        size = _caption_size(options.caption, layout.width)
        baseline = layout.height - layout.margin - CAPTION_BAND / 2 + size * 0.35
        parts.append(
            f'<text x="{_num(layout.width / 2)}" y="{_num(baseline)}" '
            f'font-family="{CAPTION_FONT}" font-size="{_num(size)}" font-weight="bold" '
            f'text-anchor="middle" {_paint(options.dark)}>{escape(options.caption)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def size_in_pixels(code: segno.QRCode, options: ImageOptions) -> tuple[int, int]:
    layout = Layout(len(code.matrix), options)
    return round(layout.width * options.scale), round(layout.height * options.scale)


def png(code: segno.QRCode, options: ImageOptions) -> bytes:
    """The SVG rasterised; the caption drawn with Pillow's own font (no host fonts)."""
    raster = bytes(resvg_py.svg_to_bytes(svg_string=svg(code, options, with_caption=False)))
    if not options.caption:
        return raster
    image = Image.open(io.BytesIO(raster)).convert("RGBA")
    layout = Layout(len(code.matrix), options)
    scale = options.scale
    size = _caption_size(options.caption, layout.width) * scale
    font = ImageFont.load_default(size=max(6.0, size))
    draw = ImageDraw.Draw(image)
    centre_y = (layout.height - layout.margin - CAPTION_BAND / 2) * scale
    draw.text(
        (image.width / 2, centre_y),
        options.caption,
        fill=options.dark,
        font=font,
        anchor="mm",
    )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def pdf(png_bytes: bytes) -> bytes:
    """A one-page PDF of the PNG, one pixel a point, transparency printed on white."""
    with Image.open(io.BytesIO(png_bytes)) as image:
        rgba = image.convert("RGBA")
    paper = Image.new("RGBA", rgba.size, "white")
    page = Image.alpha_composite(paper, rgba).convert("RGB")
    out = io.BytesIO()
    page.save(out, format="PDF", resolution=72.0)
    return out.getvalue()
