"""Threat feeds, Web Risk and spam waves through a real worker, against feed servers on
loopback that speak the real formats (tests/support/feeds.py); security.flagged reaches
a real receiver, signed, once per change; the owner gets one e-mail."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from common.keys import link_key
from common.wire import link_entry_decoder
from tests.support.api import make_link
from tests.support.cli import run_hop
from tests.support.feeds import FeedServer, WebRiskList
from tests.support.hooks import delivered, subscribe
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack
from tests.support.waiting import wait_until

WEBRISK_KEY = "test-webrisk-key"


@pytest.fixture
def feeds() -> Iterator[FeedServer]:
    server = FeedServer()
    yield server
    server.close()


def _flagged_events(hooks: Stack, link_id: str) -> list[dict[str, Any]]:
    rows = hooks.sql(
        "SELECT data FROM events WHERE type = 'security.flagged' AND data->>'linkId' = %s"
        " ORDER BY seq",
        link_id,
    )
    return [row[0] for row in rows]


def _refreshed(hooks: Stack, source: str) -> Any:
    rows = hooks.sql("SELECT refreshed_at FROM safety_feed_runs WHERE source = %s", source)
    return rows[0][0] if rows else None


def test_feed_hits_block_links_once_with_an_event_and_an_email(
    hooks: Stack, feeds: FeedServer, receiver: Receiver, smtp: SmtpSink
) -> None:
    account = hooks.account()
    token = secrets.token_hex(4)
    malware = f"http://files-{token}.example/payload.exe"
    phish = f"https://login-{token}.example.net/account/verify.html"
    with hooks.api() as api:
        subscribe(api, account, receiver, "security.flagged")
        dropper = make_link(api, account, longUrl=malware)
        phishing = make_link(api, account, longUrl=phish + "?session=42")  # query differs
        neighbour = make_link(api, account, longUrl=f"http://files-{token}.example/readme.txt")
    assert {dropper["status"], phishing["status"], neighbour["status"]} == {"active"}
    feeds.urlhaus = [malware, "http://203.0.113.9:8080/i"]
    feeds.phishtank = [phish]
    hooks.start_worker(
        "feeds",
        HOP_SAFETY_URLHAUS_URL=f"{feeds.url}/urlhaus/csv_online/",
        HOP_TEST_SAFETY_URLHAUS_INTERVAL="0.5",
        HOP_SAFETY_PHISHTANK_URL=f"{feeds.url}/phishtank/online-valid.json",
        HOP_TEST_SAFETY_PHISHTANK_INTERVAL="0.5",
        HOP_SMTP_URL=smtp.url,
    )

    data = {event["linkId"]: event for event in delivered(receiver, "security.flagged", 2)}
    assert data[dropper["id"]]["verdict"] == "block"
    assert data[dropper["id"]]["reasons"] == ["feed_urlhaus"]
    assert data[dropper["id"]]["source"] == "feed"
    assert data[dropper["id"]]["longUrl"] == malware
    assert data[phishing["id"]]["reasons"] == ["feed_phishtank"]
    # The edge learns it from the link's cache entry.
    raw = hooks.redis.get(link_key(dropper["shortCode"]))
    assert isinstance(raw, bytes)
    assert link_entry_decoder.decode(raw).verdict == "block"
    assert link_entry_decoder.decode(raw).reasons == ("feed_urlhaus",)
    with hooks.api() as api:
        headers = account.headers()
        assert api.get(f"/v1/links/{dropper['id']}", headers=headers).json()["status"] == "blocked"
        assert api.get(f"/v1/links/{neighbour['id']}", headers=headers).json()["status"] == "active"
        # Every admin reloaded its index: the listed URL is blocked at create now.
        wait_until(
            lambda: make_link(api, account, longUrl=malware)["status"] == "blocked",
            message="the admin never learnt the feed entry",
        )
    mails = smtp.wait_for(2)
    assert {mail["To"] for mail in mails} == {account.email}
    assert all("is blocked" in str(mail["Subject"]) for mail in mails)
    body = mails[0].get_payload()
    assert f"/v1/links/{dropper['id']}/review" in str(
        body
    ) or f"/v1/links/{phishing['id']}/review" in str(body)
    # More refreshes change nothing: one event per change of verdict, one e-mail.
    first = _refreshed(hooks, "urlhaus")
    wait_until(lambda: _refreshed(hooks, "urlhaus") not in (None, first))
    second = _refreshed(hooks, "urlhaus")
    wait_until(lambda: _refreshed(hooks, "urlhaus") != second)
    assert len(_flagged_events(hooks, dropper["id"])) == 1
    assert len(_flagged_events(hooks, phishing["id"])) == 1
    assert len(smtp.messages) == 2
    # Dropped from the feed, a URL stops blocking new links; blocked ones stay blocked.
    feeds.urlhaus = []
    with hooks.api() as api:
        wait_until(lambda: make_link(api, account, longUrl=malware)["status"] == "active")
        assert api.get(f"/v1/links/{dropper['id']}", headers=headers).json()["status"] == "blocked"


def test_web_risk_lists_are_kept_locally_and_full_hashes_checked(
    hooks: Stack, feeds: FeedServer
) -> None:
    account = hooks.account()
    token = secrets.token_hex(4)
    bad = f"bad-{token}.example.org"
    webrisk = {
        "HOP_SAFETY_WEBRISK_KEY": WEBRISK_KEY,
        "HOP_SAFETY_WEBRISK_URL": f"{feeds.url}/webrisk/v1",
        "HOP_SAFETY_WEBRISK_THREATS": "SOCIAL_ENGINEERING",
    }
    with hooks.api() as api:
        early = make_link(api, account, longUrl=f"https://{bad}/login/page.html")
    assert early["status"] == "active"
    feeds.webrisk = {"SOCIAL_ENGINEERING": WebRiskList([f"{bad}/"])}
    hooks.start_worker(
        "webrisk",
        **webrisk,
        HOP_TEST_SAFETY_WEBRISK_INTERVAL="0.5",
        HOP_TEST_SAFETY_WAVE_INTERVAL="0.5",
    )
    events = wait_until(lambda: _flagged_events(hooks, early["id"]))
    assert events[0]["verdict"] == "block"
    assert events[0]["reasons"] == ["feed_webrisk"]
    stored = hooks.sql("SELECT version_token FROM safety_webrisk_lists")
    assert stored
    assert stored[0][0]
    # An admin with the key checks at create: a local prefix match, then hashes:search.
    admin = hooks.start_admin("webrisk-admin", **webrisk)
    with hooks.api() as api:
        api.base_url = admin.url
        before = feeds.searches()
        wait_until(
            lambda: make_link(api, account, longUrl=f"https://{bad}/other")["status"] == "blocked"
        )
        assert feeds.searches() > before
        searched = feeds.searches()
        fine = make_link(api, account, longUrl=f"https://good-{token}.example.org/")
        assert fine["status"] == "active"
        assert feeds.searches() == searched  # no local prefix: no remote lookup
    assert all(
        "key=" + WEBRISK_KEY in request for request in feeds.requests if "webrisk" in request
    )


def test_a_spam_wave_warns_its_links_and_queues_them_for_review(hooks: Stack) -> None:
    token = secrets.token_hex(4)
    wave_site = f"promo-{token}.example"
    accounts = [hooks.account() for _ in range(3)]
    with hooks.api() as api:
        wave = [
            make_link(api, account, longUrl=f"https://{wave_site}/deal/{n}")
            for account in accounts
            for n in range(2)
        ]
        solo = [
            make_link(api, accounts[0], longUrl=f"https://solo-{token}.example/{n}")
            for n in range(6)
        ]
        trusted = [
            make_link(api, account, longUrl=f"https://www.trusted-{token}.example/{n}")
            for account in accounts
            for n in range(2)
        ]
    assert {link["status"] for link in wave + solo + trusted} == {"active"}
    hooks.start_worker(
        "waves",
        HOP_SAFETY_WAVE_LINKS="6",
        HOP_SAFETY_WAVE_ACCOUNTS="3",
        HOP_TEST_SAFETY_WAVE_INTERVAL="0.5",
        HOP_SAFETY_ALLOWLIST=f"trusted-{token}.example",
    )

    def statuses(links: list[dict[str, Any]]) -> set[str]:
        ids = [link["id"] for link in links]
        rows = hooks.sql("SELECT safety_verdict FROM links WHERE id = ANY(%s)", ids)
        return {row[0] for row in rows}

    wait_until(lambda: statuses(wave) == {"warn"}, message="the wave was not found")
    events = _flagged_events(hooks, wave[0]["id"])
    assert events[0]["reasons"] == ["spam_wave"]
    assert events[0]["source"] == "spam_wave"
    assert statuses(solo) == {"ok"}  # one account alone makes no wave
    assert statuses(trusted) == {"ok"}  # nor does an allowlisted site
    queued = run_hop("safety", "queue", env=hooks.env)
    assert queued.returncode == 0, queued.stderr
    assert {link["id"] for link in wave} <= {
        line.split('"id":"')[1].split('"')[0] for line in queued.stdout.splitlines()
    }
    with psycopg.connect(hooks.database_url) as conn:
        row = conn.execute(
            "SELECT wave_at IS NOT NULL FROM safety_sites WHERE site = %s", (wave_site,)
        ).fetchone()
    assert row == (True,)
