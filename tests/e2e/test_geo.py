"""Cities and regions (issue 29, point 2): with HOP_GEOIP_DB, thousands of redirects
through the edge, behind a trusted proxy's X-Forwarded-For, come out of the link report,
the account report and the export with exact region and city counts.

The city database is one the test writes (tests/support/mmdb.py); the stack is private
(its own Redis and worker) so that no other worker enriches these clicks."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.api import make_link
from tests.support.cli import run_hop
from tests.support.clicks import USER_AGENTS, wait_for_clicks
from tests.support.mmdb import city_record, write_mmdb
from tests.support.stack import Stack

_NETWORKS = {
    "203.0.113.0/25": city_record("DE", "Munich", subdivision="BY"),
    "203.0.113.128/25": city_record("US", "Portland", subdivision="OR"),
    "198.51.100.0/24": city_record("FR", "Lyon", subdivision_name="Auvergne-Rhône-Alpes"),
    "2001:db8::/32": city_record("JP", "Ōsaka", subdivision="27"),
}
# Where the visitors are: (addresses, region, city, visits). 192.0.2.0/24 is in no
# network of the database (and TEST-NET to the bundled table): no region or city.
_VISITORS: list[tuple[Iterator[str], str, str, int]] = [
    ((f"203.0.113.{n % 128}" for n in itertools.count()), "DE-BY", "Munich", 1_100),
    ((f"203.0.113.{128 + n % 128}" for n in itertools.count()), "US-OR", "Portland", 700),
    ((f"198.51.100.{n % 256}" for n in itertools.count()), "Auvergne-Rhône-Alpes", "Lyon", 500),
    ((f"2001:db8::{n % 4096:x}" for n in itertools.count()), "JP-27", "Ōsaka", 300),
    ((f"192.0.2.{n % 256}" for n in itertools.count()), "unknown", "unknown", 200),
]
_BOT_EVERY = 7  # every seventh visit is Googlebot's


@pytest.fixture
def geo_stack(tmp_path: Path, database_url: str) -> Iterator[Stack]:
    database = write_mmdb(tmp_path / "GeoLite2-City.mmdb", _NETWORKS)
    stack = Stack.private_redis(
        tmp_path, database_url, HOP_TRUSTED_PROXIES="127.0.0.0/8", HOP_GEOIP_DB=str(database)
    )
    try:
        stack.start_admin()
        stack.start_worker()
        stack.start_edge()
        yield stack
    finally:
        stack.close()


class Expected:
    """What the reports must say, counted while the visits are made."""

    def __init__(self) -> None:
        self.humans: dict[str, dict[str, Counter[str]]] = {}
        self.everyone: dict[str, dict[str, Counter[str]]] = {}

    def add(self, link_id: str, region: str, city: str, bot: bool) -> None:
        for table in (self.everyone,) if bot else (self.everyone, self.humans):
            counts = table.setdefault(link_id, {"region": Counter(), "city": Counter()})
            counts["region"][region] += 1
            counts["city"][city] += 1

    def of(self, link_ids: list[str], dimension: str, bots: bool) -> dict[str, int]:
        table = self.everyone if bots else self.humans
        total: Counter[str] = Counter()
        for link_id in link_ids:
            total += table[link_id][dimension]
        return dict(total)


def _visit(stack: Stack, links: list[dict[str, Any]]) -> Expected:
    expected = Expected()
    visit = 0
    with httpx.Client(base_url=stack.edge_url, timeout=10) as edge:
        for addresses, region, city, visits in _VISITORS:
            for _ in range(visits):
                link = links[visit % len(links)]
                bot = visit % _BOT_EVERY == 0
                agent = USER_AGENTS["googlebot" if bot else "iphone_safari"]
                # The client as a proxy in front of the edge names it (the edge's peer,
                # 127.0.0.1, is a trusted proxy here).
                headers = {"User-Agent": agent, "X-Forwarded-For": next(addresses)}
                answer = edge.get(f"/{link['shortCode']}", headers=headers)
                assert answer.status_code == 302
                expected.add(link["id"], region, city, bot)
                visit += 1
    return expected


def _breakdown(api: httpx.Client, account: Account, path: str, **params: Any) -> dict[str, Any]:
    response = api.get(path, params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    breakdown: dict[str, Any] = response.json()["breakdown"]
    return breakdown


def test_regions_and_cities_are_counted_exactly(geo_stack: Stack) -> None:
    account = geo_stack.account()
    assert geo_stack.admin is not None
    with httpx.Client(base_url=geo_stack.admin.url, timeout=30) as api:
        links = [make_link(api, account, longUrl=f"https://example.com/{n}") for n in range(2)]
        ids = [link["id"] for link in links]
        expected = _visit(geo_stack, links)
        visits = sum(visits for _, _, _, visits in _VISITORS)
        assert wait_for_clicks(geo_stack.database_url, ids, visits) == visits

        now = datetime.now(UTC)
        around_now = {  # not whole days: the partial days are counted from the raw clicks
            "from": (now - timedelta(hours=2)).isoformat(),
            "to": (now + timedelta(hours=2)).isoformat(),
        }
        for link_id in ids:
            path = f"/v1/links/{link_id}/clicks"
            for params in ({}, around_now):  # the rollups, then the raw clicks
                for bots in (False, True):
                    breakdown = _breakdown(api, account, path, includeBots=bots, **params)
                    for dimension in ("region", "city"):
                        assert breakdown[dimension] == expected.of([link_id], dimension, bots)

        for bots in (False, True):
            breakdown = _breakdown(api, account, "/v1/analytics", includeBots=bots)
            for dimension in ("region", "city"):
                assert breakdown[dimension] == expected.of(ids, dimension, bots)
            assert breakdown["country"].get("DE") == expected.of(ids, "city", bots)["Munich"]

        page = api.get(
            f"/v1/links/{ids[0]}/clicks", params={"limit": 200}, headers=account.headers()
        )
        places = {(click["region"], click["city"]) for click in page.json()["clicks"]}
        assert places <= {
            ("DE-BY", "Munich"),
            ("US-OR", "Portland"),
            ("JP-27", "Ōsaka"),
            ("Auvergne-Rhône-Alpes", "Lyon"),
            (None, None),
        }

        exported = api.post("/v1/users/me/export", headers=account.headers())
        assert exported.status_code == 200, exported.text
        clicks = exported.json()["clicks"]
        assert len(clicks) == visits
        by_city = Counter(click["city"] or "unknown" for click in clicks)
        by_region = Counter(click["region"] or "unknown" for click in clicks)
        assert dict(by_city) == expected.of(ids, "city", True)
        assert dict(by_region) == expected.of(ids, "region", True)


def test_the_worker_refuses_a_database_it_cannot_read(tmp_path: Path, database_url: str) -> None:
    garbage = tmp_path / "city.mmdb"
    garbage.write_bytes(b"\x00" * 4096)
    for path in (str(tmp_path / "missing.mmdb"), str(garbage)):
        stack = Stack(tmp_path, database_url, "redis://127.0.0.1:1/0", HOP_GEOIP_DB=path)
        result = run_hop("worker", env=stack.env, clean=False)
        assert result.returncode == 2, result.stderr
        assert f"HOP_GEOIP_DB: cannot read {path!r}" in result.stderr
