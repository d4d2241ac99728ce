"""Styled QR images decode, and logos are re-encoded or refused (admin/qr/styled.py,
logo.py, style.py): every combination of the options that change the drawing is read
back by zxing-cpp, as a phone would."""

from __future__ import annotations

import base64
import io
import itertools

import msgspec
import pytest
import resvg_py
from PIL import Image, PngImagePlugin

from admin.errors import ValidationFailed
from admin.qr import images
from admin.qr.images import ImageOptions
from admin.qr.logo import MAX_LOGO_BYTES, check_logo
from admin.qr.schemas import QrFrame, QrGradient, QrStyle
from admin.qr.style import check_style, options_for
from tests.support.qr import decode_png

PAYLOAD = "https://hop.example/Qx7pL2"
LONG_PAYLOAD = "https://shop.example.com/spring-sale?" + "utm_campaign=window&x=" * 12


def _png(size: tuple[int, int] = (64, 64), colour: str = "#c00000") -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", size, colour).save(out, format="PNG")
    return out.getvalue()


def _data_url(media_type: str, raw: bytes) -> str:
    return f"data:{media_type};base64,{base64.b64encode(raw).decode()}"


SVG_LOGO = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    b'<defs><linearGradient id="g"><stop offset="0" stop-color="#0a0"/></linearGradient></defs>'
    b'<circle cx="5" cy="5" r="4" fill="url(#g)"/></svg>'
)
PNG_LOGO = check_logo(_data_url("image/png", _png()))
CLEAN_SVG_LOGO = check_logo(_data_url("image/svg+xml", SVG_LOGO))
SHAPES = ("square", "rounded", "dots")
GRADIENT = ("#1d4ed8", "#7c3aed")


def _options(**fields: object) -> ImageOptions:
    return msgspec.convert(fields, ImageOptions)


# Every pair of shapes on a short URL; a long one (version 18 at H, alignment patterns
# under the logo) with each shape everywhere.
CASES = [(module, eye, PAYLOAD) for module, eye in itertools.product(SHAPES, SHAPES)] + [
    (shape, shape, LONG_PAYLOAD) for shape in SHAPES
]


@pytest.mark.parametrize(("module_shape", "eye_shape", "payload"), CASES)
def test_every_shape_logo_gradient_and_frame_decodes(
    module_shape: str, eye_shape: str, payload: str
) -> None:
    for logo, gradient, caption in itertools.product(
        (None, PNG_LOGO, CLEAN_SVG_LOGO), (None, GRADIENT), (None, "Scan me")
    ):
        options = _options(
            format="png",
            ecl=images.effective_ecl("M", logo=logo is not None),
            logo=logo,
            caption=caption,
            module_shape=module_shape,
            eye_shape=eye_shape,
            gradient=gradient,
        )
        case = (module_shape, eye_shape, bool(logo), gradient, caption)
        assert decode_png(images.render(payload, options)) == [payload], case


def test_svg_and_pdf_of_a_styled_code() -> None:
    options = _options(
        format="svg",
        ecl="H",
        logo=PNG_LOGO,
        caption='Scan <me> & "you"',
        module_shape="dots",
        eye_shape="rounded",
        gradient=GRADIENT,
    )
    svg = images.render(PAYLOAD, options)
    assert svg.startswith(b"<svg")
    assert b"Scan &lt;me&gt; &amp;" in svg
    assert b'id="qr-gradient"' in svg
    # The SVG answer itself, rasterised by an SVG renderer, reads back.
    assert decode_png(bytes(resvg_py.svg_to_bytes(svg_string=svg.decode()))) == [PAYLOAD]
    pdf = images.render(PAYLOAD, msgspec.structs.replace(options, format="pdf"))
    assert pdf.startswith(b"%PDF-")
    assert b"/MediaBox" in pdf
    assert pdf.rstrip().endswith(b"%%EOF")


def test_a_plain_style_is_drawn_by_segno_as_before() -> None:
    plain = _options(format="svg")
    assert plain.plain
    assert b"<path" in images.render(PAYLOAD, plain)
    assert not _options(module_shape="dots").plain


def test_a_png_logo_is_decoded_and_encoded_again() -> None:
    image = Image.new("RGB", (40, 20), "#123456")
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "<script>alert(1)</script>")
    out = io.BytesIO()
    image.save(out, format="PNG", pnginfo=info)
    clean = check_logo(_data_url("image/png", out.getvalue()))
    raw = base64.b64decode(clean.split(",", 1)[1])
    assert b"script" not in raw
    assert Image.open(io.BytesIO(raw)).size == (40, 20)


