"""QR codes' refusals of bad image options and bad data (422, naming the field), table by
table through the admin app in this process (tests/integration/conftest.py)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.api import assert_422, create_qr, make_qr

IBAN = "DE89370400440532013000"


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"scale": 51}, "scale"),
        ({"scale": 0}, "scale"),
        ({"border": 21}, "border"),
        ({"format": "gif"}, "format"),
        ({"ecl": "X"}, "ecl"),
        ({"dark": "blurple"}, "dark"),
        ({"dark": "#12345"}, "dark"),
        ({"light": "rgb(1,2,3)"}, "light"),
        ({"dark": "transparent"}, "dark"),
        ({"dark": "#eeeeee", "light": "#ffffff"}, "dark"),
    ],
)
def test_image_bounds_are_422(
    api: httpx.Client, account: Account, params: dict[str, Any], field: str
) -> None:
    code = make_qr(api, account, type="text", data={"text": "bounds"})
    response = api.get(f"/v1/qr/{code['id']}/image", params=params, headers=account.headers())
    assert_422(response, field)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "hologram", "data": {}}, "type"),
        ({"type": "epc", "data": {"name": "X", "iban": "DE89370400440532013001"}}, "data.iban"),
        ({"type": "epc", "data": {"name": "X", "iban": IBAN, "bic": "NOPE"}}, "data.bic"),
        ({"type": "epc", "data": {"name": "X", "iban": IBAN, "amount": "0"}}, "data.amount"),
        ({"type": "epc", "data": {"name": "X", "iban": IBAN, "amount": "1.001"}}, "data.amount"),
        ({"type": "geo", "data": {"latitude": 91, "longitude": 0}}, "data.latitude"),
        ({"type": "geo", "data": {"latitude": 0, "longitude": -181}}, "data.longitude"),
        ({"type": "email", "data": {"to": "not-an-address"}}, "data.to"),
        ({"type": "email", "data": {"to": "a@b.co", "cc": ["ok@b.co", "x@y"]}}, "data.cc[1]"),
        ({"type": "wifi", "data": {"password": "12345678"}}, "data.ssid"),
        ({"type": "wifi", "data": {"ssid": "", "password": "12345678"}}, "data.ssid"),
        ({"type": "wifi", "data": {"ssid": "n", "security": "WPA"}}, "data.password"),
        ({"type": "phone", "data": {"number": "call me"}}, "data.number"),
        ({"type": "url", "data": {"url": "ftp://example.com"}}, "data.url"),
        ({"type": "url", "data": {"url": "https://example.com", "extra": 1}}, "data.extra"),
        ({"type": "crypto", "data": {"currency": "bitcoin", "address": "x" * 30}}, "data.address"),
        ({"type": "social", "data": {"network": "myspace", "handle": "tom"}}, "data.network"),
        (
            {
                "type": "event",
                "data": {
                    "summary": "S",
                    "start": "2030-01-02T00:00:00Z",
                    "end": "2030-01-01T00:00:00Z",
                },
            },
            "data.end",
        ),
        ({"type": "app", "data": {"fallbackUrl": "https://example.com"}}, "data.iosUrl"),
        ({"type": "text", "data": {"text": "t"}, "dynamic": True}, "dynamic"),
        (
            {
                "type": "app",
                "data": {"fallbackUrl": "https://e.com", "iosUrl": "https://a.com"},
                "dynamic": False,
            },
            "dynamic",
        ),
        ({"type": "link", "data": {"linkId": "lnk_nope"}}, "data.linkId"),
        ({"type": "text", "data": {"text": "x" * 3000}}, "data"),
    ],
)
def test_bad_input_is_422_naming_the_field(
    api: httpx.Client, account: Account, body: dict[str, Any], field: str
) -> None:
    assert_422(create_qr(api, account, **body), field)
