"""Password-protected links as an attacker meets them at a real edge: crawlers asking for a
preview, guesses sent all at once, a flagged protected link. Nothing of a protected link's
destinations leaves the edge before its password (docs/api.md#password-protected-links)."""

from __future__ import annotations

import asyncio
import html
import re
import time
from typing import Any

import httpx

from edge.unlock import PASSWORD_TRIES, PASSWORD_WINDOW_SECONDS
from edge.visitors import PREVIEW_BOTS
from tests.support.accounts import Account
from tests.support.api import make_link
from tests.support.clicks import USER_AGENTS

WINDOWS = USER_AGENTS["windows_edge"]
IPHONE = USER_AGENTS["iphone_safari"]
WARN_URL = "http://3232235777/download?file=invoice.pdf"  # an encoded IP: warn
PASSWORD = "open sesame"


def _destinations(tag: str) -> dict[str, Any]:
    """Every kind of destination a link has, each on a host naming ``tag``."""
    return {
        "longUrl": f"https://long-{tag}.example/secret",
        "rules": [
            {"when": {"os": ["ios"]}, "url": f"https://rule-ios-{tag}.example/r"},
            {"when": {"device": ["desktop"]}, "url": f"https://rule-desk-{tag}.example/r"},
        ],
        "variants": [
            {"url": f"https://variant-a-{tag}.example/a", "weight": 50},
            {"url": f"https://variant-b-{tag}.example/b", "weight": 50},
        ],
        "expiredUrl": f"https://expired-{tag}.example/e",
    }


def _leaks(response: httpx.Response, tag: str) -> list[str]:
    """Header values and body text that name any destination of ``tag``'s link."""
    texts = [f"{name}: {value}" for name, value in response.headers.items()]
    texts.append(response.text)
    return [text[:200] for text in texts if tag in text]


def test_crawlers_get_no_destination_of_a_protected_link(
    api: httpx.Client, edge: httpx.Client, account: Account, edge_url: str
) -> None:
    tag = f"pw{account.user_id[-8:].lower()}"
    preview = {"title": "Members only", "description": "A <secret> thing"}
    with_preview = make_link(api, account, password=PASSWORD, preview=preview, **_destinations(tag))
    without_preview = make_link(api, account, password=PASSWORD, **_destinations(tag))
    flagged = make_link(
        api,
        account,
        password=PASSWORD,
        preview=preview,
        **{**_destinations(tag), "longUrl": f"http://3232235777/{tag}"},
    )
    assert flagged["safety"]["verdict"] == "warn"
    sandbox = api.post(
        "/v1/links",
        json={"password": PASSWORD, "preview": preview, **_destinations(tag)},
        headers=account.headers("test"),
    )
    assert sandbox.status_code == 201, sandbox.text
    paths = {
        f"/{with_preview['shortCode']}": with_preview,
        f"/{without_preview['shortCode']}": without_preview,
        f"/{flagged['shortCode']}": flagged,
        f"/test/{sandbox.json()['shortCode']}": sandbox.json(),
    }
    for bot in PREVIEW_BOTS:
        user_agent = f"Mozilla/5.0 (compatible; {bot}/1.0; +https://bot.example)"
        for path, link in paths.items():
            for query in ("", "?utm_source=chat"):
                answer = edge.get(path + query, headers={"User-Agent": user_agent})
                assert answer.status_code == 200, (bot, path)
                assert "location" not in answer.headers
                assert _leaks(answer, tag) == [], (bot, path)
                if link["preview"]:  # the unfurl names the short URL and nothing else
                    assert "Members only" in answer.text, (bot, path)
                    short_url = html.escape(f"{edge_url}{path}")
                    assert f'<meta property="og:url" content="{short_url}">' in answer.text
                    assert f'<a href="{short_url}">' in answer.text
                    assert "&lt;secret&gt;" in answer.text
                else:
                    assert "Password required" in answer.text, (bot, path)
            head = edge.head(path, headers={"User-Agent": user_agent})
            assert "location" not in head.headers, (bot, path)
    # A person without the cookie: the form, nothing else, whatever the rules say.
    for user_agent in (WINDOWS, IPHONE):
        for path in paths:
            form = edge.get(path, headers={"User-Agent": user_agent})
            assert form.status_code == 200
            assert "Password required" in form.text
            assert _leaks(form, tag) == [], path


async def _guess_all(edge_url: str, path: str, guesses: int) -> list[int]:
    limits = httpx.Limits(max_connections=guesses, max_keepalive_connections=guesses)
    async with httpx.AsyncClient(base_url=edge_url, timeout=30, limits=limits) as client:
        answers = await asyncio.gather(
            *(client.post(path, data={"password": f"guess {n}"}) for n in range(guesses))
        )
    return [answer.status_code for answer in answers]


