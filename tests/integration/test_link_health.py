"""Link health (admin/links/health.py, health_probe.py) against real loopback websites and
a scratch database: what each answer makes of a destination, the per-host gate, two
checkers sharing a round, link.broken once per episode, and the digest."""

from __future__ import annotations

import asyncio
import itertools
import secrets
import socket
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

import psycopg
import pytest
from psycopg.types.json import Jsonb

from admin.db import Database, create_pool
from admin.links.health import LinkHealthChecks
from admin.links.health_probe import Finding, HostGate, Prober, judge
from admin.outbound.client import OutboundClient
from admin.outbound.policy import AddressPolicy
from tests.support.accounts import create_account
from tests.support.env import LOOPBACK_NETWORKS
from tests.support.site import Site
from tests.support.stores import scratch_database

T = TypeVar("T")
USER_AGENT = "HopLinkHealth/1.0 (+http://127.0.0.1:8000)"


@pytest.fixture
def site() -> Iterator[Site]:
    served = Site()
    yield served
    served.close()


def _client(networks: str = LOOPBACK_NETWORKS, resolver: Any = None) -> OutboundClient:
    options = {"resolver": resolver} if resolver else {}
    return OutboundClient(
        AddressPolicy(networks.split(",") if networks else ()),
        timeout=10,
        max_bytes=1,
        user_agent=USER_AGENT,
        **options,
    )


def _probe(
    url: str, *, gap: float = 0.01, timeout: float = 10, client: OutboundClient | None = None
) -> Finding:
    async def run() -> Finding:
        http = client or _client()
        try:
            return await Prober(http, HostGate(gap), timeout=timeout).check(url)
        finally:
            await http.aclose()

    return asyncio.run(run())


def test_the_verdicts_of_answers() -> None:
    assert judge(200).status == judge(206).status == judge(301).status == "ok"
    assert judge(416).status == "ok"  # a byte of an empty page
    assert judge(404).status == judge(410).status == judge(503).status == "broken"
    assert judge(401).status == judge(403).status == judge(429).status == "unknown"
    assert judge(400).status == judge(451).status == "unknown"
    assert judge(404).reason == "http_404"


def test_a_page_that_answers_head_is_ok_with_one_request(site: Site) -> None:
    assert _probe(f"{site.url}/fine") == Finding(status="ok", http_status=200, reason="ok")
    [hit] = site.requests()
    assert hit.method == "HEAD"
    assert hit.headers["user-agent"] == USER_AGENT
    # Nothing of any visitor: no cookie, no referrer.
    assert "cookie" not in hit.headers
    assert "referer" not in hit.headers


def test_head_refused_falls_back_to_a_one_byte_get(site: Site) -> None:
    finding = _probe(f"{site.url}/nohead")
    assert finding == Finding(status="ok", http_status=206, reason="ok")
    head, get = site.requests()
    assert (head.method, get.method) == ("HEAD", "GET")
    assert get.headers["range"] == "bytes=0-0"


def test_a_404_is_broken_after_a_retry_spaced_by_the_gap(site: Site) -> None:
    finding = _probe(f"{site.url}/status/404", gap=0.3)
    assert finding == Finding(status="broken", http_status=404, reason="http_404")
    hits = site.requests()
    assert [hit.method for hit in hits] == ["HEAD", "GET", "HEAD", "GET"]
    for before, after in itertools.pairwise(hits):
        assert after.started - before.ended >= 0.25  # the host's gap, every time


@pytest.mark.parametrize("status", [401, 403, 429, 400])
def test_walls_and_limits_are_unknown(site: Site, status: int) -> None:
    finding = _probe(f"{site.url}/status/{status}")
    assert finding == Finding(status="unknown", http_status=status, reason=f"http_{status}")
    assert len(site.requests()) == 2  # HEAD, then the GET; no retry


def test_a_5xx_is_broken(site: Site) -> None:
    assert _probe(f"{site.url}/status/502").status == "broken"


def test_a_slow_page_is_unknown_not_broken(site: Site) -> None:
    finding = _probe(f"{site.url}/slow/3", timeout=0.5)
    assert finding == Finding(status="unknown", http_status=None, reason="timeout")


def test_a_refused_connection_is_broken() -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    finding = _probe(f"http://127.0.0.1:{port}/page")
    assert finding == Finding(status="broken", http_status=None, reason="connect")


def test_a_host_that_does_not_resolve_is_broken() -> None:
    async def no_such_host(host: str, port: int) -> list[str]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    finding = _probe("https://gone.example/page", client=_client(resolver=no_such_host))
    assert finding == Finding(status="broken", http_status=None, reason="dns")


