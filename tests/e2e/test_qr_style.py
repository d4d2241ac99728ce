"""Every QR type, drawn with a full style (logo, frame, dots, rounded eyes, gradient)
by the real admin, still decodes with zxing-cpp; the SVG answer too, rasterised."""

from __future__ import annotations

import base64
import io
from typing import Any

import httpx
import pytest
import resvg_py
from PIL import Image

from tests.e2e.test_qr import STATIC_CASES, png_text
from tests.support.accounts import Account
from tests.support.api import make_qr
from tests.support.qr import decode_png

_LOGO = io.BytesIO()
Image.new("RGB", (60, 60), "#0f766e").save(_LOGO, format="PNG")
STYLE = {
    "logo": "data:image/png;base64," + base64.b64encode(_LOGO.getvalue()).decode(),
    "frame": {"caption": "Scan me"},
    "moduleShape": "dots",
    "eyeShape": "rounded",
    "gradient": {"from": "#1d4ed8", "to": "#7c3aed"},
}


@pytest.mark.parametrize(("qr_type", "data", "expected"), STATIC_CASES)
def test_every_type_decodes_with_a_full_style(
    api: httpx.Client, account: Account, qr_type: str, data: dict[str, Any], expected: str
) -> None:
    code = make_qr(api, account, type=qr_type, data=data, dynamic=False, style=STYLE)
    assert code["style"]["ecl"] == "H"
    assert png_text(api, account, code["id"]) == expected
    svg = api.get(f"/v1/qr/{code['id']}/image", headers=account.headers())
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert decode_png(bytes(resvg_py.svg_to_bytes(svg_string=svg.text))) == [expected]


def test_a_dynamic_code_decodes_with_a_full_style(api: httpx.Client, account: Account) -> None:
    code = make_qr(api, account, type="url", data={"url": "https://example.com/s"}, style=STYLE)
    assert png_text(api, account, code["id"]) == code["shortUrl"]
    assert png_text(api, account, code["id"], scale=3) == code["shortUrl"]
