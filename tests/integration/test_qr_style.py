"""A QR code's saved ``style`` through the admin app in this process: shown on the
resource, used by every image, changed by PATCH, and bad styles refused with 422 on
``style.<field>`` with nothing saved (docs/qr.md#style)."""

from __future__ import annotations

import base64
import io
from typing import Any

import httpx
import pytest
from PIL import Image

from tests.support.accounts import Account
from tests.support.api import assert_422, create_qr, make_qr
from tests.support.qr import decode_png


def _png_url(size: tuple[int, int] = (48, 48)) -> str:
    out = io.BytesIO()
    Image.new("RGB", size, "#aa0000").save(out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def _svg_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


FULL_STYLE = {
    "logo": _png_url(),
    "frame": {"caption": "Scan me"},
    "moduleShape": "dots",
    "eyeShape": "rounded",
    "gradient": {"from": "#1D4ED8", "to": "#7c3aed"},
}


def _codes(api: httpx.Client, account: Account) -> list[str]:
    listed = api.get("/v1/qr", params={"limit": 200}, headers=account.headers()).json()
    return [code["id"] for code in listed["data"]]


def _image(api: httpx.Client, account: Account, qr_id: str, **params: Any) -> httpx.Response:
    response = api.get(f"/v1/qr/{qr_id}/image", params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    return response


def test_a_style_is_saved_shown_and_drawn(api: httpx.Client, account: Account) -> None:
    code = make_qr(
        api, account, type="text", data={"text": "styled"}, dynamic=False, style=FULL_STYLE
    )
    style = code["style"]
    assert style["logo"].startswith("data:image/png;base64,")
    assert style["frame"] == {"caption": "Scan me"}
    assert (style["moduleShape"], style["eyeShape"]) == ("dots", "rounded")
    assert style["gradient"] == {"from": "#1d4ed8", "to": "#7c3aed"}
    assert (style["dark"], style["light"], style["ecl"]) == ("#000000", "#ffffff", "H")
    fetched = api.get(f"/v1/qr/{code['id']}", headers=account.headers()).json()
    assert fetched["style"] == style
    assert decode_png(_image(api, account, code["id"], format="png").content) == ["styled"]
    svg = _image(api, account, code["id"]).text
    assert "qr-gradient" in svg
    assert "Scan me" in svg
    assert "data:image/png;base64," in svg
    pdf = _image(api, account, code["id"], format="pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


def test_colours_and_error_correction_are_saved(api: httpx.Client, account: Account) -> None:
    """Issue 31: revisiting a code showed it black and Medium whatever it was made with."""
    code = make_qr(
        api,
        account,
        type="text",
        data={"text": "navy"},
        style={"dark": "navy", "light": "#FDF6E3", "ecl": "Q"},
    )
    assert (code["style"]["dark"], code["style"]["light"], code["style"]["ecl"]) == (
        "#000080",
        "#fdf6e3",
        "Q",
    )
    svg = _image(api, account, code["id"]).text
    assert "#000080" in svg
    assert "#fdf6e3" in svg
    # The query's colours still win when given, as before styles were saved.
    overridden = _image(api, account, code["id"], dark="#800000").text
    assert "#800000" in overridden
    assert "#000080" not in overridden
    plain = make_qr(api, account, type="text", data={"text": "plain"})
    assert (plain["style"]["dark"], plain["style"]["ecl"]) == ("#000000", "M")


def test_patch_replaces_the_style(api: httpx.Client, account: Account) -> None:
    code = make_qr(api, account, type="url", data={"url": "https://example.com/p"})
    before = _image(api, account, code["id"]).headers["etag"]
    response = api.patch(
        f"/v1/qr/{code['id']}",
        json={"style": {"moduleShape": "rounded", "frame": {"caption": "Menu"}}},
        headers=account.headers(),
    )
    assert response.status_code == 200, response.text
    assert response.json()["style"]["moduleShape"] == "rounded"
    assert response.json()["payload"] == code["payload"]  # the printed content is the same
    image = _image(api, account, code["id"], format="png")
    assert image.headers["etag"] != before
    assert decode_png(image.content) == [code["payload"]]
    reset = api.patch(f"/v1/qr/{code['id']}", json={"style": None}, headers=account.headers())
    assert reset.json()["style"]["moduleShape"] == "square"
    assert reset.json()["style"]["frame"] is None
    refused = api.patch(
        f"/v1/qr/{code['id']}", json={"style": {"eyeShape": "star"}}, headers=account.headers()
    )
    assert_422(refused, "style.eyeShape")
    again = api.get(f"/v1/qr/{code['id']}", headers=account.headers()).json()
    assert again["style"]["eyeShape"] == "square"


SCRIPT_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


@pytest.mark.parametrize(
    ("style", "field"),
    [
        ({"moduleShape": "hexagon"}, "style.moduleShape"),
        ({"eyeShape": 3}, "style.eyeShape"),
        ({"dark": "blurple"}, "style.dark"),
        ({"light": "#1234"}, "style.dark"),  # #1234 is a colour: too dark under dark modules
        ({"light": "rgb(1,2,3)"}, "style.light"),
        ({"gradient": {"from": "#000000", "to": "#zzzzzz"}}, "style.gradient.to"),
        ({"gradient": {"from": "#000000"}}, "style.gradient.to"),
        ({"gradient": {"from": "#fffde7", "to": "#fff9c4"}}, "style.gradient.from"),
        ({"frame": {"caption": "x" * 41}}, "style.frame.caption"),
        ({"frame": {"caption": "a\u0007b"}}, "style.frame.caption"),
        ({"frame": {}}, "style.frame.caption"),
        ({"logo": "https://example.com/logo.png"}, "style.logo"),
        ({"logo": "data:text/html;base64,PGI+"}, "style.logo"),
        ({"logo": "data:image/png;base64,bm90IGEgcG5n"}, "style.logo"),
        ({"logo": _svg_url(SCRIPT_SVG)}, "style.logo"),
        ({"logo": _png_url((2000, 10))}, "style.logo"),
        ({"logo": "data:image/png;base64," + "A" * 360_000}, "style.logo"),
        ({"ecl": "X"}, "style.ecl"),
        ({"shape": "dots"}, "style.shape"),
    ],
)
def test_bad_styles_are_422_and_nothing_is_saved(
    api: httpx.Client, account: Account, style: dict[str, Any], field: str
) -> None:
    before = _codes(api, account)
    response = create_qr(
        api, account, type="url", data={"url": "https://example.com/s"}, style=style
    )
    assert_422(response, field)
    assert _codes(api, account) == before


def test_a_logo_needs_room_for_error_correction_h(api: httpx.Client, account: Account) -> None:
    response = create_qr(
        api,
        account,
        type="text",
        data={"text": "x" * 2000},
        style={"logo": _png_url()},
    )
    assert_422(response, "style.logo")


def test_patching_in_a_logo_needs_room_for_error_correction_h(
    api: httpx.Client, account: Account
) -> None:
    code = make_qr(api, account, type="text", data={"text": "y" * 2000})
    response = api.patch(
        f"/v1/qr/{code['id']}", json={"style": {"logo": _png_url()}}, headers=account.headers()
    )
    assert_422(response, "style.logo")
    again = api.get(f"/v1/qr/{code['id']}", headers=account.headers()).json()
    assert again["style"]["logo"] is None
