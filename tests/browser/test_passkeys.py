"""Passkeys in real Chromium with virtual authenticators (the DevTools protocol's
WebAuthn domain): add two on the account page, sign out, sign in with one (no e-mail,
no password), remove the other; and the refusals: a replayed answer, a forged
sign-in cookie, another origin, another RP, an unknown credential, a cloned
authenticator whose counter went back, a malformed body.

The passkeys admin's HOP_BASE_URL names ``localhost``: an RP id is a domain, never an
address, so the browser refuses WebAuthn on http://127.0.0.1 (``localhost`` is a secure
context over plain HTTP, as 127.0.0.1 is). It shares the browser stack's database, Redis
and worker (whose mail goes to the SMTP sink).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.steps import new_account, sign_in
from tests.support.browser import assert_accessible, shoot
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack
from tests.support.waiting import wait_for

pytestmark = pytest.mark.browser

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}

# What static/passkeys.js does, step by step, so a test can tamper between the steps:
# ask for sign-in options, call the authenticator, return its answer as JSON.
_ASSERT = """async () => {
  const b = (t) => Uint8Array.from(atob(t.replace(/-/g, '+').replace(/_/g, '/')
      + '='.repeat((4 - t.length % 4) % 4)), c => c.charCodeAt(0)).buffer;
  const s = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf)))
      .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const token = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token'];
  const r = await fetch('/login/passkey/options', {method: 'POST', body: '{}',
      headers: {'Content-Type': 'application/json', 'X-CSRF-Token': token}});
  const options = await r.json();
  options.challenge = b(options.challenge);
  const c = await navigator.credentials.get({publicKey: options});
  return {id: c.id, rawId: s(c.rawId), type: c.type, clientExtensionResults: {},
          response: {clientDataJSON: s(c.response.clientDataJSON),
                     authenticatorData: s(c.response.authenticatorData),
                     signature: s(c.response.signature),
                     userHandle: s(c.response.userHandle)}};
}"""

_VERIFY = """async (body) => {
  const token = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token'];
  const r = await fetch('/login/passkey/verify', {method: 'POST', body: body,
      headers: {'Content-Type': 'application/json', 'X-CSRF-Token': token}});
  return {status: r.status, type: r.headers.get('content-type'), body: await r.text()};
}"""


@pytest.fixture(scope="module")
def passkey_admin(web: Stack) -> str:
    """A second admin of the browser stack whose HOP_BASE_URL is on ``localhost``."""
    admin = web.start_admin("passkeys", base_host="localhost")
    return admin.url  # stopped with the stack


@pytest.fixture
def pk_context(chromium: Any, passkey_admin: str) -> Iterator[Any]:
    context = chromium.new_context(
        base_url=passkey_admin, viewport={"width": 1280, "height": 800}, bypass_csp=True
    )
    context.set_default_timeout(15_000)
    yield context
    context.close()


@pytest.fixture
def pk_page(pk_context: Any) -> Any:
    return pk_context.new_page()


class Authenticators:
    """The page's virtual authenticators, through a DevTools session."""

    def __init__(self, context: Any, page: Any) -> None:
        self.cdp = context.new_cdp_session(page)
        self.cdp.send("WebAuthn.enable", {"enableUI": False})

    def add(self) -> str:
        found = self.cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
        return str(found["authenticatorId"])

    def remove(self, authenticator: str) -> None:
        self.cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": authenticator})

    def credentials(self, authenticator: str) -> list[dict[str, Any]]:
        found = self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
        return list(found["credentials"])

    def holding(self, credential: dict[str, Any], **changes: Any) -> str:
        """A new authenticator holding a copy of ``credential`` (a clone)."""
        authenticator = self.add()
        self.cdp.send(
            "WebAuthn.addCredential",
            {"authenticatorId": authenticator, "credential": {**credential, **changes}},
        )
        return authenticator


