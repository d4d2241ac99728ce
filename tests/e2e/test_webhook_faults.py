"""Delivery under hostile or broken receivers, several dispatchers and a killed worker.

Real worker processes against real loopback receivers and a real SMTP server;
the retry schedule is compressed to 0.2 s so whole scenarios take seconds.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter
from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.api import make_links
from tests.support.receiver import RawReceiver, Received, Receiver, Reply, always
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.slow


def register(hooks: Stack, account: Account, endpoint: str, events: list[str]) -> dict[str, Any]:
    with hooks.api() as api:
        response = api.post(
            "/v1/webhooks", json={"endpoint": endpoint, "events": events}, headers=account.headers()
        )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def link_ids(hooks: Stack, account: Account, count: int) -> list[str]:
    with hooks.api() as api:
        return [link["id"] for link in make_links(api, account, count)]


def webhook(hooks: Stack, account: Account, hook_id: str) -> dict[str, Any]:
    with hooks.api() as api:
        body: dict[str, Any] = api.get(f"/v1/webhooks/{hook_id}", headers=account.headers()).json()
    return body


def attempts(hooks: Stack, account: Account, hook_id: str) -> list[dict[str, Any]]:
    with hooks.api() as api:
        page = api.get(
            f"/v1/webhooks/{hook_id}/deliveries", params={"limit": 200}, headers=account.headers()
        ).json()
    data: list[dict[str, Any]] = page["data"]
    return data


def successes(hooks: Stack, account: Account, hook_id: str) -> int:
    return sum(attempt["succeeded"] for attempt in attempts(hooks, account, hook_id))


def created_link_ids(requests: list[Received]) -> list[str]:
    return [str(r.envelope()["data"]["id"]) for r in requests]  # type: ignore[index]


def test_six_failures_pause_with_one_mail_and_resume_delivers_the_backlog_in_order(
    hooks: Stack, receiver: Receiver, smtp: SmtpSink
) -> None:
    account = hooks.account()
    receiver.behaviour = always(500)
    hook = register(hooks, account, receiver.url, ["link.created"])
    hooks.start_worker("pause-a", HOP_SMTP_URL=smtp.url, HOP_WEBHOOK_MAX_IN_FLIGHT="1")
    hooks.start_worker("pause-b", HOP_SMTP_URL=smtp.url, HOP_WEBHOOK_MAX_IN_FLIGHT="1")
    first = link_ids(hooks, account, 3)

    assert eventually(lambda: webhook(hooks, account, hook["id"])["status"] == "paused")
    time.sleep(1)  # several schedule steps: nothing more may be sent while paused
    assert len(receiver.requests) == 6
    paused = webhook(hooks, account, hook["id"])
    assert (paused["pauseReason"], paused["failureStreak"]) == ("failures", 6)
    (mail,) = smtp.wait_for(1)
    time.sleep(1.5)  # a second mailer poll: still exactly one e-mail
    assert len(smtp.messages) == 1
    assert mail["To"] == account.email
    assert hook["id"] in str(mail["Subject"])
    assert f"/v1/webhooks/{hook['id']}/resume" in mail.get_payload()

    later = link_ids(hooks, account, 4)  # queued while paused
    time.sleep(0.5)
    assert len(receiver.requests) == 6

    receiver.behaviour = always(200)
    with hooks.api() as api:
        resumed = api.post(f"/v1/webhooks/{hook['id']}/resume", headers=account.headers())
    assert resumed.json()["status"] == "active"
    got = receiver.wait_for(6 + 7)
    assert created_link_ids(got[6:]) == first + later  # every event once, in event order
    assert webhook(hooks, account, hook["id"])["failureStreak"] == 0
    assert len(smtp.messages) == 1


def test_a_success_in_between_resets_the_count(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    receiver.behaviour = lambda r: Reply(status=500 if r.attempt <= 5 else 200)
    hook = register(hooks, account, receiver.url, ["link.created"])
    hooks.start_worker("reset")
    links = []
    for n in (1, 2):  # 5 failures, a success, 5 failures, a success: never 6 in a row
        links += link_ids(hooks, account, 1)
        assert eventually(lambda: successes(hooks, account, hook["id"]) == n)  # noqa: B023
    assert len(attempts(hooks, account, hook["id"])) == 12
    state = webhook(hooks, account, hook["id"])
    assert (state["status"], state["failureStreak"]) == ("active", 0)
    assert created_link_ids(receiver.requests) == [links[0]] * 6 + [links[1]] * 6


def test_gone_pauses_at_once(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    receiver.behaviour = always(410)
    hook = register(hooks, account, receiver.url, ["link.created"])
    hooks.start_worker("gone")
    link_ids(hooks, account, 3)
    assert eventually(lambda: webhook(hooks, account, hook["id"])["status"] == "paused")
    time.sleep(0.5)
    assert webhook(hooks, account, hook["id"])["pauseReason"] == "gone"
    assert len(receiver.requests) <= 3  # the first 410 stops everything still unsent


def test_redirects_are_failures_and_not_followed(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    receiver.behaviour = lambda r: (
        Reply(status=200)
        if r.path == "/moved"
        else Reply(status=302, headers={"Location": "/moved"})
    )
    hook = register(hooks, account, f"{receiver.url}/old", ["link.created"])
    hooks.start_worker("redirect")
    link_ids(hooks, account, 1)
    assert eventually(lambda: len(attempts(hooks, account, hook["id"])) >= 2)
    log = attempts(hooks, account, hook["id"])
    assert all(a["statusCode"] == 302 and not a["succeeded"] for a in log)
    assert {r.path for r in receiver.requests} == {"/old"}


def test_a_slow_receiver_times_out(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    receiver.behaviour = always(200, delay=4.0)
    hook = register(hooks, account, receiver.url, ["link.created"])
    hooks.start_worker("slow", HOP_TEST_WEBHOOK_TIMEOUT="1")
    link_ids(hooks, account, 1)
    assert eventually(lambda: len(attempts(hooks, account, hook["id"])) >= 1)
    (first, *_) = reversed(attempts(hooks, account, hook["id"]))
    assert first["statusCode"] is None
    assert first["succeeded"] is False
    assert first["error"] == "no complete answer within 1 s"
    # The event loop arms the timeout from its clock as of the loop's current turn,
    # a millisecond or two before the attempt's own stopwatch starts (999 ms seen).
    assert 950 <= first["durationMs"] < 2000


def test_a_flooding_receiver_cannot_exhaust_memory(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    receiver.behaviour = always(200, flood=True)
    hook = register(hooks, account, receiver.url, ["link.created"])
    hooks.start_worker("flood")
    link_ids(hooks, account, 1)
    assert eventually(lambda: len(attempts(hooks, account, hook["id"])) >= 1)
    (attempt,) = attempts(hooks, account, hook["id"])
    assert attempt["succeeded"] is True
    assert attempt["responseBody"] == "x" * 2048
    assert attempt["durationMs"] < 2000
    time.sleep(0.5)
    # The dispatcher hung up after its first read or two; the 1 GiB never went out.
    assert receiver.flooded_bytes < 16 * 1024 * 1024


@pytest.mark.parametrize(
    ("name", "answer", "status", "error"),
    [
        (
            "negative-chunk",
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n",
            None,
            "invalid HTTP answer: invalid chunk size",
        ),
        (
            "superscript-length",  # Latin-1 superscript two: str.isdigit() but not int()
            b"HTTP/1.1 200 OK\r\nContent-Length: \xb2\r\n\r\nok",
            None,
            "invalid HTTP answer: invalid Content-Length",
        ),
        (
            "superscript-status",
            b"HTTP/1.1 2\xb20 OK\r\nContent-Length: 2\r\n\r\nok",
            None,
            "invalid HTTP answer: not an HTTP/1.x status line",
        ),
        (
            "retry-after-overflow",  # the date parser overflowed a C long
            b"HTTP/1.1 503 Busy\r\nRetry-After: Mon, 01 Jan 99999999999999999999 00:00:00 GMT"
            b"\r\nContent-Length: 0\r\n\r\n",
            503,
            "HTTP 503",
        ),
    ],
)
def test_a_malformed_answer_is_a_failed_attempt_with_its_reason(
    hooks: Stack, name: str, answer: bytes, status: int | None, error: str
) -> None:
    account = hooks.account()
    raw = RawReceiver(answer)
    try:
        hook = register(hooks, account, raw.url, ["link.created"])
        worker = hooks.start_worker(f"hostile-{name}")
        link_ids(hooks, account, 1)
        assert eventually(lambda: len(attempts(hooks, account, hook["id"])) >= 2)
    finally:
        hooks.stop_workers()  # before the receiver goes, or its going would be logged too
        raw.close()
    log = attempts(hooks, account, hook["id"])
    assert raw.requests >= 2
    assert {(a["statusCode"], a["succeeded"], a["error"]) for a in log} == {(status, False, error)}
    worker_log = worker.log()
    assert "Traceback" not in worker_log
    assert "webhook.attempt_crashed" not in worker_log


def test_two_dispatchers_never_send_the_same_attempt(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    # About one first attempt in ten fails, so retries run through the shared queue too.
    # Rare enough (and decided by a stable hash, not Python's per-process one) that six
    # failures in a row, which would pause the webhook, practically never happen.
    receiver.behaviour = lambda r: Reply(
        status=500
        if r.attempt == 1 and hashlib.sha256(r.delivery_id.encode()).digest()[0] < 26
        else 200
    )
    hook = register(hooks, account, receiver.url, ["link.created"])
    for name in ("twin-a", "twin-b"):
        hooks.start_worker(name, HOP_TEST_WEBHOOK_CONCURRENCY="8")
    links = link_ids(hooks, account, 150)
    assert eventually(
        lambda: (
            hooks.sql(
                "SELECT count(*) FROM webhook_deliveries"
                " WHERE webhook_id = %s AND state = 'succeeded'",
                hook["id"],
            )[0][0]
            == 150
        ),
        timeout=60,
    )
    time.sleep(0.5)
    sent = Counter((r.delivery_id, r.attempt) for r in receiver.requests)
    assert max(sent.values()) == 1  # no (delivery, attempt) twice
    assert any(attempt > 1 for _, attempt in sent)  # retries went through the queue too
    assert sorted(set(created_link_ids(receiver.requests))) == sorted(links)  # none lost


def test_worker_killed_mid_delivery_loses_nothing(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    processed: set[str] = set()
    arrived = threading.Event()

    def behaviour(request: Received) -> Reply:
        # The reference receiver's rule: an event id seen before is acknowledged, not redone.
        duplicate = request.event_id in processed
        processed.add(request.event_id)
        if len(receiver.requests) == 1:
            arrived.set()
            return Reply(status=200, delay=30)  # hold the first attempt until the kill
        return Reply(status=200, body=b"duplicate" if duplicate else b"ok")

    receiver.behaviour = behaviour
    hook = register(hooks, account, receiver.url, ["link.created"])
    # Time-out 1.5 s: a dead worker's lease runs out after 2 x 1.5 + 2 s.
    victim = hooks.start_worker("victim", HOP_TEST_WEBHOOK_TIMEOUT="1.5")
    link_ids(hooks, account, 1)
    assert arrived.wait(30)
    hooks.kill(victim)
    hooks.start_worker("heir", HOP_TEST_WEBHOOK_TIMEOUT="1.5")
    assert eventually(
        lambda: (
            hooks.sql("SELECT state FROM webhook_deliveries WHERE webhook_id = %s", hook["id"])
            == [("succeeded",)]
        ),
        timeout=30,
    )
    first, second = receiver.requests
    assert first.event_id == second.event_id
    assert (first.attempt, second.attempt) == (1, 1)  # the same attempt, retried
    log = attempts(hooks, account, hook["id"])
    assert [(a["attempt"], a["statusCode"], a["responseBody"]) for a in log] == [
        (1, 200, "duplicate")
    ]


def test_rotated_secret_overlap(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    hook = register(hooks, account, receiver.url, ["link.created"])
    hooks.start_worker("rotate")
    link_ids(hooks, account, 1)
    (before,) = receiver.wait_for(1)
    with hooks.api() as api:
        rotated = api.post(f"/v1/webhooks/{hook['id']}/rotate-secret", headers=account.headers())
    new_secret = rotated.json()["secret"]
    link_ids(hooks, account, 1)
    _, after = receiver.wait_for(2)
    assert before.headers["svc-signature"].count("v1=") == 1
    assert after.headers["svc-signature"].count("v1=") == 2
    for secrets in ([hook["secret"]], [new_secret]):
        checker = Receiver(secrets)
        try:
            with httpx.Client() as client:
                client.post(
                    checker.url,
                    content=after.body,
                    headers={"Svc-Signature": after.headers["svc-signature"]},
                )
            assert checker.wait_for(1)[0].signature_ok
        finally:
            checker.close()
    # Once the overlap ends, only the new secret signs.
    hooks.sql(
        "UPDATE webhooks SET previous_secret_expires_at = now() WHERE id = %s RETURNING 1",
        hook["id"],
    )
    link_ids(hooks, account, 1)
    *_, last = receiver.wait_for(3)
    assert last.headers["svc-signature"].count("v1=") == 1


def test_redeliver_and_the_attempt_log(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    receiver.behaviour = always(201, body=b'{"received": true}')
    hook = register(hooks, account, receiver.url, ["link.created"])
    hooks.start_worker("log")
    link_ids(hooks, account, 1)
    (first,) = receiver.wait_for(1)
    assert eventually(lambda: len(attempts(hooks, account, hook["id"])) == 1)
    (entry,) = attempts(hooks, account, hook["id"])
    assert entry["deliveryId"] == first.delivery_id
    assert entry["eventId"] == first.event_id
    assert entry["eventType"] == "link.created"
    assert (entry["attempt"], entry["statusCode"], entry["succeeded"]) == (1, 201, True)
    assert entry["responseBody"] == '{"received": true}'
    assert entry["error"] is None
    assert entry["durationMs"] >= 0
    with hooks.api() as api:
        again = api.post(
            f"/v1/webhooks/{hook['id']}/deliveries/{entry['deliveryId']}/redeliver",
            headers=account.headers(),
        )
        assert again.status_code == 202, again.text
        _, second = receiver.wait_for(2)
        assert (second.event_id, second.attempt) == (first.event_id, 2)
        only = api.get(
            f"/v1/webhooks/{hook['id']}/deliveries",
            params={"eventId": first.event_id, "limit": 1},
            headers=account.headers(),
        ).json()
    assert eventually(lambda: len(attempts(hooks, account, hook["id"])) == 2)
    assert len(only["data"]) == 1
