"""GET /v1/links/:id/clicks/export from the real (granian) admin: a link with hundreds of
thousands of clicks streams in flat memory, every click once."""

from __future__ import annotations

from pathlib import Path

import httpx
import psycopg
import pytest

from tests.support.accounts import Account
from tests.support.memory import PeakRss
from tests.support.processes import HopProcess

CLICKS = 300_000
# The admin worker may grow by this much while it streams 300,000 clicks (~75 MB of
# CSV); a response built in memory would take several times the file's size.
MAX_GROWTH_KB = 40_000


@pytest.mark.slow
def test_a_large_click_export_streams_in_flat_memory(
    api: httpx.Client,
    account: Account,
    database_url: str,
    tmp_path: Path,
    admin_process: HopProcess,
) -> None:
    link = api.post(
        "/v1/links", json={"longUrl": "https://example.com/many"}, headers=account.headers()
    ).json()["id"]
    with psycopg.connect(database_url) as conn:
        conn.execute(
            """
            INSERT INTO clicks (event_id, link_id, clicked_at, visitor_id, country, device, os,
                                browser, referrer, referrer_host, user_agent, is_bot, is_qr)
            SELECT %(prefix)s || g, %(link)s, now() - g * interval '1 second',
                   '\\x00112233'::bytea, 'DE', 'mobile', 'iOS', 'Mobile Safari',
                   'https://news.example/a', 'news.example',
                   'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15',
                   g %% 5 = 0, g %% 3 = 0
            FROM generate_series(1, %(count)s) AS g
            """,
            {"prefix": f"cex{account.user_id[-8:]}-", "link": link, "count": CLICKS},
        )
    path = f"/v1/links/{link}/clicks/export"
    # Warm up: imports, the export pool's connection, buffers.
    assert api.get(path, params={"to": "2000-01-01"}, headers=account.headers()).status_code == 200
    (worker,) = admin_process.children()
    target = tmp_path / "clicks.csv"
    with (
        PeakRss(worker) as memory,
        api.stream("GET", path, headers=account.headers()) as response,
        target.open("wb") as out,
    ):
        assert response.status_code == 200
        for chunk in response.iter_bytes():
            out.write(chunk)
    print(
        f"click export: {target.stat().st_size / 1e6:.1f} MB; admin worker RSS "
        f"{memory.before} kB -> peak {memory.peak} kB (+{memory.growth_kb} kB)"
    )
    lines = target.read_bytes().splitlines()
    assert lines[0].startswith(b"id,at,visitorId,")
    rows = lines[1:]
    assert len(rows) == CLICKS
    assert sum(row.endswith(b",true,true,") for row in rows) == CLICKS // 15
    assert memory.growth_kb < MAX_GROWTH_KB
