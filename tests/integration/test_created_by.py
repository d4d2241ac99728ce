"""Resources say who made them (issue 26, point 3; docs/api.md#who-made-it): ``createdBy``
is the API key's id when a key made the resource, else the user's (an access token from
``POST /v1/auth/login``), on links (single, bulk, CSV import, and the links a QR code
keeps), QR codes, the Bio page, webhooks and domains; it is written once and outlives the
maker's membership. Through the in-process admin (tests/support/inprocess.py)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.accounts import Account, create_account, key_id
from tests.support.hooks import ENDPOINT
from tests.support.stack import Stack
from tests.support.workspaces import add_member, bearer, login, make_key, remove_member


def _link_created_by(stack: Stack, link_id: str) -> str | None:
    (row,) = stack.sql("SELECT created_by FROM links WHERE id = %s", link_id)
    return row[0]  # type: ignore[no-any-return]


def _made(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    body: dict[str, Any] = response.json()
    return body


@pytest.fixture
def owner(database_url: str) -> Account:
    return create_account(database_url)


def test_a_key_is_named_for_what_it_made(
    api: httpx.Client, session_stack: Stack, owner: Account
) -> None:
    key = owner.headers()
    made_by = key_id(session_stack.database_url, owner.live_key)
    link = _made(api.post("/v1/links", json={"longUrl": "https://example.com/k"}, headers=key))
    assert link["createdBy"] == made_by
    assert api.get(f"/v1/links/{link['id']}", headers=key).json()["createdBy"] == made_by
    listed = api.get("/v1/links", headers=key).json()["data"]
    assert [item["createdBy"] for item in listed] == [made_by]

    bulk = _made(
        api.post(
            "/v1/links/bulk",
            json={"items": [{"longUrl": "https://example.com/b1"}]},
            headers=key,
        )
    )
    assert [item["link"]["createdBy"] for item in bulk["results"]] == [made_by]
    imported = _made(
        api.post(
            "/v1/links/import",
            content=b"longUrl\r\nhttps://example.com/csv\r\n",
            headers={**key, "Content-Type": "text/csv"},
        )
    )
    assert [item["link"]["createdBy"] for item in imported["results"]] == [made_by]

    qr = _made(
        api.post(
            "/v1/qr",
            json={"type": "url", "data": {"url": "https://example.com/q"}, "dynamic": True},
            headers=key,
        )
    )
    assert qr["createdBy"] == made_by
    # The link the code keeps was made by the same request.
    assert _link_created_by(session_stack, qr["linkId"]) == made_by

    hook = _made(
        api.post("/v1/webhooks", json={"endpoint": ENDPOINT, "events": ["*"]}, headers=key)
    )
    assert hook["createdBy"] == made_by
    assert api.get(f"/v1/webhooks/{hook['id']}", headers=key).json()["createdBy"] == made_by

    domain = _made(
        api.post(
            "/v1/domains",
            json={"hostname": f"go.{owner.user_id[-8:].lower()}.example"},
            headers=key,
        )
    )
    assert domain["createdBy"] == made_by

    page = _made(
        api.put(
            "/v1/bio",
            json={"username": f"by{owner.user_id[-10:].lower()}", "displayName": "By"},
            headers=key,
        )
    )
    assert page["createdBy"] == made_by


def test_an_access_token_names_its_user(api: httpx.Client, owner: Account) -> None:
    token = bearer(login(api, owner, None))
    link = _made(api.post("/v1/links", json={"longUrl": "https://example.com/t"}, headers=token))
    assert link["createdBy"] == owner.user_id
    qr = _made(api.post("/v1/qr", json={"type": "text", "data": {"text": "hello"}}, headers=token))
    assert qr["createdBy"] == owner.user_id
    hook = _made(
        api.post("/v1/webhooks", json={"endpoint": ENDPOINT, "events": ["*"]}, headers=token)
    )
    assert hook["createdBy"] == owner.user_id
    # A Bio page keeps the createdBy of its first PUT; a later one by a key changes nothing.
    username = f"t{owner.user_id[-10:].lower()}"
    first = _made(
        api.put("/v1/bio", json={"username": username, "displayName": "One"}, headers=token)
    )
    assert first["createdBy"] == owner.user_id
    again = _made(
        api.put(
            "/v1/bio", json={"username": username, "displayName": "Two"}, headers=owner.headers()
        )
    )
    assert (again["displayName"], again["createdBy"]) == ("Two", owner.user_id)


def test_created_by_outlives_the_makers_membership(
    api: httpx.Client, database_url: str, session_stack: Stack, owner: Account
) -> None:
    member = create_account(database_url)
    add_member(database_url, owner.workspace_id, member.user_id, "member")
    token = bearer(login(api, member, owner.workspace_id))
    key = make_key(database_url, owner.workspace_id, member, ("links:write", "qr:write"))
    made_by = key_id(database_url, key)
    by_token = _made(
        api.post("/v1/links", json={"longUrl": "https://example.com/m"}, headers=token)
    )
    by_key = _made(
        api.post(
            "/v1/qr",
            json={"type": "text", "data": {"text": "made by a member's key"}},
            headers=bearer(key),
        )
    )
    assert (by_token["createdBy"], by_key["createdBy"]) == (member.user_id, made_by)

    remove_member(database_url, session_stack.redis_url, owner.workspace_id, member.user_id)
    # Gone from the workspace too, key and all: the names stay.
    session_stack.sql("DELETE FROM api_keys WHERE id = %s RETURNING id", made_by)

    mine = owner.headers()
    assert api.get(f"/v1/links/{by_token['id']}", headers=mine).json()["createdBy"] == (
        member.user_id
    )
    assert api.get(f"/v1/qr/{by_key['id']}", headers=mine).json()["createdBy"] == made_by
