"""QR codes through the real admin, edge and worker; every image read back by zxing-cpp."""

from __future__ import annotations

from typing import Any

import httpx
import psycopg
import pytest

from tests.support.accounts import Account
from tests.support.api import assert_422, create_qr, make_qr
from tests.support.clicks import USER_AGENTS, wait_for_clicks
from tests.support.hooks import delivered, subscribe
from tests.support.processes import HopProcess
from tests.support.qr import decode_png
from tests.support.receiver import Receiver
from tests.support.waiting import wait_until

IBAN = "DE89370400440532013000"

# (type, data, expected payload); None: checked against the short URL instead.
STATIC_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("url", {"url": "https://example.com/a?b=c"}, "https://example.com/a?b=c"),
    ("text", {"text": "Grüße, 世界 🎉\nline two"}, "Grüße, 世界 🎉\nline two"),
    (
        "email",
        {"to": "a@example.com", "subject": "Hi there", "body": "See you & bye"},
        "mailto:a@example.com?subject=Hi%20there&body=See%20you%20%26%20bye",
    ),
    ("email", {"to": "a@example.com", "body": "only"}, "mailto:a@example.com?body=only"),
    ("phone", {"number": "+49 (30) 123-456"}, "tel:+4930123456"),
    ("sms", {"number": "+15551234567", "message": "hello"}, "SMSTO:+15551234567:hello"),
    (
        "whatsapp",
        {"number": "+1 555 123 4567", "message": "Hi & bye"},
        "https://wa.me/15551234567?text=Hi%20%26%20bye",
    ),
    (
        "wifi",
        {"ssid": 'My;Net,work:"x"\\', "password": 'p;a,s:s\\w"d', "security": "WPA"},
        'WIFI:T:WPA;S:My\\;Net\\,work\\:\\"x\\"\\\\;P:p\\;a\\,s\\:s\\\\w\\"d;;',
    ),
    (
        "wifi",
        {"ssid": "Cafe", "security": "nopass", "hidden": True},
        "WIFI:T:nopass;S:Cafe;H:true;;",
    ),
    (
        "vcard",
        {
            "firstName": "Ada",
            "lastName": "Lovelace",
            "organization": "Engines, Ltd",
            "email": "ada@example.com",
            "phone": "+44 20 1234 5678",
            "url": "https://example.com/ada",
        },
        "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada\r\nFN:Ada Lovelace\r\nORG:Engines\\, Ltd\r\n"
        "EMAIL:ada@example.com\r\nTEL:+442012345678\r\nURL:https://example.com/ada\r\nEND:VCARD\r\n",
    ),
    (
        "mecard",
        {"firstName": "Ada", "lastName": "Lovelace", "phone": "+44 20 1234", "email": "a@b.co"},
        "MECARD:N:Lovelace,Ada;TEL:+44201234;EMAIL:a@b.co;;",
    ),
    ("geo", {"latitude": 52.520008, "longitude": 13.404954}, "geo:52.520008,13.404954"),
    (
        "event",
        {
            "summary": "Launch; party, yes",
            "start": "2030-05-01T18:00:00+02:00",
            "end": "2030-05-01T22:00:00+02:00",
            "location": "Berlin",
        },
        "BEGIN:VEVENT\r\nSUMMARY:Launch\\; party\\, yes\r\nDTSTART:20300501T160000Z\r\n"
        "DTEND:20300501T200000Z\r\nLOCATION:Berlin\r\nEND:VEVENT",
    ),
    (
        "epc",
        {
            "name": "Rotes Kreuz",
            "iban": "DE89 3704 0044 0532 0130 00",
            "bic": "COBADEFFXXX",
            "amount": "12.50",
            "text": "Spende Müller",
        },
        "BCD\n002\n1\nSCT\nCOBADEFFXXX\nRotes Kreuz\nDE89370400440532013000\nEUR12.50\n\n\n"
        "Spende Müller",
    ),
    (
        "crypto",
        {
            "currency": "bitcoin",
            "address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
            "amount": "0.0015",
            "label": "Hop shop",
        },
        "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.0015&label=Hop%20shop",
    ),
    (
        "crypto",
        {"currency": "ethereum", "address": "0x" + "ab" * 20, "amount": "1.5"},
        "ethereum:0x" + "ab" * 20 + "?value=1500000000000000000",
    ),
    (
        "social",
        {"network": "instagram", "handle": "@hop.links"},
        "https://www.instagram.com/hop.links/",
    ),
]


