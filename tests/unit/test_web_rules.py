"""The dashboard's small rules: where a sign-in may send you, cookies, CSRF tokens,
what an unverified account may do, account input."""

from __future__ import annotations

import pytest

from admin.accounts.rules import check_email, check_password
from admin.auth.scopes import ALL_SCOPES, READ_SCOPES, for_account
from admin.web.cookies import CookiePolicy, read_cookie
from admin.web.csrf import Csrf, origin_of
from admin.web.forms import plain
from admin.web.page import login_url, safe_next
from admin.wording import plural, size


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        (None, "/"),
        ("", "/"),
        ("/keys", "/keys"),
        ("/?q=a&tag=b", "/?q=a&tag=b"),
        ("//evil.example/", "/"),
        ("/\\evil.example", "/"),
        ("https://evil.example/", "/"),
        ("keys", "/"),
        ("/a\r\nSet-Cookie: x=1", "/"),
    ],
)
def test_after_sign_in_only_paths_of_this_site(target: str | None, expected: str) -> None:
    assert safe_next(target) == expected


def test_login_url_keeps_the_page_asked_for() -> None:
    assert login_url("/") == "/login"
    assert login_url("/keys") == "/login?next=/keys"
    assert login_url("/?q=a b") == "/login?next=/%3Fq%3Da%20b"


def test_cookies_are_secure_with_the_host_prefix_under_https() -> None:
    plain, secure = (
        CookiePolicy("http://127.0.0.1:8000", 3600),
        CookiePolicy("https://hop.example", 3600),
    )
    assert (plain.session, plain.secure) == ("hop_session", False)
    assert (secure.session, secure.csrf, secure.secure) == (
        "__Host-hop_session",
        "__Host-hop_csrf",
        True,
    )
    header = secure.session_cookie("abc").to_header(header="")
    assert {"Secure", "HttpOnly", "Path=/", "SameSite=lax"} <= {
        p.strip() for p in header.split(";")
    }
    assert "Domain" not in header  # __Host- cookies must have none
    assert "Max-Age=3600" in header
    assert "Secure" not in plain.session_cookie("abc").to_header(header="")


def test_read_cookie_finds_the_named_one() -> None:
    scope = {"headers": [(b"cookie", b"a=1; hop_session=xyz; b=2")]}
    assert read_cookie(scope, "hop_session") == "xyz"
    assert read_cookie(scope, "missing") is None
    assert read_cookie({"headers": []}, "hop_session") is None


def test_anonymous_csrf_tokens_are_bound_to_the_cookie_and_the_key() -> None:
    cookies = CookiePolicy("http://127.0.0.1:8000", 3600)
    one = Csrf(b"k" * 40, cookies, "http://127.0.0.1:8000")
    other = Csrf(b"q" * 40, cookies, "http://127.0.0.1:8000")
    token = one.anonymous_token("cookie-value")
    assert token == one.anonymous_token("cookie-value")
    assert token != one.anonymous_token("another-cookie")
    assert token != other.anonymous_token("cookie-value")  # a made-up key cannot forge it
    assert token != "cookie-value"
    scope = {"headers": [(b"cookie", b"hop_csrf=cookie-value")]}
    assert one.expected(scope) == token
    assert one.expected({"headers": []}) is None


def test_origin_of_the_base_url() -> None:
    assert origin_of("https://Hop.Example/path") == "https://hop.example"
    assert origin_of("http://127.0.0.1:8000") == "http://127.0.0.1:8000"


def test_an_unverified_account_keeps_only_read_scopes() -> None:
    assert for_account(ALL_SCOPES, verified=True) == frozenset(ALL_SCOPES)
    assert for_account(ALL_SCOPES, verified=False) == READ_SCOPES
    assert for_account(["links:write"], verified=False) == frozenset()


@pytest.mark.parametrize(
    "email",
    ["a@example.com", "first.last+tag@sub.example.org"],
)
def test_good_addresses(email: str) -> None:
    assert check_email(email) == []


@pytest.mark.parametrize(
    "email",
    [
        "",
        "plain",
        "a@b",
        "a b@example.com",
        "a@example.com\r\nBcc: x@y.z",
        "a@b@example.com",
        "<a@example.com>",
        "a@example.com,b@example.com",
        "x" * 250 + "@example.com",
    ],
)
def test_bad_addresses_are_refused(email: str) -> None:
    assert [error.field for error in check_email(email)] == ["email"]


def test_password_bounds() -> None:
    assert check_password("password", "12345678") == []
    assert check_password("password", "1234567")[0].message == "must be at least 8 characters"
    assert check_password("password", "x" * 1025)[0].message == "must be at most 1024 characters"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Expected `str` of length >= 3", "must be at least 3 characters"),
        ("Expected `str` of length <= 64", "must be at most 64 characters"),
        ("Expected `str` matching regex '^[A-Za-z0-9_-]+$'", "has characters that are not allowed"),
        ("Expected `array` of length <= 20", "must have at most 20 entries"),
        ("Expected `str` of length >= 1", "is required"),  # not "at least 1 characters"
        ("Expected `str` of length <= 1", "must be at most 1 character"),
        ("Expected `array` of length >= 1", "must have at least one entry"),
        ("Expected `str` of length <= 2048", "must be at most 2,048 characters"),
        ("Invalid enum value 'prod'", "is not one of the choices"),
        ("must be in the future", "must be in the future"),
    ],
)
def test_decoder_messages_read_plainly_on_pages(message: str, expected: str) -> None:
    assert plain(message) == expected


def test_counts_and_sizes_read_as_words() -> None:
    assert plural(1, "click") == "1 click"
    assert plural(0, "click") == "0 clicks"
    assert plural(1500, "entry", "entries") == "1,500 entries"
    assert size(1048576) == "1 MiB"  # not "1048576 bytes"
    assert size(256 * 1024) == "256 KiB"
    assert size(1000) == "1,000 bytes"
    assert size(1) == "1 byte"