def test_a_clean_svg_keeps_its_drawing_and_drops_editor_metadata() -> None:
    svg = (
        b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/'
        b'namespaces/inkscape" viewBox="0 0 4 4" inkscape:version="1"><inkscape:thing/>'
        b'<rect width="4" height="4" fill="#f00" data-x="1"/><use href="#r"/></svg>'
    )
    raw = base64.b64decode(check_logo(_data_url("image/svg+xml", svg)).split(",", 1)[1])
    assert raw.startswith(b"<svg")
    assert b"<rect" in raw
    assert b'href="#r"' in raw
    assert b"inkscape" not in raw
    assert b"data-x" not in raw


@pytest.mark.parametrize(
    ("media_type", "body"),
    [
        ("image/svg+xml", b'<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>'),
        ("image/svg+xml", b'<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'),
        (
            "image/svg+xml",
            b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
            b'<rect onclick="x()" width="1" height="1"/></svg>',
        ),
        (
            "image/svg+xml",
            b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
            b"<foreignObject><p>hi</p></foreignObject></svg>",
        ),
        (
            "image/svg+xml",
            b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
            b' viewBox="0 0 1 1"><use xlink:href="https://evil.example/x.svg#a"/></svg>',
        ),
        (
            "image/svg+xml",
            b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
            b'<rect fill="url(https://evil.example/p)" width="1" height="1"/></svg>',
        ),
        (
            "image/svg+xml",
            b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
            b'<image href="data:image/png;base64,AAAA"/></svg>',
        ),
        (
            "image/svg+xml",
            b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>'
            b'<svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
        ),
        ("image/svg+xml", b"<html><body>not svg</body></html>"),
        ("image/svg+xml", b"<svg"),
        (
            "image/svg+xml",
            b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
            + b"<g>" * 2000
            + b"</g>" * 2000
            + b"</svg>",
        ),
        ("image/png", b"GIF89a not a png"),
        ("image/png", b"\x89PNG\r\n\x1a\n broken"),
        ("image/png", _png((1500, 20))),
        ("image/png", b"\x89PNG\r\n\x1a\n" + b"\x00" * MAX_LOGO_BYTES),
    ],
)
def test_bad_logos_are_refused_on_style_logo(media_type: str, body: bytes) -> None:
    with pytest.raises(ValidationFailed) as caught:
        check_logo(_data_url(media_type, body))
    assert [error.field for error in caught.value.errors] == ["style.logo"]


@pytest.mark.parametrize(
    "logo", ["https://example.com/logo.png", "data:image/gif;base64,R0lGOD", "data:image/png,"]
)
def test_a_logo_must_be_a_png_or_svg_data_url(logo: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        check_logo(logo)
    assert caught.value.errors[0].field == "style.logo"


@pytest.mark.parametrize(
    ("style", "field"),
    [
        (QrStyle(dark="blurple"), "style.dark"),
        (QrStyle(light="#12345"), "style.light"),
        (QrStyle(dark="#eeeeee"), "style.dark"),
        (QrStyle(gradient=QrGradient(from_="#000000", to="nope")), "style.gradient.to"),
        # light on light: refused, not warned about (a code nobody can scan)
        (QrStyle(gradient=QrGradient(from_="#fde68a", to="#fef3c7")), "style.gradient.from"),
        (QrStyle(gradient=QrGradient(from_="#000000", to="#f0f0f0")), "style.gradient.to"),
        (QrStyle(frame=QrFrame(caption="two\nlines")), "style.frame.caption"),
        (QrStyle(frame=QrFrame(caption="   ")), "style.frame.caption"),
    ],
)
def test_styles_that_would_not_scan_are_refused(style: QrStyle, field: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        check_style(style)
    assert [error.field for error in caught.value.errors] == [field]


def test_a_checked_style_is_canonical_and_a_logo_raises_error_correction() -> None:
    style = check_style(
        QrStyle(
            dark="navy",
            light="transparent",
            ecl="L",
            logo=_data_url("image/png", _png()),
            gradient=QrGradient(from_="#00F", to="black"),
        )
    )
    assert (style.dark, style.light, style.ecl) == ("#000080", "transparent", "H")
    assert style.gradient == QrGradient(from_="#0000ff", to="#000000")
    assert check_style(None).ecl == "M"
    # An image request's ecl cannot lower it either, and its colours still win.
    options = options_for(style, images.ImageRequest(ecl="L", dark="#000000", light="white"))
    assert (options.ecl, options.dark, options.light) == ("H", "#000000", "#ffffff")
