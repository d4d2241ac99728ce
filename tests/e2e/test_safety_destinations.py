"""The safety layer watches every destination of a link, not only longUrl: a targeting
rule's URL, an A/B variant's, expiredUrl and a QR app code's iosUrl that a feed lists or
an operator blocks *after* the link was made flag the link as its longUrl would; a
change of destinations moves what the link is found by. Real worker, edge and feed
servers on loopback (tests/support/feeds.py)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import msgspec
import pytest

from tests.support.accounts import Account
from tests.support.api import make_link, make_qr
from tests.support.cli import run_hop
from tests.support.feeds import FeedServer, WebRiskList
from tests.support.hooks import delivered, subscribe
from tests.support.receiver import Receiver
from tests.support.stack import Stack
from tests.support.waiting import wait_until
from tests.support.web import outbox

WEBRISK_KEY = "test-webrisk-key"


@pytest.fixture
def feeds() -> Iterator[FeedServer]:
    server = FeedServer()
    yield server
    server.close()


@pytest.fixture
def edge(hooks: Stack) -> Iterator[httpx.Client]:
    if hooks.edge is None:
        hooks.start_edge()
    with hooks.client() as client:
        yield client


@pytest.fixture
def owner(hooks: Stack) -> Iterator[Callable[[], Account]]:
    """New accounts; the e-mails their flagged links queued are dropped at the end, so a
    later test's worker with an SMTP server does not send them into that test's sink."""
    made: list[Account] = []

    def new() -> Account:
        made.append(hooks.account())
        return made[-1]

    yield new
    hooks.stop_workers()  # none of them queues more
    hooks.sql(
        "DELETE FROM mail_outbox WHERE recipient = ANY(%s) AND sent_at IS NULL RETURNING 1",
        [account.email for account in made],
    )


def _flagged_events(stack: Stack, link_id: str) -> list[dict[str, Any]]:
    rows = stack.sql(
        "SELECT data FROM events WHERE type = 'security.flagged' AND data->>'linkId' = %s"
        " ORDER BY seq",
        link_id,
    )
    return [row[0] for row in rows]


def _other_hosts(stack: Stack, link_id: str) -> list[str]:
    rows = stack.sql(
        "SELECT host FROM link_destination_hosts WHERE link_id = %s ORDER BY host", link_id
    )
    return [row[0] for row in rows]


def _status(api: httpx.Client, account: Account, link_id: str) -> str:
    status: str = api.get(f"/v1/links/{link_id}", headers=account.headers()).json()["status"]
    return status


def _refreshed(stack: Stack, source: str) -> Any:
    rows = stack.sql("SELECT refreshed_at FROM safety_feed_runs WHERE source = %s", source)
    return rows[0][0] if rows else None


def hop_safety(stack: Stack, *args: str) -> Any:
    result = run_hop("safety", *args, env=stack.env)
    assert result.returncode == 0, result.stderr
    return [msgspec.json.decode(line) for line in result.stdout.splitlines()]


def test_feeds_listing_a_links_other_destinations_later_block_it(
    hooks: Stack,
    feeds: FeedServer,
    receiver: Receiver,
    edge: httpx.Client,
    owner: Callable[[], Account],
) -> None:
    account = owner()
    token = secrets.token_hex(4)
    fine = f"https://fine-{token}.example/landing"
    rule_bad = f"http://rule-{token}.example/de/payload.exe"
    variant_bad = f"https://variant-{token}.example.net/account/verify.html"
    expired_bad = f"http://expired-{token}.example/gone.exe"
    bulk_bad = f"http://bulk-{token}.example/fr/payload.exe"
    old_bad = f"http://old-{token}.example/payload.exe"
    webrisk_host = f"webrisk-{token}.example.org"
    with hooks.api() as api:
        subscribe(api, account, receiver, "security.flagged")
        ruled = make_link(
            api, account, longUrl=fine, rules=[{"when": {"country": ["DE"]}, "url": rule_bad}]
        )
        varied = make_link(
            api,
            account,
            longUrl=fine,
            variants=[{"url": fine, "weight": 50}, {"url": variant_bad, "weight": 50}],
        )
        expiring = make_link(api, account, longUrl=fine, expiredUrl=expired_bad)
        webrisked = make_link(
            api,
            account,
            longUrl=fine,
            variants=[
                {"url": fine, "weight": 50},
                {"url": f"https://{webrisk_host}/", "weight": 50},
            ],
        )
        answer = api.post(
            "/v1/links/bulk",
            json={
                "items": [
                    {"longUrl": fine, "rules": [{"when": {"country": ["FR"]}, "url": bulk_bad}]}
                ]
            },
            headers=account.headers(),
        )
        assert answer.status_code == 200, answer.text
        [bulked] = [item["link"] for item in answer.json()["results"]]
        # A link made before its other destinations were recorded: the worker's backfill
        # records them.
        old = make_link(api, account, longUrl=fine, expiredUrl=old_bad)
        untouched = make_link(
            api, account, longUrl=fine, rules=[{"when": {"os": ["ios"]}, "url": fine + "/ios"}]
        )
    flagged = [ruled, varied, expiring, webrisked, bulked, old]
    assert {link["status"] for link in [*flagged, untouched]} == {"active"}
    assert _other_hosts(hooks, ruled["id"]) == [f"rule-{token}.example"]
    assert _other_hosts(hooks, varied["id"]) == [f"variant-{token}.example.net"]
    assert _other_hosts(hooks, expiring["id"]) == [f"expired-{token}.example"]
    assert _other_hosts(hooks, bulked["id"]) == [f"bulk-{token}.example"]
    assert _other_hosts(hooks, untouched["id"]) == []  # the same host as longUrl
    hooks.sql("DELETE FROM link_destination_hosts WHERE link_id = %s RETURNING 1", old["id"])

    feeds.urlhaus = [rule_bad, expired_bad, bulk_bad, old_bad]
    feeds.phishtank = [variant_bad]
    feeds.webrisk = {"SOCIAL_ENGINEERING": WebRiskList([f"{webrisk_host}/"])}
    hooks.start_worker(
        "destinations",
        HOP_SAFETY_URLHAUS_URL=f"{feeds.url}/urlhaus/csv_online/",
        HOP_TEST_SAFETY_URLHAUS_INTERVAL="0.5",
        HOP_SAFETY_PHISHTANK_URL=f"{feeds.url}/phishtank/online-valid.json",
        HOP_TEST_SAFETY_PHISHTANK_INTERVAL="0.5",
        HOP_SAFETY_WEBRISK_KEY=WEBRISK_KEY,
        HOP_SAFETY_WEBRISK_URL=f"{feeds.url}/webrisk/v1",
        HOP_SAFETY_WEBRISK_THREATS="SOCIAL_ENGINEERING",
        HOP_TEST_SAFETY_WEBRISK_INTERVAL="0.5",
        HOP_TEST_SAFETY_WAVE_INTERVAL="0.5",
    )

    events = {e["linkId"]: e for e in delivered(receiver, "security.flagged", len(flagged))}
    assert set(events) == {link["id"] for link in flagged}
    assert {e["verdict"] for e in events.values()} == {"block"}
    assert {e["source"] for e in events.values()} == {"feed"}
    assert events[ruled["id"]]["reasons"] == ["feed_urlhaus"]
    assert events[varied["id"]]["reasons"] == ["feed_phishtank"]
    assert events[expiring["id"]]["reasons"] == ["feed_urlhaus"]
    assert events[webrisked["id"]]["reasons"] == ["feed_webrisk"]
    assert events[ruled["id"]]["longUrl"] == fine
    # The owner's e-mail names the destination the feed listed, not only longUrl.
    [ruled_mail] = [body for _, body in outbox(hooks, account.email) if ruled["id"] in body]
    assert f"Destination: {fine}\n" in ruled_mail
    assert f"Flagged destinations of this link:\n- {rule_bad}\n" in ruled_mail
    assert _other_hosts(hooks, old["id"]) == [f"old-{token}.example"]
    with hooks.api() as api:
        assert {_status(api, account, link["id"]) for link in flagged} == {"blocked"}
        assert _status(api, account, untouched["id"]) == "active"
    # The edge serves the block page, whichever destination the visitor would get.
    codes = [link["shortCode"] for link in flagged]
    wait_until(lambda: all(edge.get(f"/{code}").status_code == 403 for code in codes))
    blocked = edge.get(f"/{ruled['shortCode']}")
    assert blocked.status_code == 403
    assert "location" not in blocked.headers
    assert edge.get(f"/{untouched['shortCode']}").status_code == 302
    # More refreshes find the same verdict: one event per link.
    first = _refreshed(hooks, "urlhaus")
    wait_until(lambda: _refreshed(hooks, "urlhaus") not in (None, first))
    second = _refreshed(hooks, "urlhaus")
    wait_until(lambda: _refreshed(hooks, "urlhaus") != second)
    assert all(len(_flagged_events(hooks, link["id"])) == 1 for link in flagged)

    # The owner removes the listed rule: the change is checked again and clears the link,
    # and the rule's host no longer finds it.
    with hooks.api() as api:
        changed = api.patch(
            f"/v1/links/{ruled['id']}", json={"rules": None}, headers=account.headers()
        )
        assert changed.status_code == 200, changed.text
        assert changed.json()["status"] == "active"
    assert _other_hosts(hooks, ruled["id"]) == []
    cleared = _flagged_events(hooks, ruled["id"])
    assert [e["verdict"] for e in cleared] == ["block", "ok"]
    wait_until(lambda: edge.get(f"/{ruled['shortCode']}").status_code == 302)


def test_an_operator_host_block_reaches_links_through_their_other_destinations(
    hooks: Stack, edge: httpx.Client, owner: Callable[[], Account]
) -> None:
    account = owner()
    token = secrets.token_hex(4)
    host = f"kit-{token}.example"
    fine = f"https://fine-{token}.example/"
    with hooks.api() as api:
        ruled = make_link(
            api,
            account,
            longUrl=fine,
            rules=[{"when": {"device": ["mobile"]}, "url": f"https://m.{host}/start"}],
        )
        app = make_qr(
            api,
            account,
            type="app",
            data={"fallbackUrl": fine, "iosUrl": f"https://apps.{host}/id1"},
        )
        elsewhere = make_link(api, account, longUrl=fine, expiredUrl=f"https://other-{host}/")
    assert _other_hosts(hooks, app["linkId"]) == [f"apps.{host}"]

    [result] = hop_safety(hooks, "block", "--host", host, "--by", "carol")
    assert sorted(row["link"] for row in result["changed"]) == sorted([ruled["id"], app["linkId"]])
    with hooks.api() as api:
        assert _status(api, account, ruled["id"]) == "blocked"
        assert _status(api, account, elsewhere["id"]) == "active"
    wait_until(lambda: edge.get(f"/{ruled['shortCode']}").status_code == 403)
    assert edge.get(f"/{app['shortUrl'].rsplit('/', 1)[1]}").status_code == 403
    [event] = _flagged_events(hooks, ruled["id"])
    assert (event["verdict"], event["reasons"], event["source"]) == (
        "block",
        ["operator"],
        "operator",
    )

    # A new destination for the rule: checked again at once, and the blocked host no
    # longer finds the link when the operator decides again.
    with hooks.api() as api:
        moved = api.patch(
            f"/v1/links/{ruled['id']}",
            json={
                "rules": [{"when": {"device": ["mobile"]}, "url": f"https://m-{token}.example/"}]
            },
            headers=account.headers(),
        )
        assert moved.json()["status"] == "active"
    assert _other_hosts(hooks, ruled["id"]) == [f"m-{token}.example"]
    [cleared] = hop_safety(hooks, "clear", "--host", host)
    assert [row["link"] for row in cleared["changed"]] == [app["linkId"]]
    [again] = hop_safety(hooks, "block", "--host", host)
    assert [row["link"] for row in again["changed"]] == [app["linkId"]]
    hop_safety(hooks, "clear", "--host", host)
    # Clearing an operator's decision on the link judges every destination again.
    hop_safety(hooks, "block", "--host", f"m-{token}.example")
    hop_safety(hooks, "block", "--link", ruled["id"])
    [link_cleared] = hop_safety(hooks, "clear", "--link", ruled["id"])
    assert link_cleared["verdict"] == "block"
    assert link_cleared["reasons"] == ["operator"]
    hop_safety(hooks, "clear", "--host", f"m-{token}.example")


def test_a_spam_wave_counts_links_through_their_other_destinations(
    hooks: Stack, owner: Callable[[], Account]
) -> None:
    token = secrets.token_hex(4)
    wave_site = f"promo-{token}.example"
    accounts = [owner() for _ in range(3)]
    with hooks.api() as api:
        wave = [
            make_link(
                api,
                account,
                longUrl=f"https://shop-{token}-{n}.example/",
                variants=[
                    {"url": f"https://shop-{token}-{n}.example/", "weight": 50},
                    {"url": f"https://{wave_site}/deal/{n}", "weight": 50},
                ],
            )
            for account in accounts
            for n in range(2)
        ]
    assert {link["status"] for link in wave} == {"active"}
    hooks.start_worker(
        "destination-waves",
        HOP_SAFETY_WAVE_LINKS="6",
        HOP_SAFETY_WAVE_ACCOUNTS="3",
        HOP_TEST_SAFETY_WAVE_INTERVAL="0.5",
    )

    def verdicts() -> set[str]:
        ids = [link["id"] for link in wave]
        return {
            row[0] for row in hooks.sql("SELECT safety_verdict FROM links WHERE id = ANY(%s)", ids)
        }

    wait_until(lambda: verdicts() == {"warn"}, message="the wave was not found")
    assert _flagged_events(hooks, wave[0]["id"])[0]["reasons"] == ["spam_wave"]
    assert hooks.sql("SELECT wave_at IS NOT NULL FROM safety_sites WHERE site = %s", wave_site) == [
        (True,)
    ]
