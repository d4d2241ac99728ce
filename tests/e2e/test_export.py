"""POST /v1/users/me/export: the whole account as JSON, streamed in flat memory."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from tests.support.accounts import Account, create_key, key_id
from tests.support.hooks import delivered, subscribe
from tests.support.memory import PeakRss
from tests.support.processes import HopProcess
from tests.support.receiver import Receiver
from tests.support.waiting import wait_until

CLICKS = 200_000
# The admin worker may grow by this much while it streams 200,000 clicks (~90 MB of
# JSON); a response built in memory would take several times the document's size.
MAX_GROWTH_KB = 40_000


def export(api: httpx.Client, account: Account, environment: str = "live") -> dict[str, Any]:
    response = api.post(
        "/v1/users/me/export",
        headers=account.headers("test" if environment == "test" else "live"),
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    document: dict[str, Any] = response.json()
    return document


def test_export_holds_every_kind_of_data_and_no_secret(
    api: httpx.Client,
    account: Account,
    database_url: str,
    worker: HopProcess,
    receiver: Receiver,
) -> None:
    headers = account.headers()
    webhook = subscribe(api, account, receiver, "link.created")
    link = api.post("/v1/links", json={"longUrl": "https://example.com/e"}, headers=headers).json()
    gone = api.post("/v1/links", json={"longUrl": "https://example.com/g"}, headers=headers).json()
    api.delete(f"/v1/links/{gone['id']}", headers=headers)
    qr = api.post(
        "/v1/qr", json={"type": "wifi", "data": {"ssid": "n", "password": "password1"}},
        headers=headers,
    ).json()  # fmt: skip
    page = api.put(
        "/v1/bio", json={"username": f"x_{account.user_id[-12:]}", "displayName": "E"},
        headers=headers,
    ).json()  # fmt: skip
    sandbox_link = api.post(
        "/v1/links", json={"longUrl": "https://example.com/t"}, headers=account.headers("test")
    ).json()

    assert len(delivered(receiver, "link.created", 2)) == 2
    # The receiver has them a moment before the worker records the attempts: wait for the
    # log, which is what the export holds.
    wait_until(
        lambda: (
            len(
                [
                    attempt
                    for attempt in api.get(
                        f"/v1/webhooks/{webhook['id']}/deliveries", headers=account.headers()
                    ).json()["data"]
                    if attempt["succeeded"]
                ]
            )
            == 2
        )
    )

    document = export(api, account)
    assert list(document) == [
        "format", "version", "exportedAt", "userId", "workspaceId", "environment", "profile",
        "apiKeys",
        "links", "clicks", "qrCodes", "bioPage", "bioVisits", "webhooks", "webhookDeliveries",
        "integrations", "productLinks", "complete",
    ]  # fmt: skip
    assert document["format"] == "hop.export"
    assert document["complete"] is True
    assert document["profile"]["email"] == account.email
    assert (document["userId"], document["workspaceId"]) == (account.user_id, account.workspace_id)
    assert document["profile"]["id"] == account.workspace_id
    text = json.dumps(document)
    assert "password" not in json.dumps(document["profile"])
    assert account.live_key not in text
    assert account.live_key[9:] not in text  # not even the secret part
    assert {key["environment"] for key in document["apiKeys"]} == {"live", "test"}
    assert all(set(key) >= {"prefix", "scopes", "createdAt"} for key in document["apiKeys"])
    links = {item["id"]: item for item in document["links"]}
    assert links[link["id"]]["deletedAt"] is None
    assert links[gone["id"]]["deletedAt"] is not None
    assert len([item for item in links.values() if item["managedBy"] is None]) == 2  # live only
    assert [item["id"] for item in document["qrCodes"]] == [qr["id"]]
    assert document["qrCodes"][0]["payload"] == qr["payload"]
    assert document["bioPage"]["id"] == page["id"]
    (exported_hook,) = document["webhooks"]
    assert exported_hook["id"] == webhook["id"]
    assert "secret" not in exported_hook
    assert webhook["secret"] not in text
    attempts = document["webhookDeliveries"]
    assert {attempt["eventType"] for attempt in attempts} == {"link.created"}
    # Who made each: the key that made them all (docs/export.md).
    made_by = key_id(database_url, account.live_key)
    assert {links[link["id"]]["createdBy"], links[gone["id"]]["createdBy"]} == {made_by}
    assert document["qrCodes"][0]["createdBy"] == made_by
    assert document["bioPage"]["createdBy"] == made_by
    assert exported_hook["createdBy"] == made_by
    assert all(attempt["succeeded"] and attempt["statusCode"] == 200 for attempt in attempts)

    sandbox = export(api, account, "test")
    assert sandbox["environment"] == "test"
    assert [item["longUrl"] for item in sandbox["links"]] == ["https://example.com/t"]
    assert sandbox["links"][0]["shortUrl"] == sandbox_link["shortUrl"]  # under /test/
    assert links[link["id"]]["shortUrl"] == link["shortUrl"]
    assert sandbox["bioPage"] is None


def test_export_needs_account_read(api: httpx.Client, account: Account, database_url: str) -> None:
    key = create_key(database_url, account.email, ("links:read",))
    response = api.post("/v1/users/me/export", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 403
    assert api.post("/v1/users/me/export").status_code == 401
    reader = create_key(database_url, account.email, ("account:read",))
    assert (
        api.post("/v1/users/me/export", headers={"Authorization": f"Bearer {reader}"}).status_code
        == 200
    )


@pytest.mark.slow
def test_a_large_export_streams_in_flat_memory(
    api: httpx.Client,
    account: Account,
    database_url: str,
    tmp_path: Path,
    admin_process: HopProcess,
) -> None:
    links = [
        api.post(
            "/v1/links", json={"longUrl": f"https://example.com/{n}"}, headers=account.headers()
        ).json()["id"]
        for n in range(4)
    ]
    with psycopg.connect(database_url) as conn:
        conn.execute(
            """
            INSERT INTO clicks (event_id, link_id, clicked_at, visitor_id, country, device, os,
                                browser, referrer, referrer_host, user_agent, is_bot, is_qr)
            SELECT %(prefix)s || g, (%(links)s::text[])[1 + g %% 4],
                   now() - g * interval '1 second', '\\x00112233'::bytea, 'DE', 'mobile',
                   'iOS', 'Mobile Safari', 'https://news.example/a', 'news.example',
                   'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15',
                   false, g %% 3 = 0
            FROM generate_series(1, %(count)s) AS g
            """,
            {"prefix": f"exp{account.user_id[-8:]}-", "links": links, "count": CLICKS},
        )
    export(api, account)  # warm up: imports, pool connection, buffers
    (worker,) = admin_process.children()
    target = tmp_path / "export.json"
    started = time.monotonic()
    with (
        PeakRss(worker) as memory,
        api.stream("POST", "/v1/users/me/export", headers=account.headers()) as response,
        target.open("wb") as out,
    ):
        assert response.status_code == 200
        for chunk in response.iter_bytes():
            out.write(chunk)
    elapsed = time.monotonic() - started
    size_mb = target.stat().st_size / 1e6
    print(
        f"export: {size_mb:.1f} MB in {elapsed:.1f} s; admin worker RSS {memory.before} kB -> "
        f"peak {memory.peak} kB (+{memory.growth_kb} kB)"
    )
    document = json.loads(target.read_bytes())
    assert document["complete"] is True
    assert len(document["clicks"]) == CLICKS
    assert sum(click["isQr"] for click in document["clicks"]) == CLICKS // 3
    assert memory.growth_kb < MAX_GROWTH_KB
