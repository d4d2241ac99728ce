"""Deep links (issue 30, docs/api.md#deep-links): a link's or a rule's appUrl opened by a
tiny page for visitors on iOS and Android, through the real admin, edge and worker."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

import httpx

from edge.applinks import SCRIPT_HASH
from tests.support.accounts import Account
from tests.support.api import make_link, problem_fields
from tests.support.clicks import USER_AGENTS, wait_for_clicks
from tests.support.processes import HopProcess

IPHONE = USER_AGENTS["iphone_safari"]
ANDROID = USER_AGENTS["android_chrome"]
WINDOWS = USER_AGENTS["windows_edge"]
MAC = USER_AGENTS["macos_firefox"]
GOOGLEBOT_PHONE = (
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, "
    "like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; "
    "+http://www.google.com/bot.html)"
)
WHATSAPP = "WhatsApp/2.23.20.0 A"
IOS_STORE = "https://apps.apple.com/app/id123"
ANDROID_STORE = "https://play.google.com/store/apps/details?id=com.example"


def _visit(edge: httpx.Client, path: str, agent: str, **headers: str) -> httpx.Response:
    return edge.get(path, headers={"User-Agent": agent, **headers})


def _hrefs(page: httpx.Response) -> tuple[str, str]:
    """(the app link, the fallback) the page names, unescaped."""
    app = re.search(r'<a id=app href="([^"]*)"', page.text)
    go = re.search(r'<a id=go href="([^"]*)"', page.text)
    assert app, page.text
    assert go, page.text
    return html.unescape(app[1]), html.unescape(go[1])


def _assert_app_page(page: httpx.Response) -> None:
    assert page.status_code == 200, page.text
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["cache-control"] == "no-store"
    policy = page.headers["content-security-policy"]
    assert f"script-src '{SCRIPT_HASH}'" in policy
    assert policy.startswith("default-src 'none';")
    assert page.headers["x-robots-tag"] == "noindex"
    assert "location" not in page.headers
    # Nothing external: no src= at all, one script, inline.
    assert " src=" not in page.text
    assert page.text.count("<script>") == 1


def test_phones_get_the_page_desktops_and_bots_the_redirect(
    api: httpx.Client, edge: httpx.Client, account: Account, worker: HopProcess, database_url: str
) -> None:
    app_url = 'myapp://item/42?q="x"&t=</script><b>'
    link = make_link(
        api,
        account,
        longUrl="https://example.com/item/42",
        appUrl=app_url,
        iosUrl=IOS_STORE,
        androidUrl=ANDROID_STORE,
    )
    assert (link["appUrl"], link["iosUrl"], link["androidUrl"]) == (
        app_url,
        IOS_STORE,
        ANDROID_STORE,
    )
    path = f"/{link['shortCode']}"

    iphone = _visit(edge, path, IPHONE)
    _assert_app_page(iphone)
    assert "</script><b>" not in iphone.text.split("<script>")[0]  # escaped in the attribute
    assert _hrefs(iphone) == (app_url, IOS_STORE)
    assert f'content="2;url={html.escape(IOS_STORE)}"' in iphone.text  # the no-JS fallback

    android = _visit(edge, path, ANDROID)
    _assert_app_page(android)
    app, fallback = _hrefs(android)
    assert fallback == ANDROID_STORE
    assert app == (
        'intent://item/42?q="x"&t=</script><b>#Intent;scheme=myapp;'
        f"S.browser_fallback_url={quote(ANDROID_STORE, safe='')};end"
    )

    for agent in (WINDOWS, MAC, GOOGLEBOT_PHONE, WHATSAPP):
        answer = _visit(edge, path, agent)
        assert answer.status_code == 302, agent
        assert answer.headers["location"] == "https://example.com/item/42"

    # HEAD is a probe: the page's status and headers, no click.
    probe = edge.head(path, headers={"User-Agent": IPHONE})
    assert probe.status_code == 200
    assert probe.headers["content-security-policy"] == iphone.headers["content-security-policy"]

    # The page's load is the click, once each: iPhone, Android, four redirects; no HEAD.
    assert wait_for_clicks(database_url, [link["id"]], 6) == 6


def test_without_a_store_the_page_falls_back_to_the_destination(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/article",
        appUrl="https://app.example.com/article?id=7",  # a universal / app link
        utm={"source": "hop"},
    )
    path = f"/{link['shortCode']}"
    for agent in (IPHONE, ANDROID):
        page = _visit(edge, f"{path}?ref=mail", agent)
        _assert_app_page(page)
        # An https app link is opened as it is on Android too; the fallback is the
        # destination with the link's UTM and the visit's query, as the redirect's.
        assert _hrefs(page) == (
            "https://app.example.com/article?id=7",
            "https://example.com/article?utm_source=hop&ref=mail",
        )
        assert "Continue to the website" in page.text


def test_a_rules_own_app_url_and_the_links(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/home",
        appUrl="myapp://home",
        androidUrl=ANDROID_STORE,
        rules=[
            {
                "when": {"language": ["de"]},
                "url": "https://example.com/de",
                "appUrl": "deapp://start",
                "iosUrl": "https://apps.apple.com/de/app/id9",
            },
            {"when": {"language": ["fr"]}, "url": "https://example.com/fr"},
        ],
    )
    assert link["rules"][0]["appUrl"] == "deapp://start"
    assert "appUrl" not in link["rules"][1]
    path = f"/{link['shortCode']}"
    german = {"Accept-Language": "de-DE,de;q=0.9"}
    # The rule's app, its own iOS store; on Android the link's store (the rule has none).
    assert _hrefs(_visit(edge, path, IPHONE, **german)) == (
        "deapp://start",
        "https://apps.apple.com/de/app/id9",
    )
    app, fallback = _hrefs(_visit(edge, path, ANDROID, **german))
    assert app.startswith("intent://start#Intent;scheme=deapp;")
    assert fallback == ANDROID_STORE
    # A rule without an app URL picks the web fallback; the link's app still opens.
    assert _hrefs(_visit(edge, path, IPHONE, **{"Accept-Language": "fr"})) == (
        "myapp://home",
        "https://example.com/fr",
    )
    desktop = _visit(edge, path, WINDOWS, **german)
    assert desktop.headers["location"] == "https://example.com/de"


def test_stores_without_an_app_url_redirect_like_an_app_qr_code(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/get",
        iosUrl=IOS_STORE,
        rules=[{"when": {"language": ["de"]}, "url": "https://e.de", "appUrl": "deapp://x"}],
    )
    path = f"/{link['shortCode']}"
    store = _visit(edge, path, IPHONE)
    assert (store.status_code, store.headers["location"]) == (302, IOS_STORE)
    assert _visit(edge, path, ANDROID).headers["location"] == "https://example.com/get"
    # The stores are OS rules here, first: an iPhone goes to the store even in German;
    # an Android phone in German gets the rule's app (falling back to its url).
    assert _visit(edge, path, IPHONE, **{"Accept-Language": "de"}).status_code == 302
    page = _visit(edge, path, ANDROID, **{"Accept-Language": "de"})
    _assert_app_page(page)
    assert _hrefs(page)[1] == "https://e.de"


def test_patch_sets_and_clears_the_app_url_and_the_sandbox_says_noindex(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(api, account, longUrl="https://example.com/p")
    path = f"/{link['shortCode']}"
    assert _visit(edge, path, IPHONE).status_code == 302
    patched = api.patch(
        f"/v1/links/{link['id']}", json={"appUrl": "myapp://p"}, headers=account.headers()
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["appUrl"] == "myapp://p"
    _assert_app_page(_visit(edge, path, IPHONE))
    cleared = api.patch(f"/v1/links/{link['id']}", json={"appUrl": None}, headers=account.headers())
    assert cleared.json()["appUrl"] is None
    assert _visit(edge, path, IPHONE).status_code == 302

    sandbox = api.post(
        "/v1/links",
        json={"longUrl": "https://example.com/s", "appUrl": "myapp://s"},
        headers=account.headers("test"),
    )
    assert sandbox.status_code == 201, sandbox.text
    page = _visit(edge, f"/test/{sandbox.json()['shortCode']}", IPHONE)
    _assert_app_page(page)
    assert _hrefs(page) == ("myapp://s", "https://example.com/s")


def test_bad_app_and_store_urls_answer_422(
    api: httpx.Client, account: Account, edge_url: str
) -> None:
    bad = {
        "javascript:alert(1)": "appUrl",
        "JavaScript:alert(1)": "appUrl",
        "data:text/html,<script>alert(1)</script>": "appUrl",
        "vbscript:msgbox": "appUrl",
        "file:///etc/passwd": "appUrl",
        "blob:https://e.com/x": "appUrl",
        "myapp://item\n42": "appUrl",
        " myapp://x": "appUrl",
        "no-scheme-here": "appUrl",
        "myapp:": "appUrl",
        "myapp://" + "x" * 2050: "appUrl",
        f"{edge_url}/abc": "appUrl",  # a web app link that is one of our short links
    }
    for app_url in bad:
        response = api.post(
            "/v1/links",
            json={"longUrl": "https://example.com/x", "appUrl": app_url},
            headers=account.headers(),
        )
        assert problem_fields(response) == {"appUrl"}, app_url
    response = api.post(
        "/v1/links",
        json={
            "longUrl": "https://example.com/x",
            "iosUrl": "ftp://apps.example.com/x",
            "androidUrl": f"{edge_url}/loop",
            "rules": [
                {
                    "when": {"os": ["ios"]},
                    "url": "https://example.com/r",
                    "iosUrl": "https://apps.apple.com/x",
                },
                {"when": {"os": ["android"]}, "url": "https://e.com", "appUrl": "data:x,y"},
            ],
        },
        headers=account.headers(),
    )
    assert problem_fields(response) == {
        "iosUrl",
        "androidUrl",
        "rules[0].iosUrl",
        "rules[1].appUrl",
    }
    link = make_link(api, account, longUrl="https://example.com/x")
    patched = api.patch(
        f"/v1/links/{link['id']}",
        json={"appUrl": "javascript:void(0)", "iosUrl": "not a url"},
        headers=account.headers(),
    )
    assert problem_fields(patched) == {"appUrl", "iosUrl"}


def test_a_protected_deep_link_opens_the_app_once_unlocked(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(
        api,
        account,
        longUrl="https://example.com/secret-app",
        appUrl="myapp://secret",
        iosUrl=IOS_STORE,
        password="open sesame",
    )
    path = f"/{link['shortCode']}"
    form = _visit(edge, path, IPHONE)
    assert "<label for=pw>Password</label>" in form.text
    assert "myapp" not in form.text  # nothing of the link before its password
    right = edge.post(path, data={"password": "open sesame"}, headers={"User-Agent": IPHONE})
    _assert_app_page(right)  # the form's answer is the page, with the access cookie
    assert right.headers["set-cookie"].startswith(f"hop_pw_{link['shortCode']}=")
    assert _hrefs(right) == ("myapp://secret", IOS_STORE)
    cookie = right.headers["set-cookie"].split(";", 1)[0]
    again = _visit(edge, path, IPHONE, Cookie=cookie)
    assert _hrefs(again) == ("myapp://secret", IOS_STORE)
    desktop = edge.post(path, data={"password": "open sesame"}, headers={"User-Agent": WINDOWS})
    assert (desktop.status_code, desktop.headers["location"]) == (
        303,
        "https://example.com/secret-app",
    )
