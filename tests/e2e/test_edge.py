"""The redirect edge as a real granian process, fed by the admin through Redis."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest
import redis

from common.keys import link_key
from common.wire import LinkEntry, link_entry_encoder
from hop.embedded import free_port
from tests.support.accounts import Account
from tests.support.api import make_link
from tests.support.stack import Stack
from tests.support.waiting import wait_until


def test_redirects_with_302_and_no_store(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(api, account, longUrl="https://example.com/landing?x=1")
    response = edge.get(f"/{link['shortCode']}")
    assert response.status_code == 302
    assert response.headers["location"] == "https://example.com/landing?x=1"
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    ("redirect_type", "cache_control"),
    [
        (301, "private, max-age=300"),
        (302, "no-store"),
        (307, "no-store"),
        (308, "private, max-age=300"),
    ],
)
def test_redirect_types(
    api: httpx.Client, edge: httpx.Client, account: Account, redirect_type: int, cache_control: str
) -> None:
    link = make_link(api, account, longUrl="https://example.com/t", redirectType=redirect_type)
    response = edge.get(f"/{link['shortCode']}")
    assert response.status_code == redirect_type
    assert response.headers["cache-control"] == cache_control


def test_query_forwarding(api: httpx.Client, edge: httpx.Client, account: Account) -> None:
    plain = make_link(api, account, longUrl="https://example.com/p")
    with_query = make_link(api, account, longUrl="https://example.com/p?a=1#top")
    kept_out = make_link(api, account, longUrl="https://example.com/p?a=1", forwardQuery=False)
    assert (
        edge.get(f"/{plain['shortCode']}?utm_source=x&b=%20").headers["location"]
        == "https://example.com/p?utm_source=x&b=%20"
    )
    assert (
        edge.get(f"/{with_query['shortCode']}?utm=y").headers["location"]
        == "https://example.com/p?a=1&utm=y#top"
    )
    assert (
        edge.get(f"/{kept_out['shortCode']}?utm=y").headers["location"]
        == "https://example.com/p?a=1"
    )


def test_unknown_deleted_and_expired(
    api: httpx.Client, edge: httpx.Client, account: Account, session_stack: Stack
) -> None:
    missing = edge.get("/doesNotExist42")
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("text/html")
    assert b"not found" in missing.content.lower()

    link = make_link(api, account, longUrl="https://example.com/bye")
    assert api.delete(f"/v1/links/{link['id']}", headers=account.headers()).status_code == 204
    gone = edge.get(f"/{link['shortCode']}")
    assert gone.status_code == 410
    assert gone.headers["content-type"].startswith("text/html")

    # Expiry without waiting for it: an edge whose clock is pinned at the moment a link
    # expires (HOP_TEST_EDGE_TIME) finds it gone, and one expiring a second later live.
    expires = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=1)
    expiring = make_link(
        api, account, longUrl="https://example.com/soon", expiresAt=expires.isoformat()
    )
    later = make_link(
        api,
        account,
        longUrl="https://example.com/later",
        expiresAt=(expires + timedelta(seconds=1)).isoformat(),
    )
    assert edge.get(f"/{expiring['shortCode']}").status_code == 302
    pinned = session_stack.start_edge("edge-at-expiry", HOP_TEST_EDGE_TIME=str(expires.timestamp()))
    try:
        with httpx.Client(base_url=pinned.url, timeout=10) as client:
            expired = client.get(f"/{expiring['shortCode']}")
            assert expired.status_code == 410
            assert expired.headers["content-type"].startswith("text/html")
            assert client.get(f"/{later['shortCode']}").status_code == 302
    finally:
        pinned.stop()


def test_paths_methods_and_probes(edge: httpx.Client) -> None:
    assert edge.get("/").status_code == 302
    assert edge.get("/").headers["location"] == "https://landing.example/"
    assert edge.get("/_health").status_code == 200
    for path in ("/a/b", "/a.b", "/" + "x" * 65, "/%0d%0aSet-Cookie:x", "/abc%2F", "/@"):
        assert edge.get(path).status_code == 404, path
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        response = edge.request(method, "/abc")
        assert response.status_code == 405, method
        assert response.headers["allow"] == "GET, HEAD"


def test_changes_reach_the_edge_within_a_second(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(api, account, longUrl="https://example.com/v1")
    code = link["shortCode"]
    assert edge.get(f"/{code}").headers["location"] == "https://example.com/v1"  # now cached

    api.patch(
        f"/v1/links/{link['id']}",
        json={"longUrl": "https://example.com/v2"},
        headers=account.headers(),
    )
    wait_until(
        lambda: edge.get(f"/{code}").headers.get("location") == "https://example.com/v2",
        timeout=1.0,
        every=0.01,
        message="PATCH not visible at the edge within 1 s",
    )

    api.delete(f"/v1/links/{link['id']}", headers=account.headers())
    wait_until(
        lambda: edge.get(f"/{code}").status_code == 410,
        timeout=1.0,
        every=0.01,
        message="DELETE not visible at the edge within 1 s",
    )


def test_new_link_replaces_a_cached_miss(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    alias = f"later-{account.user_id[-10:]}"
    assert edge.get(f"/{alias}").status_code == 404  # the miss is cached
    make_link(api, account, longUrl="https://example.com/later", alias=alias)
    wait_until(lambda: edge.get(f"/{alias}").status_code == 302, timeout=1.0, every=0.01)


def test_location_never_carries_control_characters(edge: httpx.Client, redis_url: str) -> None:
    # The admin refuses such URLs; write one straight into Redis to prove the
    # edge defends itself anyway, and try the visitor's query string too.
    store = redis.Redis.from_url(redis_url)
    code = "injectTest01"
    evil = "https://example.com/a\r\nSet-Cookie: owned=1\x00\x7f\tü"
    store.set(link_key(code), link_entry_encoder.encode(LinkEntry(link_id="lnk_test", url=evil)))
    store.publish("hop:link-changes", code)
    response = edge.get(f"/{code}?q=%0D%0AX-Evil:%201")
    assert response.status_code == 302
    location = response.headers["location"]
    assert "\r" not in location
    assert "\n" not in location
    assert "set-cookie" not in response.headers
    assert "x-evil" not in response.headers
    assert all(0x21 <= ord(char) <= 0x7E for char in location)
    assert location.startswith("https://example.com/a%0D%0ASet-Cookie:%20owned=1%00%7F%09%C3%BC")
    assert location.endswith("?q=%0D%0AX-Evil:%201")


def test_head_answers_without_a_body(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(api, account, longUrl="https://example.com/head")
    response = edge.head(f"/{link['shortCode']}")
    assert response.status_code == 302
    assert response.headers["location"] == "https://example.com/head"
    assert response.content == b""


def test_the_default_codes_answer_on_the_short_host_only(
    api: httpx.Client, edge: httpx.Client, account: Account, edge_url: str
) -> None:
    """A host nobody verified (a brand's deleted custom domain whose DNS still points here)
    never reaches the default codes any account can claim."""
    link = make_link(api, account, longUrl="https://example.com/default-only")
    code = link["shortCode"]
    short = httpx.URL(edge_url)
    for host in (
        f"{short.host}:{short.port}",
        short.host,
        f"{short.host.upper()}:{short.port}",
        f"{short.host}.:{short.port}",
        f"{short.host}:443",
    ):
        answer = edge.head(f"/{code}", headers={"host": host})
        assert answer.status_code == 302, host
        assert answer.headers["location"] == "https://example.com/default-only"
    for host in ("sale.brand.example", "sale.brand.example:443", "localhost", "[::1]:8080", ""):
        headers = {"host": host}
        for path in (f"/{code}", "/", "/@someone", f"/test/{code}", "/nothing-here"):
            for method in ("GET", "HEAD", "POST"):
                answer = edge.request(method, path, headers=headers)
                assert answer.status_code == 404, (host, path, method)
                assert "location" not in answer.headers
        # Load balancers probe by address: liveness answers whatever the host.
        assert edge.get("/_health", headers=headers).text == "ok"


def test_the_short_host_aliases_answer_the_default_codes(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    link = make_link(api, account, longUrl="https://example.com/aliased")
    code = link["shortCode"]
    aliased = session_stack.start_edge(
        "edge-aliases", HOP_SHORT_HOST_ALIASES="go.alias.test, 10.9.8.7,[::1]"
    )
    try:
        with httpx.Client(base_url=aliased.url, timeout=10) as client:
            for host in ("go.alias.test", "GO.Alias.test:8443", "10.9.8.7:80", "[::1]:8080"):
                answer = client.head(f"/{code}", headers={"host": host})
                assert answer.status_code == 302, host
                assert answer.headers["location"] == "https://example.com/aliased"
            assert client.head(f"/{code}", headers={"host": "go.other.test"}).status_code == 404
    finally:
        aliased.stop()


def test_an_edge_that_has_not_read_the_domains_answers_other_hosts_503(
    session_stack: Stack,
) -> None:
    """It does not know whether a host is a customer's (Redis is away): 503, never the
    default host's answer; its own host and liveness still answer."""
    blind = session_stack.start_edge(
        "edge-blind", HOP_REDIS_URL=f"redis://127.0.0.1:{free_port()}/0"
    )
    try:
        with httpx.Client(base_url=blind.url, timeout=10) as client:
            assert client.get("/").status_code == 302  # the landing page needs no Redis
            unknown = client.get("/", headers={"host": "go.brand.example"})
            assert unknown.status_code == 503
            assert unknown.headers["retry-after"] == "1"
            assert client.get("/_health", headers={"host": "10.1.2.3:8080"}).text == "ok"
    finally:
        blind.stop()