def png_text(api: httpx.Client, account: Account, qr_id: str, **params: Any) -> str:
    response = api.get(
        f"/v1/qr/{qr_id}/image", params={"format": "png", **params}, headers=account.headers()
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/png"
    (text,) = decode_png(response.content)
    return text


@pytest.mark.parametrize(("qr_type", "data", "expected"), STATIC_CASES)
def test_static_codes_decode_to_the_standard_payload(
    api: httpx.Client, account: Account, qr_type: str, data: dict[str, Any], expected: str
) -> None:
    code = make_qr(api, account, type=qr_type, data=data, dynamic=False)
    assert code["id"].startswith("qr_")
    assert code["dynamic"] is False
    assert code["payload"] == expected
    assert png_text(api, account, code["id"]) == expected


def test_dynamic_and_linked_codes_decode_to_short_urls(
    api: httpx.Client, account: Account, edge_url: str
) -> None:
    link = api.post(
        "/v1/links", json={"longUrl": "https://example.com/l"}, headers=account.headers()
    ).json()
    assert api.put(
        "/v1/bio",
        json={"username": f"qr{account.user_id[-10:]}", "displayName": "Q"},
        headers=account.headers(),
    ).status_code in (200, 201)
    bodies: list[dict[str, Any]] = [
        {"type": "url", "data": {"url": "https://example.com/dyn"}},
        {"type": "link", "data": {"linkId": link["id"]}},
        {"type": "whatsapp", "data": {"number": "+15551234567"}},
        {"type": "social", "data": {"network": "github", "handle": "octocat"}},
        {"type": "bio"},
        {
            "type": "app",
            "data": {
                "iosUrl": "https://apps.apple.com/app/id1",
                "androidUrl": "https://play.google.com/store/apps/details?id=x",
                "fallbackUrl": "https://example.com/app",
            },
        },
    ]
    types = set()
    for body in bodies:
        code = make_qr(api, account, **body)
        types.add(code["type"])
        assert code["dynamic"] is True
        expected = f"{edge_url}/{code['payload'].rsplit('/', 1)[1]}"
        assert code["payload"] == expected
        if code["type"] == "link":
            assert code["payload"] == f"{link['shortUrl']}?qr=1"
            assert code["linkId"] == link["id"]
        else:
            assert code["shortUrl"] == code["payload"]
        assert png_text(api, account, code["id"]) == code["payload"]
    # With the static ones above: all 17 types round-trip through a real decoder.
    assert len(types | {case[0] for case in STATIC_CASES}) == 17


def _events(database_url: str, event_type: str, **match: str) -> list[dict[str, Any]]:
    condition = " AND ".join(f"data->>'{key}' = %({key})s" for key in match)
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            f"SELECT data FROM events WHERE type = %(type)s AND {condition} ORDER BY seq",  # noqa: S608
            {"type": event_type, **match},
        ).fetchall()
    return [row[0] for row in rows]