def test_an_address_the_policy_refuses_is_unknown_and_never_called(site: Site) -> None:
    finding = _probe(f"{site.url}/fine", client=_client(networks=""))  # public only
    assert finding == Finding(status="unknown", http_status=None, reason="not_allowed")
    assert site.requests() == []


def test_one_request_at_a_time_per_host_and_hosts_in_parallel() -> None:
    one, other = Site(), Site(host="127.0.0.2")
    try:

        async def run() -> None:
            http = _client()
            prober = Prober(http, HostGate(0.2), timeout=10)
            try:
                await asyncio.gather(
                    *(prober.check(f"{one.url}/slow/0.2?n={n}") for n in range(3)),
                    *(prober.check(f"{other.url}/slow/0.2?n={n}") for n in range(3)),
                )
            finally:
                await http.aclose()

        asyncio.run(run())
        for served in (one, other):
            hits = sorted(served.requests(), key=lambda hit: hit.started)
            assert len(hits) == 3
            for before, after in itertools.pairwise(hits):
                assert after.started >= before.ended + 0.15  # never overlapping, gap kept
        # The two hosts were checked side by side, not one after the other.
        first_other = min(hit.started for hit in other.requests())
        assert first_other < max(hit.ended for hit in one.requests())
    finally:
        one.close()
        other.close()


# --- the rounds, on a database of their own


@pytest.fixture
def database(postgres_url: str) -> Iterator[str]:
    with scratch_database(postgres_url) as url:
        yield url


_LINK_COLUMNS = ("id", "workspace_id", "environment", "short_code", "long_url")
_EXTRA_COLUMNS = frozenset({"rules", "variants", "expires_at", "safety_verdict", "deleted_at"})


def _links(database: str, workspace_id: str, urls: list[str], **columns: Any) -> list[str]:
    assert set(columns) <= _EXTRA_COLUMNS
    ids = [f"lnk_{secrets.token_hex(8)}" for _ in urls]
    names = ", ".join([*_LINK_COLUMNS, *columns])
    marks = ", ".join(["%s"] * (len(_LINK_COLUMNS) + len(columns)))
    insert = f"INSERT INTO links ({names}) VALUES ({marks})"  # noqa: S608 - names listed above
    with psycopg.connect(database, autocommit=True) as conn:
        for link_id, url in zip(ids, urls, strict=True):
            values = [link_id, workspace_id, "live", link_id[4:], url, *columns.values()]
            conn.execute(insert, values)
    return ids


