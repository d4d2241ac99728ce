"""Links decided at the edge (targeting, A/B variants, passwords, click limits, previews,
UTM), through the real admin, edge and worker."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import psycopg
import pytest

from tests.support.accounts import Account
from tests.support.api import assert_problem, create_link, make_link, problem_fields
from tests.support.clicks import USER_AGENTS, wait_for_clicks
from tests.support.processes import HopProcess
from tests.support.stack import Stack
from tests.support.waiting import wait_for

IPHONE = USER_AGENTS["iphone_safari"]
ANDROID = USER_AGENTS["android_chrome"]
WINDOWS = USER_AGENTS["windows_edge"]
SLACKBOT = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"


def _visit(edge: httpx.Client, code: str, **headers: str) -> httpx.Response:
    return edge.get(f"/{code}", headers={"User-Agent": WINDOWS, **headers})


@pytest.fixture(scope="module")
def country_edge(session_stack: Stack) -> Iterator[str]:
    """An edge behind a trusted proxy (loopback) that names the country in CF-IPCountry."""
    server = session_stack.start_edge(
        "edge-rules-country",
        HOP_COUNTRY_HEADER="CF-IPCountry",
        HOP_TRUSTED_PROXIES="127.0.0.1/32",
    )
    yield server.url
    server.stop()


def test_rules_route_by_os_device_language_and_country(
    api: httpx.Client, edge: httpx.Client, account: Account, country_edge: str
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/default",
        rules=[
            {
                "when": {"country": ["BR", "PT"], "language": ["pt"]},
                "url": "https://example.com/pt",
            },
            {"when": {"os": ["ios"]}, "url": "https://example.com/ios"},
            {"when": {"device": ["mobile", "tablet"]}, "url": "https://example.com/mobile"},
            {"when": {"language": ["de"]}, "url": "https://example.com/de"},
        ],
    )
    assert link["rules"][0] == {
        "when": {"country": ["BR", "PT"], "language": ["pt"]},
        "url": "https://example.com/pt",
    }
    code = link["shortCode"]
    assert _visit(edge, code).headers["location"] == "https://example.com/default"
    assert _visit(edge, code, **{"User-Agent": IPHONE}).headers["location"] == (
        "https://example.com/ios"
    )
    assert _visit(edge, code, **{"User-Agent": ANDROID}).headers["location"] == (
        "https://example.com/mobile"
    )
    german = _visit(edge, code, **{"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"})
    assert german.headers["location"] == "https://example.com/de"
    assert german.headers["cache-control"] == "no-store"
    # First match wins: a Portuguese iPhone in Brazil gets the first rule.
    brazil = {"User-Agent": IPHONE, "Accept-Language": "pt-BR", "CF-IPCountry": "BR"}
    through_proxy = httpx.get(f"{country_edge}/{code}", headers=brazil)
    assert through_proxy.headers["location"] == "https://example.com/pt"
    # The session's edge trusts no proxy: the header is anyone's word and is ignored.
    assert _visit(edge, code, **brazil).headers["location"] == "https://example.com/ios"
    # The query is still forwarded to whichever destination was picked.
    with_query = edge.get(f"/{code}?ref=x", headers={"User-Agent": IPHONE})
    assert with_query.headers["location"] == "https://example.com/ios?ref=x"


def test_variants_keep_each_visitor_and_count_clicks(
    api: httpx.Client, edge: httpx.Client, account: Account, worker: HopProcess, database_url: str
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/v",
        variants=[
            {"url": "https://example.com/a", "weight": 50},
            {"url": "https://example.com/b", "weight": 50},
        ],
    )
    code = link["shortCode"]
    seen: dict[str, str] = {}
    for n in range(40):
        agent = f"Mozilla/5.0 (Windows NT 10.0) visitor-{n}"
        first = _visit(edge, code, **{"User-Agent": agent}).headers["location"]
        again = _visit(edge, code, **{"User-Agent": agent}).headers["location"]
        assert first == again  # same visitor, same variant
        seen[agent] = first
    assert set(seen.values()) == {"https://example.com/a", "https://example.com/b"}
    assert wait_for_clicks(database_url, [link["id"]], 80) == 80

    def counts() -> list[int]:
        body = api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()
        return [variant["clicks"] for variant in body["variants"]]

    expected = [
        2 * sum(1 for url in seen.values() if url.endswith("/a")),
        2 * sum(1 for url in seen.values() if url.endswith("/b")),
    ]
    assert wait_for(counts, lambda value: value == expected) == expected
    # New variants start counting from zero.
    changed = api.patch(
        f"/v1/links/{link['id']}",
        json={
            "variants": [
                {"url": "https://example.com/c", "weight": 100 - 1},
                {"url": "https://example.com/d", "weight": 1},
            ]
        },
        headers=account.headers(),
    )
    assert changed.status_code == 200, changed.text
    assert [variant["clicks"] for variant in changed.json()["variants"]] == [0, 0]


def test_password_form_cookie_and_wrong_tries(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(api, account, longUrl="https://example.com/secret", password="open sesame")
    assert link["passwordProtected"] is True
    assert "password" not in link
    code = link["shortCode"]
    form = _visit(edge, code)
    assert form.status_code == 200
    assert "form-action 'self'" in form.headers["content-security-policy"]
    assert "<label for=pw>Password</label>" in form.text
    assert f'action="/{code}"' in form.text

    wrong = edge.post(f"/{code}", data={"password": "open sesam"})
    assert wrong.status_code == 401
    assert "role=alert" in wrong.text
    right = edge.post(f"/{code}?ref=mail", data={"password": "open sesame"})
    assert right.status_code == 303
    assert right.headers["location"] == "https://example.com/secret?ref=mail"
    cookie = right.headers["set-cookie"]
    assert cookie.startswith(f"hop_pw_{code}=")
    assert f"Path=/{code}" in cookie
    assert "HttpOnly" in cookie
    value = cookie.split(";", 1)[0].split("=", 1)[1]
    opened = edge.get(f"/{code}", headers={"Cookie": f"hop_pw_{code}={value}"})
    assert opened.status_code == 302
    assert opened.headers["location"] == "https://example.com/secret"
    # A cookie of another link, or a tampered one, opens nothing.
    forged = edge.get(f"/{code}", headers={"Cookie": f"hop_pw_{code}={value[:-2]}xx"})
    assert forged.status_code == 200

    # A new password: the cookies given for the old one stop working.
    api.patch(
        f"/v1/links/{link['id']}", json={"password": "another one"}, headers=account.headers()
    ).raise_for_status()
    stale = edge.get(f"/{code}", headers={"Cookie": f"hop_pw_{code}={value}"})
    assert stale.status_code == 200
    assert "Password required" in stale.text

    # Wrong tries are limited per visitor network: then even the right one waits.
    for _ in range(10):
        assert edge.post(f"/{code}", data={"password": "guess"}).status_code in (401, 429)
    limited = edge.post(f"/{code}", data={"password": "another one"})
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) > 0

    # null removes the password.
    cleared = api.patch(
        f"/v1/links/{link['id']}", json={"password": None}, headers=account.headers()
    ).json()
    assert cleared["passwordProtected"] is False
    assert _visit(edge, code).status_code == 302


def test_click_limit_then_expired_url(
    api: httpx.Client, edge: httpx.Client, account: Account, worker: HopProcess
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/limited",
        maxClicks=3,
        expiredUrl="https://example.com/over",
    )
    plain = make_link(api, account, longUrl="https://example.com/limited-410", maxClicks=1)
    for _ in range(3):
        assert _visit(edge, link["shortCode"]).headers["location"] == "https://example.com/limited"
    assert _visit(edge, plain["shortCode"]).status_code == 302
    over = wait_for(
        lambda: _visit(edge, link["shortCode"]),
        lambda response: response.headers.get("location") == "https://example.com/over",
    )
    assert over.status_code == 302
    assert over.headers["cache-control"] == "no-store"
    wait_for(lambda: _visit(edge, plain["shortCode"]), lambda r: r.status_code == 410)
    body = api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()
    assert body["status"] == "expired"
    assert body["exhaustedAt"] is not None
    assert body["clicks"] >= 3
    # A higher limit brings the link back.
    raised = api.patch(
        f"/v1/links/{link['id']}", json={"maxClicks": 1000}, headers=account.headers()
    ).json()
    assert raised["status"] == "active"
    assert raised["exhaustedAt"] is None
    assert _visit(edge, link["shortCode"]).headers["location"] == "https://example.com/limited"


def test_expired_links_send_visitors_to_the_expired_url(
    api: httpx.Client, edge: httpx.Client, account: Account, database_url: str
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/soon",
        expiredUrl="https://example.com/late",
        expiresAt="2099-01-01T00:00:00Z",
    )
    assert _visit(edge, link["shortCode"]).headers["location"] == "https://example.com/soon"
    with psycopg.connect(database_url) as conn:  # time passes: the expiry is in the past
        conn.execute(
            "UPDATE links SET expires_at = now() - interval '1 minute' WHERE id = %s",
            (link["id"],),
        )
    api.patch(
        f"/v1/links/{link['id']}", json={"title": "rewrite the entry"}, headers=account.headers()
    ).raise_for_status()
    gone = _visit(edge, link["shortCode"])
    assert gone.status_code == 302
    assert gone.headers["location"] == "https://example.com/late"


def test_previews_for_crawlers_and_metadata(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/article",
        title="Spring launch",
        notes="for the newsletter",
        preview={
            "title": "Our <new> thing",
            "description": "It does more",
            "image": "https://cdn.example.com/card.png",
        },
        utm={"source": "newsletter", "medium": "email", "campaign": "spring"},
    )
    assert link["title"] == "Spring launch"
    assert link["notes"] == "for the newsletter"
    assert link["utm"] == {"source": "newsletter", "medium": "email", "campaign": "spring"}
    code = link["shortCode"]
    person = _visit(edge, code)
    assert person.status_code == 302
    assert person.headers["location"] == (
        "https://example.com/article?utm_source=newsletter&utm_medium=email&utm_campaign=spring"
    )
    for bot in (
        SLACKBOT,
        "facebookexternalhit/1.1",
        "Twitterbot/1.0",
        "Mozilla/5.0 (compatible; Discordbot/2.0)",
    ):
        unfurl = _visit(edge, code, **{"User-Agent": bot})
        assert unfurl.status_code == 200, bot
        assert '<meta property="og:title" content="Our &lt;new&gt; thing">' in unfurl.text
        assert 'content="https://cdn.example.com/card.png"' in unfurl.text
        assert "<new>" not in unfurl.text


def test_a_preview_needs_a_title(api: httpx.Client, account: Account) -> None:
    """A missing required field is 400, as everywhere in the API (decisions.md#api)."""
    response = create_link(
        api, account, longUrl="https://example.com/x", preview={"description": "no title"}
    )
    problem = assert_problem(response, 400, "Bad Request")
    assert problem["errors"] == [{"field": "preview.title", "message": "is required"}]


def test_destinations_through_our_own_short_host_are_refused(
    api: httpx.Client, account: Account, edge_url: str
) -> None:
    loop = f"{edge_url}/abc"
    response = create_link(
        api,
        account,
        longUrl="https://example.com/x",
        rules=[{"when": {"os": ["ios"]}, "url": loop}],
        variants=[{"url": loop, "weight": 60}, {"url": "https://b.com", "weight": 40}],
        expiredUrl=loop,
    )
    assert problem_fields(response) >= {"rules[0].url", "variants[0].url", "expiredUrl"}
    link = make_link(api, account, longUrl="https://example.com/x")
    patched = api.patch(
        f"/v1/links/{link['id']}",
        json={"rules": [{"when": {"os": ["android"]}, "url": loop}]},
        headers=account.headers(),
    )
    assert problem_fields(patched) == {"rules[0].url"}


def test_link_events_never_carry_the_password(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    link = make_link(api, account, longUrl="https://example.com/e", password="hunter2hunter2")
    api.patch(
        f"/v1/links/{link['id']}", json={"password": "another-secret"}, headers=account.headers()
    ).raise_for_status()
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT data::text FROM events WHERE data->>'id' = %s", (link["id"],)
        ).fetchall()
        stored = conn.execute(
            "SELECT password_hash, password_verifier FROM links WHERE id = %s", (link["id"],)
        ).fetchone()
    assert len(rows) == 2
    for (data,) in rows:
        assert "hunter2" not in data
        assert "another-secret" not in data
        assert "argon2" not in data
    assert stored is not None
    assert stored[0].startswith("$argon2id$")
    assert "another-secret" not in stored[1]


def test_an_edge_without_the_key_keeps_protected_links_closed(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    server = session_stack.start_edge("edge-no-password-key", HOP_LINK_PASSWORD_KEY=None)
    try:
        link = make_link(api, account, longUrl="https://example.com/k", password="open sesame")
        url = f"{server.url}/{link['shortCode']}"
        assert httpx.get(url).status_code == 200  # the form, never the destination
        assert httpx.post(url, data={"password": "open sesame"}).status_code == 503
    finally:
        server.stop()