def _add_passkey(page: Any, name: str) -> None:
    page.goto("/account")
    form = page.locator("form[data-passkey-add]")
    form.get_by_label("Name of the new passkey").fill(name)
    form.get_by_role("button", name="Add a passkey").click()
    page.wait_for_selector(f"input[value='{name}'], [data-passkey-error]:not([hidden])")
    error = page.locator("[data-passkey-error]")
    assert not error.is_visible(), error.text_content()


def _sign_out(page: Any) -> None:
    page.get_by_role("banner").get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/login?notice=signed-out")


def _sign_in_count(web: Stack, user_id: str) -> dict[str, tuple[int, bool]]:
    rows = web.sql(
        "SELECT name, sign_count, last_used_at IS NOT NULL FROM passkeys WHERE user_id = %s",
        user_id,
    )
    return {str(name): (int(count), bool(used)) for name, count, used in rows}


def _mail_subjects(smtp: SmtpSink, email: str) -> list[str]:
    return [str(m["Subject"]) for m in list(smtp.messages) if m["To"] == email]


def test_two_passkeys_added_one_signs_in_the_other_removed(
    pk_context: Any, pk_page: Any, web: Stack, smtp_sink: SmtpSink
) -> None:
    page = pk_page
    account = new_account(web)
    authenticators = Authenticators(pk_context, page)
    sign_in(page, account.email)

    laptop = authenticators.add()
    _add_passkey(page, "Laptop")
    saved = authenticators.credentials(laptop)
    assert len(saved) == 1
    assert saved[0]["isResidentCredential"]
    authenticators.remove(laptop)
    phone = authenticators.add()
    _add_passkey(page, "Phone")
    authenticators.remove(phone)
    assert set(_sign_in_count(web, account.user_id)) == {"Laptop", "Phone"}
    page.goto("/account")
    shoot(page, "passkeys-account")
    assert_accessible(page, "passkeys-account")

    # Signed out, the login page offers the passkey; the laptop's authenticator signs in.
    _sign_out(page)
    again = authenticators.holding(saved[0])
    button = page.get_by_role("button", name="Sign in with a passkey")
    assert button.is_visible()
    shoot(page, "passkeys-login")
    button.click()
    page.wait_for_url(lambda url: "/login" not in url)
    counts = _sign_in_count(web, account.user_id)
    assert counts["Laptop"][1] is True
    assert counts["Phone"][1] is False
    assert counts["Laptop"][0] >= 1
    authenticators.remove(again)

    # The account page lists both; the phone's is removed (the form asks first).
    page.goto("/account")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Remove passkey Phone").click()
    page.wait_for_url("**/account*")
    assert set(_sign_in_count(web, account.user_id)) == {"Laptop"}
    assert page.get_by_text("Passkey Phone removed").is_visible()
    page.get_by_label("Name of passkey Laptop").fill("Work laptop")
    page.get_by_role("button", name="Rename passkey Laptop").click()
    page.wait_for_selector("input[value='Work laptop']")
    shoot(page, "passkeys-after-removal")

    # Audited in the person's workspace, e-mailed: two added, one removed.
    actions = web.sql(
        "SELECT action FROM audit_log WHERE workspace_id = %s AND action LIKE 'passkey.%%'",
        account.workspace_id,
    )
    assert sorted(a for (a,) in actions) == ["passkey.added", "passkey.added", "passkey.removed"]

    def mails() -> list[str]:
        return _mail_subjects(smtp_sink, account.email)

    subjects = wait_for(
        mails, lambda got: sum("passkey" in s for s in got) >= 3, timeout=30, message="mails"
    )
    assert sum("was added" in s for s in subjects) == 2
    assert sum("was removed" in s for s in subjects) == 1


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _client_data(answer: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data = json.loads(_unb64(answer["response"]["clientDataJSON"]))
    data.update(changes)
    encoded = _b64(json.dumps(data).encode())
    return {**answer, "response": {**answer["response"], "clientDataJSON": encoded}}


def _post(page: Any, body: Any) -> dict[str, Any]:
    text = body if isinstance(body, str) else json.dumps({"credential": body})
    result: dict[str, Any] = page.evaluate(_VERIFY, text)
    return result


def test_sign_in_refusals(pk_context: Any, pk_page: Any, web: Stack) -> None:
    page = pk_page
    account = new_account(web)
    authenticators = Authenticators(pk_context, page)
    sign_in(page, account.email)
    own = authenticators.add()
    _add_passkey(page, "Key")
    saved = authenticators.credentials(own)[0]
    _sign_out(page)

    # A replayed answer: the challenge was spent by the first use.
    answer = page.evaluate(_ASSERT)
    first = _post(page, answer)
    assert first["status"] == 200, first
    page.context.clear_cookies()
    page.goto("/login")
    second = _post(page, answer)
    assert second["status"] == 401, second
    assert "problem+json" in second["type"], second

    # The same answer with the challenge cookie of another sign-in: its challenge differs.
    page.evaluate(_ASSERT)  # a fresh challenge and cookie, this answer unused
    replayed = _post(page, answer)
    assert replayed["status"] == 401, replayed

    # A forged cookie: not this server's signature.
    fresh = page.evaluate(_ASSERT)
    cookie = next(c for c in page.context.cookies() if c["name"] == "hop_passkey")
    page.context.add_cookies([{**cookie, "value": cookie["value"][:-4] + "AAAA"}])
    assert _post(page, fresh)["status"] == 401

    # Another origin, another RP (the client data says so), another kind of ceremony.
    for changes in ({"origin": "http://evil.localhost:1"}, {"type": "webauthn.create"}):
        forged = _client_data(page.evaluate(_ASSERT), **changes)
        refused = _post(page, forged)
        assert refused["status"] == 401, (changes, refused)
        assert "could not be verified" in refused["body"]
    other_rp = page.evaluate(_ASSERT)
    auth_data = bytearray(_unb64(other_rp["response"]["authenticatorData"]))
    auth_data[:32] = b"\x00" * 32  # the RP id's hash: not localhost's
    other_rp["response"]["authenticatorData"] = _b64(bytes(auth_data))
    assert _post(page, other_rp)["status"] == 401

    # An unknown credential (removed, or another site's).
    unknown = page.evaluate(_ASSERT)
    unknown["id"] = unknown["rawId"] = _b64(b"\x01" * 32)
    refused = _post(page, unknown)
    assert refused["status"] == 401, refused
    assert "not registered" in refused["body"], refused

    # A malformed body: 400 problem+json, never a 500.
    page.evaluate(_ASSERT)
    for body in ("{", json.dumps({"credential": {"id": "x"}}), json.dumps({"other": 1})):
        malformed = _post(page, body)
        assert 400 <= malformed["status"] < 500, (body, malformed)

    # A clone of the authenticator whose counter is behind the stored one: refused.
    authenticators.remove(own)
    count = _sign_in_count(web, account.user_id)["Key"][0]
    assert count >= 1
    clone = authenticators.holding(saved, signCount=0)
    cloned = _post(page, page.evaluate(_ASSERT))
    assert cloned["status"] == 401, cloned
    assert "sign count" in cloned["body"], cloned
    authenticators.remove(clone)
    assert _sign_in_count(web, account.user_id)["Key"][0] == count


def test_without_javascript_the_passkey_buttons_stay_hidden(
    chromium: Any, passkey_admin: str, web: Stack
) -> None:
    context = chromium.new_context(base_url=passkey_admin, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/login")
        assert not page.get_by_role("button", name="Sign in with a passkey").is_visible()
        account = new_account(web)
        sign_in(page, account.email)
        page.goto("/account")
        assert not page.get_by_role("button", name="Add a passkey").is_visible()
    finally:
        context.close()