def _sql(database: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(database, autocommit=True) as conn:
        cursor = conn.execute(query, params)
        return cursor.fetchall() if cursor.description else []


def _with_checks(
    database: str,
    work: Callable[[list[LinkHealthChecks]], Awaitable[T]],
    *,
    checkers: int = 1,
    interval: float = 3600,
    digest_interval: float = 3600,
) -> T:
    async def run() -> T:
        async with create_pool(database, 6) as pool:
            db = Database(pool)
            clients = [_client() for _ in range(checkers)]
            try:
                checks = [
                    LinkHealthChecks(
                        db,
                        Prober(http, HostGate(0.01), timeout=5),
                        "https://hop.example",
                        interval=interval,
                        digest_interval=digest_interval,
                    )
                    for http in clients
                ]
                return await work(checks)
            finally:
                for http in clients:
                    await http.aclose()

    return asyncio.run(run())


def test_two_checkers_share_a_round_and_check_each_link_once(database: str, site: Site) -> None:
    account = create_account(database)
    urls = [f"{site.url}/page/{n}" for n in range(30)]
    _links(database, account.workspace_id, urls)

    async def both(checks: list[LinkHealthChecks]) -> list[int]:
        return list(await asyncio.gather(*(c.check_once() for c in checks)))

    claimed = _with_checks(database, both, checkers=2)
    assert sum(claimed) == 30
    assert sorted(hit.path for hit in site.requests()) == sorted(f"/page/{n}" for n in range(30))
    rows = _sql(database, "SELECT health_status, health_http_status FROM links")
    assert set(rows) == {("ok", 200)}
    # Nothing is due again before the interval.
    assert _with_checks(database, lambda checks: checks[0].check_once()) == 0


def test_a_link_is_as_healthy_as_its_worst_destination(database: str, site: Site) -> None:
    account = create_account(database)
    rules = Jsonb([{"when": {"country": ["DE"]}, "url": f"{site.url}/status/410"}])
    variants = Jsonb(
        [{"url": f"{site.url}/a", "weight": 50}, {"url": f"{site.url}/status/403", "weight": 50}]
    )
    [ruled] = _links(database, account.workspace_id, [f"{site.url}/fine"], rules=rules)
    [varied] = _links(database, account.workspace_id, [f"{site.url}/fine"], variants=variants)
    _with_checks(database, lambda checks: checks[0].check_once())
    rows = {
        row[0]: row[1:]
        for row in _sql(
            database, "SELECT id, health_status, health_http_status, health_url FROM links"
        )
    }
    assert rows[ruled] == ("broken", 410, f"{site.url}/status/410")
    assert rows[varied] == ("unknown", 403, f"{site.url}/status/403")


def test_link_broken_once_per_episode_and_one_digest_per_owner(database: str, site: Site) -> None:
    account = create_account(database)
    answers = {"status": 200}
    site.answer = lambda method, path: (answers["status"], 0.0)
    [link_id] = _links(database, account.workspace_id, [f"{site.url}/shop"])

    def round_now() -> None:
        _sql(database, "UPDATE links SET health_claimed_at = NULL")
        _with_checks(database, lambda checks: checks[0].check_once())

    def broken_events() -> list[dict[str, Any]]:
        rows = _sql(database, "SELECT data FROM events WHERE type = 'link.broken' ORDER BY seq")
        return [row[0] for row in rows]

    round_now()
    assert broken_events() == []
    answers["status"] = 404
    round_now()
    [event] = broken_events()
    assert event["linkId"] == link_id
    assert (event["url"], event["httpStatus"], event["reason"]) == (
        f"{site.url}/shop",
        404,
        "http_404",
    )
    # Still broken, or unknown in between: no second event.
    answers["status"] = 429
    round_now()
    answers["status"] = 404
    round_now()
    assert len(broken_events()) == 1

    # The digest: one mail to the owner, listing the link; then nothing until a day passed.
    sent = _with_checks(database, lambda checks: checks[0].send_digests())
    assert sent == 1
    mails = _sql(database, "SELECT recipient, subject, body FROM mail_outbox")
    [(recipient, subject, body)] = [mail for mail in mails if "broken" in mail[1]]
    assert recipient == account.email
    assert "1 link" in subject
    assert f"{site.url}/shop answered 404" in body
    assert _with_checks(database, lambda checks: checks[0].send_digests()) == 0

    # Fixed, then broken again: a second event, and (a day later) a second digest.
    answers["status"] = 200
    round_now()
    assert _sql(database, "SELECT health_status FROM links") == [("ok",)]
    answers["status"] = 500
    round_now()
    assert len(broken_events()) == 2
    _sql(database, "UPDATE link_health_digests SET sent_at = now() - interval '2 days'")
    assert _with_checks(database, lambda checks: checks[0].send_digests()) == 1


def test_a_link_that_recovered_before_the_digest_is_not_mailed(database: str, site: Site) -> None:
    account = create_account(database)
    answers = {"status": 404}
    site.answer = lambda method, path: (answers["status"], 0.0)
    _links(database, account.workspace_id, [f"{site.url}/shop"])
    _with_checks(database, lambda checks: checks[0].check_once())
    answers["status"] = 200
    _sql(database, "UPDATE links SET health_claimed_at = NULL")
    _with_checks(database, lambda checks: checks[0].check_once())
    assert _with_checks(database, lambda checks: checks[0].send_digests()) == 0
    assert [m for m in _sql(database, "SELECT subject FROM mail_outbox") if "broken" in m[0]] == []


def test_the_switch_off_and_links_not_worth_a_request_are_not_checked(
    database: str, site: Site
) -> None:
    off, on = create_account(database), create_account(database)
    _sql(database, "UPDATE workspaces SET link_health = false WHERE id = %s", off.workspace_id)
    _links(database, off.workspace_id, [f"{site.url}/off"])
    _links(database, on.workspace_id, [f"{site.url}/expired"], expires_at="2020-01-01T00:00:00Z")
    _links(database, on.workspace_id, [f"{site.url}/blocked"], safety_verdict="block")
    _links(database, on.workspace_id, [f"{site.url}/deleted"], deleted_at="2026-01-01T00:00:00Z")
    _links(database, on.workspace_id, [f"{site.url}/checked"])
    claimed = _with_checks(database, lambda checks: checks[0].check_once())
    assert claimed == 4  # the deleted one is not even claimed
    assert [hit.path for hit in site.requests()] == ["/checked"]
    rows = _sql(
        database, "SELECT long_url, health_status FROM links WHERE health_status IS NOT NULL"
    )
    assert rows == [(f"{site.url}/checked", "ok")]
