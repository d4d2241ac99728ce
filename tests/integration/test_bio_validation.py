"""Bio pages refused (422, naming the field, nothing stored), table by table through the
admin app in this process (tests/integration/conftest.py)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.api import put_bio


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "admin", "displayName": "x"}, "username"),
        ({"username": "admin\n", "displayName": "x"}, "username"),  # $ before \n
        ({"username": "ok_name\n", "displayName": "x"}, "username"),
        ({"username": "ok_name", "displayName": "x", "language": "en\n"}, "language"),
        ({"username": "Upper", "displayName": "x"}, "username"),
        ({"username": "ab", "displayName": "x"}, "username"),
        ({"username": "ok_name", "displayName": "x", "theme": "neon"}, "theme"),
        ({"username": "ok_name", "displayName": "x", "avatarUrl": "http://e.com/a.png"},
         "avatarUrl"),
        ({"username": "ok_name", "displayName": "x", "links": [{"title": "t"}]}, "links[0]"),
        ({"username": "ok_name", "displayName": "x",
          "links": [{"title": "t", "url": "https://e.com", "linkId": "lnk_x"}]}, "links[0]"),
        ({"username": "ok_name", "displayName": "x",
          "links": [{"title": "t", "linkId": "lnk_unknown"}]}, "links[0].linkId"),
        ({"username": "ok_name", "displayName": "x",
          "links": [{"title": "t", "url": "javascript:alert(1)"}]}, "links[0].url"),
        ({"username": "ok_name", "displayName": "x",
          "socials": [{"network": "x", "handle": "a b"}]}, "socials[0].handle"),
    ],
)  # fmt: skip
def test_bad_pages_are_422(
    api: httpx.Client, account: Account, body: dict[str, Any], field: str
) -> None:
    response = put_bio(api, account, **body)
    assert response.status_code == 422, response.text
    assert field in [error["field"] for error in response.json()["errors"]]
    assert api.get("/v1/bio", headers=account.headers()).status_code == 404  # nothing stored
