"""Live clicks (issue 29): a redirect at the edge shows on the admin's Server-Sent Events
streams, fed by the worker through Redis; resume, the per-workspace bound, the per-link
filter, and nothing that identifies a visitor."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.support.accounts import Account, create_account
from tests.support.api import make_links
from tests.support.clicks import USER_AGENTS, stored_clicks
from tests.support.processes import HopProcess
from tests.support.sse import Event, EventStream
from tests.support.waiting import wait_until

# What an event may say of a click: never an address, a visitor id or a user agent.
LIVE_FIELDS = {
    "id", "clickedAt", "linkId", "shortCode", "country", "region", "city", "device", "os",
    "browser", "referrerHost", "isBot", "isQr",
}  # fmt: skip
# A forwarded address the edge is given: it must show nowhere in an event.
VISITOR_ADDRESS = "203.0.113.77"


@pytest.fixture
def streams() -> Iterator[list[EventStream]]:
    opened: list[EventStream] = []
    yield opened
    for stream in opened:
        stream.close()


def open_stream(
    streams: list[EventStream], url: str, account: Account, **headers: str
) -> EventStream:
    stream = EventStream(url, {**account.headers(), **headers})
    streams.append(stream)
    if stream.status == 200:
        assert stream.next().kind == "comment"  # the stream is open and positioned
    return stream


def click(edge_url: str, code: str, agent: str = USER_AGENTS["iphone_safari"]) -> None:
    response = httpx.get(
        f"{edge_url}/{code}",
        headers={
            "User-Agent": agent,
            "Referer": "https://news.example.org/story",
            "X-Forwarded-For": VISITOR_ADDRESS,
        },
    )
    assert response.status_code == 302


def assert_public(event: Event) -> None:
    assert event.kind == "click"
    assert set(event.json()) == LIVE_FIELDS
    assert VISITOR_ADDRESS not in event.data
    assert "127.0.0.1" not in event.data
    assert "Mozilla" not in event.data


def test_a_click_at_the_edge_shows_on_the_live_stream(
    admin_url: str, edge_url: str, api: httpx.Client, account: Account, worker: HopProcess,
    streams: list[EventStream],
) -> None:  # fmt: skip
    (link,) = make_links(api, account, 1, prefix="live-one")
    stream = open_stream(streams, f"{admin_url}/v1/analytics/live", account)
    assert stream.headers["content-type"].startswith("text/event-stream")
    for attempt in ("first (worker may be starting)", "second"):
        started = time.monotonic()
        click(edge_url, link["shortCode"])
        event = stream.next_event(timeout=30)
        # Measured, not asserted (docs/analytics.md#live-clicks).
        print(f"redirect → live event, {attempt}: {time.monotonic() - started:.3f} s")
    assert_public(event)
    assert event.id is not None
    body = event.json()
    assert body["linkId"] == link["id"]
    assert body["shortCode"] == link["shortCode"]
    assert (body["device"], body["os"], body["browser"]) == ("mobile", "iOS", "Mobile Safari")
    assert body["referrerHost"] == "news.example.org"
    assert body["isBot"] is False


def test_last_event_id_resumes_with_exactly_the_missed_clicks(
    admin_url: str, edge_url: str, api: httpx.Client, account: Account, worker: HopProcess,
    database_url: str, streams: list[EventStream],
) -> None:  # fmt: skip
    missed_link, marker_link = make_links(api, account, 2, prefix="live-resume")
    url = f"{admin_url}/v1/analytics/live"
    first = open_stream(streams, url, account)
    for _ in range(3):
        click(edge_url, missed_link["shortCode"])
    seen = [first.next_event() for _ in range(3)]
    first.close()
    for _ in range(4):
        click(edge_url, missed_link["shortCode"])
    wait_until(lambda: stored_clicks(database_url, [missed_link["id"]]) == 7, 60)

    resumed = open_stream(streams, url, account, **{"Last-Event-ID": str(seen[-1].id)})
    # The marker is clicked after the resume: whatever comes before it is what was missed.
    click(edge_url, marker_link["shortCode"])
    events: list[Event] = []
    while not events or events[-1].json()["linkId"] != marker_link["id"]:
        events.append(resumed.next_event())
    assert [event.json()["linkId"] for event in events] == [missed_link["id"]] * 4 + [
        marker_link["id"]
    ]
    for event in events:
        assert_public(event)
    ids = [event.id for event in seen + events]
    assert len(set(ids)) == len(ids) == 8
    clicks = [event.json()["id"] for event in seen + events]
    assert len(set(clicks)) == 8


def test_a_resume_from_outside_the_window_says_there_is_a_gap(
    admin_url: str, account: Account, streams: list[EventStream]
) -> None:
    stream = EventStream(
        f"{admin_url}/v1/analytics/live", {**account.headers(), "Last-Event-ID": "1-0/0"}
    )
    streams.append(stream)
    assert stream.status == 200
    gap = stream.next_event()
    assert gap.kind == "gap"
    assert gap.json()["lastEventId"] == "1-0/0"


def test_a_sixth_stream_of_a_workspace_is_refused_until_one_closes(
    admin_url: str, api: httpx.Client, account: Account, database_url: str,
    streams: list[EventStream],
) -> None:  # fmt: skip
    (link,) = make_links(api, account, 1, prefix="live-bound")
    url = f"{admin_url}/v1/analytics/live"
    link_url = f"{admin_url}/v1/links/{link['id']}/clicks/live"
    five = [open_stream(streams, url if n % 2 else link_url, account) for n in range(5)]
    assert [stream.status for stream in five] == [200] * 5
    sixth = open_stream(streams, url, account)
    assert sixth.status == 429
    assert sixth.headers["content-type"] == "application/problem+json"
    assert int(sixth.headers["retry-after"]) > 0
    assert "live-streams-busy" in sixth.body
    # Another workspace has slots of its own.
    assert open_stream(streams, url, create_account(database_url)).status == 200

    five[0].close()  # the admin notices within its bounded XREAD block and frees the slot

    def reopened() -> bool:
        stream = open_stream(streams, url, account)
        return stream.status == 200

    wait_until(reopened, 30, every=0.2, message="the closed stream's slot was never freed")


def test_a_link_stream_shows_only_that_link(
    admin_url: str, edge_url: str, api: httpx.Client, account: Account, worker: HopProcess,
    streams: list[EventStream],
) -> None:  # fmt: skip
    watched, other = make_links(api, account, 2, prefix="live-link")
    stream = open_stream(streams, f"{admin_url}/v1/links/{watched['id']}/clicks/live", account)
    for code in (other, watched, other, other, watched):
        click(edge_url, code["shortCode"])
    events = [stream.next_event() for _ in range(2)]
    assert [event.json()["linkId"] for event in events] == [watched["id"]] * 2
    for event in events:
        assert_public(event)
    # One more watched click: the two unwatched ones before it never show.
    click(edge_url, watched["shortCode"])
    assert stream.next_event().json()["linkId"] == watched["id"]


def test_a_link_stream_of_someone_elses_link_is_not_found(
    admin_url: str, api: httpx.Client, account: Account, streams: list[EventStream]
) -> None:
    response = api.get("/v1/links/lnk_nope/clicks/live", headers=account.headers())
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/problem+json"
    bad = api.get("/v1/analytics/live", headers={**account.headers(), "Last-Event-ID": "not-an-id"})
    assert bad.status_code == 422


@pytest.mark.skipif(shutil.which("curl") is None, reason="needs curl")
def test_curl_shows_the_stream(
    admin_url: str, edge_url: str, api: httpx.Client, account: Account, worker: HopProcess
) -> None:
    (link,) = make_links(api, account, 1, prefix="live-curl")
    authorization = account.headers()["Authorization"]
    curl = subprocess.Popen(
        # --max-time: a stream that never says anything ends the test rather than hangs it.
        ["curl", "-N", "-s", "--max-time", "60", "-H", f"Authorization: {authorization}",
         f"{admin_url}/v1/analytics/live"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert curl.stdout is not None
        assert curl.stdout.readline().startswith(": ")  # open, and positioned
        click(edge_url, link["shortCode"])
        lines: list[str] = []  # the event's lines, past the blank line ending the comment
        while len(lines) < 3 and (line := curl.stdout.readline()):
            if line.strip():
                lines.append(line.rstrip("\n"))
        assert lines[0].startswith("id: ")
        assert lines[1] == "event: click"
        assert lines[2].startswith("data: {")
        assert link["id"] in lines[2]
    finally:
        curl.terminate()
        curl.communicate(timeout=10)  # waits, and closes its pipe
