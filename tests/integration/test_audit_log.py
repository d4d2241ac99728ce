"""The audit log (docs/api.md#audit-log): entries written in the transaction of the change
they record (none for a change refused or rolled back), read by admins and owners a page
at a time, purged past HOP_AUDIT_RETENTION."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import httpx

from admin.audit import record_audit
from admin.auth import Principal
from admin.db import Database, create_pool
from admin.worker.housekeeping import Retention, purge_once
from tests.support.accounts import Account, create_account
from tests.support.api import assert_problem, make_link
from tests.support.hooks import ENDPOINT
from tests.support.stack import Stack


def _actions(stack: Stack, workspace_id: str) -> list[tuple[str, str | None]]:
    rows = stack.sql(
        "SELECT action, target FROM audit_log WHERE workspace_id = %s ORDER BY id", workspace_id
    )
    return [(str(action), target) for action, target in rows]


def test_changes_are_recorded_and_refusals_are_not(api: httpx.Client, session_stack: Stack) -> None:
    account = create_account(session_stack.database_url)
    headers = account.headers()
    refused = api.post(
        "/v1/webhooks", json={"endpoint": "ftp://x/", "events": ["*"]}, headers=headers
    )
    assert refused.status_code == 422
    hook = api.post("/v1/webhooks", json={"endpoint": ENDPOINT, "events": ["*"]}, headers=headers)
    assert hook.status_code == 201, hook.text
    hook_id = hook.json()["id"]
    patch = api.patch(f"/v1/webhooks/{hook_id}", json={"events": ["link.created"]}, headers=headers)
    assert patch.status_code == 200, patch.text
    assert (
        api.patch("/v1/webhooks/wh_nope", json={"events": ["*"]}, headers=headers).status_code
        == 404
    )
    assert api.post(f"/v1/webhooks/{hook_id}/rotate-secret", headers=headers).status_code == 200
    assert api.delete(f"/v1/webhooks/{hook_id}", headers=headers).status_code == 204
    assert api.delete(f"/v1/webhooks/{hook_id}", headers=headers).status_code == 404

    key = api.post("/v1/api-keys", json={"scopes": ["links:read"]}, headers=headers)
    assert key.status_code == 201, key.text
    key_id = key.json()["id"]
    assert api.delete(f"/v1/api-keys/{key_id}", headers=headers).status_code == 204

    domain = api.post("/v1/domains", json={"hostname": "audit.example.com"}, headers=headers)
    assert domain.status_code == 201, domain.text
    domain_id = domain.json()["id"]
    again = api.post("/v1/domains", json={"hostname": "audit.example.com"}, headers=headers)
    assert again.status_code == 409
    assert api.delete(f"/v1/domains/{domain_id}", headers=headers).status_code == 204

    one = make_link(api, account, longUrl="https://example.com/a")
    assert api.delete(f"/v1/links/{one['id']}", headers=headers).status_code == 204
    tagged = [
        make_link(api, account, longUrl="https://example.com/b", tags=["gone"]) for _ in range(2)
    ]
    bulk = api.post(
        "/v1/links/bulk-update",
        json={"filter": {"tag": ["gone"]}, "action": {"type": "delete"}},
        headers=headers,
    )
    assert bulk.status_code == 200, bulk.text

    recorded = _actions(session_stack, account.workspace_id)
    assert recorded[:8] == [
        ("webhook.created", hook_id),
        ("webhook.updated", hook_id),
        ("webhook.secret_rotated", hook_id),
        ("webhook.deleted", hook_id),
        ("api_key.created", key_id),
        ("api_key.revoked", key_id),
        ("domain.added", domain_id),
        ("domain.deleted", domain_id),
    ]
    assert recorded[8] == ("link.deleted", one["id"])
    assert sorted(recorded[9:]) == sorted(("link.deleted", link["id"]) for link in tagged)
    origins = session_stack.sql(
        "SELECT DISTINCT actor_key_id IS NOT NULL, ip IS NOT NULL FROM audit_log "
        "WHERE workspace_id = %s",
        account.workspace_id,
    )
    assert origins == [(True, True)]


class _Failed(Exception):
    pass


def _fail() -> None:
    raise _Failed("the change failed after its entry was written")


async def _rolled_back(stack: Stack, principal: Principal) -> None:
    async with create_pool(stack.database_url, 1) as pool:
        db = Database(pool)
        with contextlib.suppress(_Failed):
            async with db.transaction() as conn:
                await record_audit(conn, principal, "webhook.created", "wh_rolled_back")
                _fail()


def test_an_entry_goes_with_its_rolled_back_change(session_stack: Stack) -> None:
    account = create_account(session_stack.database_url)
    principal = Principal(
        workspace_id=account.workspace_id,
        user_id=account.user_id,
        role="owner",
        environment="live",
        scopes=frozenset(),
        plan="pro",
        limit_per_minute=60,
        limit_per_month=1000,
    )
    asyncio.run(_rolled_back(session_stack, principal))
    assert _actions(session_stack, account.workspace_id) == []


def _page(api: httpx.Client, account: Account, **params: Any) -> httpx.Response:
    return api.get(
        f"/v1/workspaces/{account.workspace_id}/audit-log", params=params, headers=account.headers()
    )


def test_paging_and_bad_requests(api: httpx.Client, session_stack: Stack) -> None:
    account = create_account(session_stack.database_url)
    made = []
    for _ in range(5):
        response = api.post(
            "/v1/api-keys", json={"scopes": ["links:read"]}, headers=account.headers()
        )
        assert response.status_code == 201, response.text
        made.append(response.json()["id"])
    seen: list[str] = []
    params: dict[str, Any] = {"limit": 2}
    pages = 0
    while True:
        page = _page(api, account, **params)
        assert page.status_code == 200, page.text
        body = page.json()
        assert len(body["data"]) <= 2
        seen += [entry["target"] for entry in body["data"]]
        pages += 1
        if body["nextCursor"] is None:
            break
        params["cursor"] = body["nextCursor"]
    assert (seen, pages) == (made[::-1], 3)
    assert_problem(_page(api, account, cursor="not-a-cursor"), 422, "Validation")
    assert _page(api, account, limit=0).status_code in (400, 422)
    assert _page(api, account, limit=101).status_code in (400, 422)
    other = create_account(session_stack.database_url)
    foreign = api.get(f"/v1/workspaces/{other.workspace_id}/audit-log", headers=account.headers())
    assert_problem(foreign, 404, "Not Found")


async def _purge(database_url: str, days: int) -> dict[str, int]:
    async with create_pool(database_url, 1) as pool:
        return await purge_once(Database(pool), 86400, Retention(audit=days))


def test_entries_past_the_retention_are_purged(session_stack: Stack) -> None:
    account = create_account(session_stack.database_url)
    session_stack.sql(
        "INSERT INTO audit_log (id, workspace_id, at, action) VALUES "
        "('aud_00OLD', %s, now() - interval '31 days', 'link.deleted'), "
        "('aud_00NEW', %s, now() - interval '29 days', 'link.deleted') RETURNING id",
        account.workspace_id,
        account.workspace_id,
    )
    removed = asyncio.run(_purge(session_stack.database_url, 30))
    assert removed["audit_log"] >= 1
    left = session_stack.sql(
        "SELECT id FROM audit_log WHERE workspace_id = %s", account.workspace_id
    )
    assert left == [("aud_00NEW",)]