def test_concurrent_guesses_are_counted_before_they_are_checked(
    api: httpx.Client, edge: httpx.Client, account: Account, edge_url: str
) -> None:
    # Tries are counted per 10-minute window: a burst that straddles a window's end is
    # run again on a fresh link (it cannot straddle two).
    for _ in range(2):
        window = time.time() // PASSWORD_WINDOW_SECONDS
        link = make_link(api, account, longUrl="https://example.com/vault", password=PASSWORD)
        path = f"/{link['shortCode']}"
        statuses = asyncio.run(_guess_all(edge_url, path, 200))
        right = edge.post(path, data={"password": PASSWORD})
        if time.time() // PASSWORD_WINDOW_SECONDS == window:
            break
    assert set(statuses) <= {401, 429}
    assert statuses.count(401) <= PASSWORD_TRIES
    assert statuses.count(429) >= 200 - PASSWORD_TRIES
    # The window is spent: the right password waits too.
    assert right.status_code == 429
    assert "location" not in right.headers
    assert int(right.headers["retry-after"]) > 0


def test_a_right_password_gives_its_try_back(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    """Visitors behind one address who know the password do not lock each other out."""
    link = make_link(api, account, longUrl="https://example.com/shared", password=PASSWORD)
    path = f"/{link['shortCode']}"
    for _ in range(PASSWORD_TRIES + 5):
        assert edge.post(path, data={"password": PASSWORD}).status_code == 303
    assert edge.post(path, data={"password": "wrong"}).status_code == 401


def _shown(page: httpx.Response) -> str:
    """The destination a warning page names."""
    found = re.search(r'font-family:monospace;[^"]*">([^<]*)</p>', page.text)
    assert found is not None, page.text
    return html.unescape(found[1])


def _continue_href(page: httpx.Response) -> str:
    found = re.search(r'href="(/[^"]+hop_continue=[^"]+)"', page.text)
    assert found is not None
    return html.unescape(found[1])


def test_a_flagged_protected_link_asks_for_the_password_then_warns(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(api, account, longUrl=WARN_URL, password=PASSWORD)
    assert link["safety"]["verdict"] == "warn"
    code = link["shortCode"]
    form = edge.get(f"/{code}?ref=mail", headers={"User-Agent": WINDOWS})
    assert form.status_code == 200
    assert "Password required" in form.text
    assert "3232235777" not in form.text  # the warning (and its destination) comes after
    assert f'action="/{code}?ref=mail"' in form.text

    wrong = edge.post(f"/{code}?ref=mail", data={"password": "nope"})
    assert wrong.status_code == 401
    right = edge.post(f"/{code}?ref=mail", data={"password": PASSWORD})
    assert right.status_code == 303
    assert right.headers["location"] == f"/{code}?ref=mail"  # the warning page, not away
    cookie = right.headers["set-cookie"].split(";", 1)[0]
    edge.cookies.clear()  # sent by hand below, where it is meant to be
    page = edge.get(f"/{code}?ref=mail", headers={"Cookie": cookie, "User-Agent": WINDOWS})
    assert page.status_code == 200
    assert _shown(page) == WARN_URL + "&ref=mail"
    href = _continue_href(page)
    # The continue link opens nothing without the cookie; with it, the destination.
    assert "Password required" in edge.get(href).text
    onward = edge.get(href, headers={"Cookie": cookie, "User-Agent": WINDOWS})
    assert onward.status_code == 302
    assert onward.headers["location"] == WARN_URL + "&ref=mail"


def test_the_warning_page_names_where_continue_leads(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    """A benign longUrl and a rule (or variant) that is not: each visitor is shown the
    destination their continue link redirects them to."""
    ruled = make_link(
        api,
        account,
        longUrl="https://example.com/fine",
        rules=[{"when": {"os": ["ios"]}, "url": WARN_URL}],
    )
    varied = make_link(
        api,
        account,
        longUrl="https://example.com/fine",
        variants=[
            {"url": "https://example.com/a", "weight": 50},
            {"url": "http://3232235778/b", "weight": 50},
        ],
    )
    assert ruled["safety"]["verdict"] == varied["safety"]["verdict"] == "warn"
    iphone = edge.get(f"/{ruled['shortCode']}", headers={"User-Agent": IPHONE})
    assert _shown(iphone) == WARN_URL
    assert "example.com/fine" not in iphone.text
    windows = edge.get(f"/{ruled['shortCode']}", headers={"User-Agent": WINDOWS})
    assert _shown(windows) == "https://example.com/fine"
    seen = set()
    for n in range(12):  # different user agents fall on different variants
        headers = {"User-Agent": f"{WINDOWS} visitor/{n}"}
        for link in (ruled, varied):
            page = edge.get(f"/{link['shortCode']}?n={n}", headers=headers)
            onward = edge.get(_continue_href(page), headers=headers)
            assert onward.status_code == 302
            assert _shown(page) == onward.headers["location"]
            seen.add(onward.headers["location"])
    assert any(location.startswith("http://3232235778/b?n=") for location in seen)
    assert any(location.startswith("https://example.com/a?n=") for location in seen)
