"""The links API's refusals of bad bodies (400) and bad values and features (422, naming
the field), table by table through the admin app in this process
(tests/integration/conftest.py)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.api import assert_problem, create_link, problem_fields


@pytest.mark.parametrize(
    ("body", "content_type", "field"),
    [
        (b"{not json", "application/json", None),
        (b'{"longUrl": "https://example.com"}', "text/plain", None),
        (b'{"longUrl": "https://example.com"}', None, None),
        (b'{"alias": "abcdef"}', "application/json", "longUrl"),
        (b"[]", "application/json", None),
        (b"", "application/json", None),
    ],
)
def test_bad_requests_are_400(
    api: httpx.Client, account: Account, body: bytes, content_type: str | None, field: str | None
) -> None:
    headers = account.headers()
    if content_type:
        headers["Content-Type"] = content_type
    response = api.post("/v1/links", content=body, headers=headers)
    problem = assert_problem(response, 400, "Bad Request")
    if field:
        assert problem["errors"] == [{"field": field, "message": "is required"}]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"longUrl": "ftp://example.com/file"}, "longUrl"),
        ({"longUrl": "example.com"}, "longUrl"),
        ({"longUrl": "https://exa mple.com/"}, "longUrl"),
        ({"longUrl": "https://example.com/a b"}, "longUrl"),
        ({"longUrl": "https://example.com/\r\nSet-Cookie: x=1"}, "longUrl"),
        ({"longUrl": "https://user:pw@example.com/"}, "longUrl"),
        ({"longUrl": "https://example.com/" + "a" * 2048}, "longUrl"),
        ({"longUrl": 42}, "longUrl"),
        ({"longUrl": None}, "longUrl"),
        ({"longUrl": "http://127.0.0.1/loop"}, "longUrl"),
        ({"longUrl": "https://example.com", "alias": "ab"}, "alias"),
        ({"longUrl": "https://example.com", "alias": "has space"}, "alias"),
        ({"longUrl": "https://example.com", "alias": "a" * 65}, "alias"),
        ({"longUrl": "https://example.com", "alias": "ADMIN"}, "alias"),
        ({"longUrl": "https://example.com", "alias": "health"}, "alias"),
        ({"longUrl": "https://example.com", "alias": "admin\n"}, "alias"),  # $ before \n
        ({"longUrl": "https://example.com", "alias": "fresh-alias\n"}, "alias"),
        ({"longUrl": "https://example.com", "tags": [1]}, "tags[0]"),
        ({"longUrl": "https://example.com", "tags": "promo"}, "tags"),
        ({"longUrl": "https://example.com", "tags": [str(n) for n in range(21)]}, "tags"),
        ({"longUrl": "https://example.com", "tags": ["x" * 65]}, "tags[0]"),
        ({"longUrl": "https://example.com", "expiresAt": "tomorrow"}, "expiresAt"),
        ({"longUrl": "https://example.com", "expiresAt": "2030-01-01T00:00:00"}, "expiresAt"),
        ({"longUrl": "https://example.com", "expiresAt": "2001-01-01T00:00:00Z"}, "expiresAt"),
        ({"longUrl": "https://example.com", "redirectType": 303}, "redirectType"),
        ({"longUrl": "https://example.com", "colour": "red"}, "colour"),
    ],
)
def test_invalid_values_are_422_naming_the_field(
    api: httpx.Client, account: Account, body: dict[str, object], field: str
) -> None:
    problem = assert_problem(create_link(api, account, **body), 422, "Validation")
    errors = problem["errors"]
    assert isinstance(errors, list)
    assert field in {error["field"] for error in errors}, problem
    assert api.get("/v1/links", headers=account.headers()).json()["data"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (
            {"rules": [{"when": {"country": ["XX"]}, "url": "https://e.com"}]},
            "rules[0].when.country[0]",
        ),
        (
            {"rules": [{"when": {"country": ["us"]}, "url": "https://e.com"}]},
            "rules[0].when.country[0]",
        ),
        ({"rules": [{"when": {"os": ["beos"]}, "url": "https://e.com"}]}, "rules[0].when.os[0]"),
        (
            {"rules": [{"when": {"device": ["fridge"]}, "url": "https://e.com"}]},
            "rules[0].when.device[0]",
        ),
        ({"rules": [{"when": {}, "url": "https://e.com"}]}, "rules[0].when"),
        ({"rules": [{"when": {"os": ["ios"]}, "url": "ftp://e.com"}]}, "rules[0].url"),
        ({"rules": [{"when": {"os": ["ios"]}, "url": "https://e.com"}] * 21}, "rules"),
        (
            {
                "variants": [
                    {"url": "https://a.com", "weight": 50},
                    {"url": "https://b.com", "weight": 40},
                ]
            },
            "variants",
        ),
        (
            {
                "variants": [
                    {"url": "https://a.com", "weight": 0},
                    {"url": "https://b.com", "weight": 100},
                ]
            },
            "variants[0].weight",
        ),
        ({"expiredUrl": "javascript:alert(1)"}, "expiredUrl"),
        ({"maxClicks": 0}, "maxClicks"),
        ({"password": "abc"}, "password"),
        ({"utm": {"source": "x", "nope": "y"}}, "utm"),
    ],
)
def test_bad_features_are_422_naming_the_field(
    api: httpx.Client, account: Account, body: dict[str, Any], field: str
) -> None:
    response = create_link(api, account, longUrl="https://example.com/x", **body)
    assert any(name.startswith(field) for name in problem_fields(response)), response.text
