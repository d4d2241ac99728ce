"""Broken destinations end to end: a stack of its own whose worker checks every link's
destinations every second (HOP_LINK_HEALTH_INTERVAL=1), against a website on loopback
(127.0.0.2: not the edge's host, so links may point at it), with webhooks delivered to a
loopback receiver and mail sent to an SMTP sink."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.hooks import HOOK_SETTINGS, delivered, subscribe
from tests.support.receiver import Receiver
from tests.support.site import Site
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack
from tests.support.waiting import wait_for

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def smtp_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    yield sink
    sink.close()


@pytest.fixture(scope="module")
def stack(work_dir: Path, postgres_url: str, smtp_sink: SmtpSink) -> Iterator[Stack]:
    root = work_dir / "link-health"
    root.mkdir()
    stack = Stack.private_database(
        root,
        postgres_url,
        **HOOK_SETTINGS,
        HOP_LINK_HEALTH_INTERVAL="1",
        HOP_TEST_LINK_HEALTH_HOST_GAP="0.05",
        HOP_SMTP_URL=smtp_sink.url,
    )
    try:
        stack.start_admin()
        stack.start_worker()
        yield stack
    finally:
        stack.close()


@pytest.fixture
def api(stack: Stack) -> Iterator[httpx.Client]:
    with stack.api() as client:
        yield client


@pytest.fixture
def site() -> Iterator[Site]:
    served = Site(host="127.0.0.2")
    yield served
    served.close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


def _link(api: httpx.Client, account: Account, url: str) -> dict[str, Any]:
    made = api.post("/v1/links", json={"longUrl": url}, headers=account.headers())
    assert made.status_code == 201, made.text
    link: dict[str, Any] = made.json()
    assert link["health"] is None  # not checked yet
    return link


def _health(api: httpx.Client, account: Account, link: dict[str, Any], status: str) -> Any:
    return wait_for(
        lambda: api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()["health"],
        lambda health: health is not None and health["status"] == status,
        timeout=30,
        message=f"{link['longUrl']} was not found {status}",
    )


def _digests(sink: SmtpSink, email: str) -> list[Message]:
    return [m for m in sink.messages if m["To"] == email and "broken" in str(m["Subject"])]


def test_a_destination_that_breaks_is_reported_by_webhook_and_digest(
    stack: Stack, api: httpx.Client, site: Site, receiver: Receiver, smtp_sink: SmtpSink
) -> None:
    answers = {"status": 200}
    site.answer = lambda method, path: (answers["status"], 0.0)
    account = stack.account()
    subscribe(api, account, receiver, "link.broken")
    url = f"{site.url}/shop/{secrets.token_hex(4)}"
    link = _link(api, account, url)

    ok = _health(api, account, link, "ok")
    assert ok["httpStatus"] == 200
    assert ok["url"] is None
    head = site.requests()[0]
    assert head.method == "HEAD"
    assert head.headers["user-agent"].startswith("HopLinkHealth/1.0 (+")

    answers["status"] = 404
    broken = _health(api, account, link, "broken")
    assert (broken["httpStatus"], broken["url"]) == (404, url)
    assert broken["checkedAt"] > ok["checkedAt"]

    [event] = delivered(receiver, "link.broken", 1)
    assert event["linkId"] == link["id"]
    assert event["shortCode"] == link["shortCode"]
    assert (event["url"], event["httpStatus"], event["reason"]) == (url, 404, "http_404")

    [digest] = wait_for(
        lambda: _digests(smtp_sink, account.email), bool, timeout=30, message="no digest"
    )
    assert "1 link" in str(digest["Subject"])
    body = digest.get_payload(decode=True).decode()  # type: ignore[union-attr]
    assert link["shortUrl"] in body
    assert f"{url} answered 404" in body

    # It stays broken: no second event, no second digest within the day.
    time.sleep(3)
    assert len(delivered(receiver, "link.broken", 1)) == 1
    assert len(_digests(smtp_sink, account.email)) == 1


def test_a_workspace_with_the_checks_off_is_not_checked(
    stack: Stack, api: httpx.Client, site: Site
) -> None:
    account = stack.account()
    path = f"/v1/workspaces/{account.workspace_id}"
    assert api.get(path, headers=account.headers()).json()["linkHealth"] == {"enabled": True}
    turned = api.patch(path, json={"linkHealth": {"enabled": False}}, headers=account.headers())
    assert turned.status_code == 200, turned.text
    assert turned.json()["linkHealth"] == {"enabled": False}
    link = _link(api, account, f"{site.url}/off/{secrets.token_hex(4)}")

    time.sleep(4)  # several rounds
    assert site.requests() == []
    fetched = api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()
    assert fetched["health"] is None

    # On again: checked at the next round.
    api.patch(path, json={"linkHealth": {"enabled": True}}, headers=account.headers())
    stack.sql("UPDATE links SET health_claimed_at = NULL WHERE id = %s RETURNING id", link["id"])
    _health(api, account, link, "ok")


@pytest.mark.parametrize(
    "body",
    [
        {"linkHealth": {"enabled": "no"}},
        {"linkHealth": {"enabled": True, "other": 1}},
        {"linkHealth": True},
    ],
)
def test_a_bad_switch_is_a_problem(stack: Stack, api: httpx.Client, body: dict[str, Any]) -> None:
    account = stack.account()
    response = api.patch(
        f"/v1/workspaces/{account.workspace_id}", json=body, headers=account.headers()
    )
    assert response.status_code in (400, 422), response.text
    assert response.headers["content-type"].startswith("application/problem+json")