def test_a_dynamic_scan_is_a_click_and_fires_qr_scanned(
    api: httpx.Client,
    account: Account,
    edge_url: str,
    worker: HopProcess,
    database_url: str,
    receiver: Receiver,
) -> None:
    subscribe(api, account, receiver, "qr.created", "qr.scanned")
    code = make_qr(api, account, type="url", data={"url": "https://example.com/menu"})
    (created_event,) = _events(database_url, "qr.created", id=code["id"])
    assert created_event["payload"] == code["payload"]
    scanned = httpx.get(code["payload"], headers={"User-Agent": USER_AGENTS["iphone_safari"]})
    assert scanned.status_code == 302
    assert scanned.headers["location"] == "https://example.com/menu"
    assert wait_for_clicks(database_url, [code["linkId"]], 1) == 1
    clicks = api.get(f"/v1/links/{code['linkId']}/clicks", headers=account.headers()).json()
    assert clicks["totals"]["total"] == 1
    assert clicks["clicks"][0]["isQr"] is True
    # ...and reaches the webhook registered for it, signed.
    (created_data,) = delivered(receiver, "qr.created", 1)
    assert created_data["id"] == code["id"]
    (event,) = delivered(receiver, "qr.scanned", 1)
    short_code = code["payload"].rsplit("/", 1)[1]
    assert event == {
        "qrId": code["id"],
        "linkId": code["linkId"],
        "shortCode": short_code,
        "country": None,  # loopback has no country
        "device": "mobile",
        "os": "iOS",
    }

    # A new destination without reprinting: same payload, same image.
    image = api.get(f"/v1/qr/{code['id']}/image", headers=account.headers()).content
    patched = api.patch(
        f"/v1/qr/{code['id']}",
        json={"data": {"url": "https://example.com/menu-v2"}, "title": "Menu"},
        headers=account.headers(),
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["payload"] == code["payload"]
    assert patched.json()["data"] == {"url": "https://example.com/menu-v2"}
    assert api.get(f"/v1/qr/{code['id']}/image", headers=account.headers()).content == image
    wait_until(
        lambda: httpx.get(code["payload"]).headers["location"] == "https://example.com/menu-v2",
        timeout=5,
    )


@pytest.mark.usefixtures("edge_url")  # it fetches short URLs: the edge must run
def test_a_link_code_marks_scans_of_an_existing_link(
    api: httpx.Client,
    account: Account,
    worker: HopProcess,
    database_url: str,
    receiver: Receiver,
) -> None:
    subscribe(api, account, receiver, "qr.scanned")
    link = api.post(
        "/v1/links", json={"longUrl": "https://example.com/page?x=1"}, headers=account.headers()
    ).json()
    code = make_qr(api, account, type="link", data={"linkId": link["id"]})
    scan = httpx.get(code["payload"] + "&utm=qr")
    assert scan.headers["location"] == "https://example.com/page?x=1&utm=qr"
    direct = httpx.get(link["shortUrl"])
    assert direct.headers["location"] == "https://example.com/page?x=1"
    assert wait_for_clicks(database_url, [link["id"]], 2) == 2
    history = api.get(f"/v1/links/{link['id']}/clicks", headers=account.headers()).json()
    assert sorted(click["isQr"] for click in history["clicks"]) == [False, True]
    (event,) = delivered(receiver, "qr.scanned", 1)
    assert event["linkId"] == link["id"]
    assert event["qrId"] == code["id"]
    # One live code per link: a second is a conflict naming the field.
    second = create_qr(api, account, type="link", data={"linkId": link["id"]})
    assert second.status_code == 409
    assert second.json()["errors"][0]["field"] == "data.linkId"


@pytest.mark.usefixtures("edge_url")  # it fetches short URLs: the edge must run
def test_app_codes_route_by_platform(api: httpx.Client, account: Account) -> None:
    code = make_qr(
        api,
        account,
        type="app",
        data={
            "iosUrl": "https://apps.apple.com/app/id123",
            "androidUrl": "https://play.google.com/store/apps/details?id=com.example",
            "fallbackUrl": "https://example.com/get-the-app",
        },
    )
    expected = {
        "iphone_safari": "https://apps.apple.com/app/id123",
        "android_chrome": "https://play.google.com/store/apps/details?id=com.example",
        "windows_edge": "https://example.com/get-the-app",
    }
    for agent, location in expected.items():
        response = httpx.get(code["payload"], headers={"User-Agent": USER_AGENTS[agent]})
        assert response.headers["location"] == location


def test_image_formats_options_and_caching(api: httpx.Client, account: Account) -> None:
    code = make_qr(api, account, type="text", data={"text": "cache me"})
    url = f"/v1/qr/{code['id']}/image"
    svg = api.get(url, headers=account.headers())
    assert svg.headers["content-type"] == "image/svg+xml"
    assert svg.content.startswith(b"<svg")
    pdf = api.get(url, params={"format": "pdf"}, headers=account.headers())
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    assert svg.headers["cache-control"] == "private, max-age=86400"
    etag = svg.headers["etag"]
    again = api.get(url, headers={**account.headers(), "If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == etag
    styled: dict[str, str | int] = {
        "dark": "#1a237e",
        "light": "transparent",
        "ecl": "H",
        "scale": 3,
        "border": 0,
    }
    other = api.get(url, params=styled, headers={**account.headers(), "If-None-Match": etag})
    assert other.status_code == 200
    assert other.headers["etag"] != etag
    assert png_text(api, account, code["id"], dark="navy", light="#fffc", ecl="Q") == "cache me"


def test_an_oversized_image_is_422(api: httpx.Client, account: Account) -> None:
    code = make_qr(api, account, type="text", data={"text": "x" * 2000})
    response = api.get(
        f"/v1/qr/{code['id']}/image", params={"scale": 40, "ecl": "L"}, headers=account.headers()
    )
    assert_422(response, "scale")
    assert_422(
        api.get(f"/v1/qr/{code['id']}/image", params={"ecl": "H"}, headers=account.headers()),
        "ecl",
    )


def test_missing_type_or_data_is_400(api: httpx.Client, account: Account) -> None:
    assert create_qr(api, account, data={"url": "https://example.com"}).status_code == 400
    assert create_qr(api, account, type="url").status_code == 400


def test_bio_code_needs_a_bio_page(api: httpx.Client, account: Account) -> None:
    assert_422(create_qr(api, account, type="bio"), "type")


@pytest.mark.usefixtures("edge_url")  # it fetches short URLs: the edge must run
def test_list_get_delete(api: httpx.Client, account: Account) -> None:
    codes = [
        make_qr(api, account, type="url", data={"url": f"https://example.com/{n}"})
        for n in range(3)
    ]
    page = api.get("/v1/qr", params={"limit": 2}, headers=account.headers()).json()
    assert [code["id"] for code in page["data"]] == [codes[2]["id"], codes[1]["id"]]
    rest = api.get(
        "/v1/qr", params={"cursor": page["nextCursor"]}, headers=account.headers()
    ).json()
    assert [code["id"] for code in rest["data"]] == [codes[0]["id"]]
    assert rest["nextCursor"] is None
    got = api.get(f"/v1/qr/{codes[0]['id']}", headers=account.headers()).json()
    assert got == codes[0]

    # The tracked link is managed by its code: /v1/links neither lists nor changes it.
    link_id = codes[0]["linkId"]
    listed = api.get("/v1/links", headers=account.headers()).json()["data"]
    assert link_id not in [link["id"] for link in listed]
    assert api.delete(f"/v1/links/{link_id}", headers=account.headers()).status_code == 409
    patch = api.patch(
        f"/v1/links/{link_id}", json={"longUrl": "https://x.com"}, headers=account.headers()
    )
    assert patch.status_code == 409

    assert api.delete(f"/v1/qr/{codes[0]['id']}", headers=account.headers()).status_code == 204
    assert api.get(f"/v1/qr/{codes[0]['id']}", headers=account.headers()).status_code == 404
    assert api.delete(f"/v1/qr/{codes[0]['id']}", headers=account.headers()).status_code == 404
    assert httpx.get(codes[0]["payload"]).status_code == 410
    assert api.get("/v1/qr/qr_unknown/image", headers=account.headers()).status_code == 404


def test_static_code_content_cannot_change(api: httpx.Client, account: Account) -> None:
    code = make_qr(api, account, type="text", data={"text": "printed"})
    response = api.patch(
        f"/v1/qr/{code['id']}", json={"data": {"text": "other"}}, headers=account.headers()
    )
    assert_422(response, "data")
    dynamic = make_qr(api, account, type="url", data={"url": "https://example.com/1"})
    response = api.patch(
        f"/v1/qr/{dynamic['id']}", json={"data": {"url": "mailto:x"}}, headers=account.headers()
    )
    assert_422(response, "data.url")
    response = api.patch(f"/v1/qr/{dynamic['id']}", json={"data": {}}, headers=account.headers())
    assert_422(response, "data.url")


def test_sandbox_codes_encode_sandbox_short_urls(
    api: httpx.Client, account: Account, edge_url: str
) -> None:
    sandbox = account.headers("test")
    name = f"qs{account.user_id[-10:]}"
    assert api.put(
        "/v1/bio", json={"username": name, "displayName": "Q"}, headers=sandbox
    ).status_code in (200, 201)
    link = api.post("/v1/links", json={"longUrl": "https://example.com/l"}, headers=sandbox).json()
    dynamic = api.post(
        "/v1/qr", json={"type": "url", "data": {"url": "https://example.com/dyn"}}, headers=sandbox
    ).json()
    assert dynamic["payload"].startswith(f"{edge_url}/test/")
    assert httpx.get(dynamic["payload"]).headers["location"] == "https://example.com/dyn"
    linked = api.post(
        "/v1/qr",
        json={"type": "link", "dynamic": False, "data": {"linkId": link["id"]}},
        headers=sandbox,
    ).json()
    assert linked["payload"] == f"{edge_url}/test/{link['shortCode']}"
    bio = api.post("/v1/qr", json={"type": "bio"}, headers=sandbox).json()
    assert httpx.get(bio["payload"]).headers["location"] == f"{edge_url}/test/@{name}"
    # A sandbox code's short link is no live one.
    code = dynamic["payload"].rsplit("/", 1)[1]
    assert httpx.get(f"{edge_url}/{code}").status_code == 404
