"""Invitations (docs/api.md#invitations) through the admin app in this process, and the
service itself for what needs two requests at once: single use, bound to the confirmed
address, 410 once used, revoked or expired, only an owner invites an owner."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from admin.auth import Principal
from admin.db import Database, create_pool
from admin.errors import Forbidden, Gone
from admin.workspaces.invitation_schemas import InvitationAccepted
from admin.workspaces.invitations import InvitationService
from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.api import assert_problem
from tests.support.stack import Stack

_TOKEN = re.compile(r"/invitations/accept\?token=(\S+)")


def _jwt(api: httpx.Client, account: Account, workspace_id: str | None = None) -> dict[str, str]:
    body: dict[str, Any] = {"email": account.email, "password": PASSWORD}
    if workspace_id is not None:
        body["workspaceId"] = workspace_id
    response = api.post("/v1/auth/login", json=body)
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['accessToken']}"}


def _invite(api: httpx.Client, inviter: Account, email: str, role: str = "member") -> Any:
    response = api.post(
        f"/v1/workspaces/{inviter.workspace_id}/invitations",
        json={"email": email, "role": role},
        headers=inviter.headers(),
    )
    assert response.status_code == 201, response.text
    return response.json()


def _token(stack: Stack, email: str, count: int = 1) -> str:
    """The token of the ``count``-th invitation e-mailed to ``email`` (queued in the
    invitation's own transaction, so it is there when the 201 is)."""
    rows = stack.sql(
        "SELECT body FROM mail_outbox WHERE recipient = %s AND subject LIKE %s ORDER BY id",
        email,
        "%invited%",
    )
    assert len(rows) >= count, rows
    match = _TOKEN.search(str(rows[count - 1][0]))
    assert match, rows[count - 1][0]
    return match[1]


def _actions(stack: Stack, workspace_id: str) -> list[tuple[str, str | None]]:
    rows = stack.sql(
        "SELECT action, target FROM audit_log WHERE workspace_id = %s ORDER BY id", workspace_id
    )
    return [(str(action), target) for action, target in rows]


def test_invite_accept_and_join(api: httpx.Client, session_stack: Stack) -> None:
    owner = create_account(session_stack.database_url)
    invitee = create_account(session_stack.database_url)
    created = _invite(api, owner, invitee.email.upper())
    assert created["id"].startswith("inv_")
    assert (created["email"], created["role"]) == (invitee.email.upper(), "member")
    expires = datetime.fromisoformat(created["expiresAt"].replace("Z", "+00:00"))
    assert timedelta(days=6, hours=23) < expires - datetime.now(UTC) <= timedelta(days=7)
    token = _token(session_stack, invitee.email.upper())
    # Stored as its SHA-256 only; never listed.
    stored = session_stack.sql(
        "SELECT token_hash = sha256(%s::bytea) FROM invitations WHERE id = %s",
        token.encode(),
        created["id"],
    )
    assert stored == [(True,)]
    listed = api.get(
        f"/v1/workspaces/{owner.workspace_id}/invitations", headers=owner.headers()
    ).json()["data"]
    assert [item["id"] for item in listed] == [created["id"]]
    assert token not in str(listed)

    # An API key is no person signing in.
    refused = api.post("/v1/invitations/accept", json={"token": token}, headers=invitee.headers())
    assert_problem(refused, 403, "Forbidden")

    accepted = api.post("/v1/invitations/accept", json={"token": token}, headers=_jwt(api, invitee))
    assert accepted.status_code == 200, accepted.text
    assert accepted.json() == {"workspaceId": owner.workspace_id, "role": "member"}
    again = api.post("/v1/invitations/accept", json={"token": token}, headers=_jwt(api, invitee))
    assert_problem(again, 410, "Gone")
    assert api.get(
        f"/v1/workspaces/{owner.workspace_id}/invitations", headers=owner.headers()
    ).json() == {"data": []}

    # A member now: they may sign in to the workspace, but not read its audit log.
    in_workspace = _jwt(api, invitee, owner.workspace_id)
    log = api.get(f"/v1/workspaces/{owner.workspace_id}/audit-log", headers=in_workspace)
    assert_problem(log, 403, "Forbidden")
    # Nor manage its invitations.
    assert_problem(
        api.post(
            f"/v1/workspaces/{owner.workspace_id}/invitations",
            json={"email": "x@example.com", "role": "viewer"},
            headers=in_workspace,
        ),
        403,
        "Forbidden",
    )
    assert _actions(session_stack, owner.workspace_id) == [
        ("member.invited", created["id"]),
        ("member.joined", invitee.user_id),
    ]
    entries = api.get(
        f"/v1/workspaces/{owner.workspace_id}/audit-log", headers=owner.headers()
    ).json()
    assert [entry["action"] for entry in entries["data"]] == ["member.joined", "member.invited"]
    joined = entries["data"][0]
    assert joined["actor"] == {"userId": invitee.user_id, "apiKeyId": None}
    assert entries["data"][1]["actor"]["apiKeyId"].startswith("key_")
    assert entries["nextCursor"] is None


def test_inviting_needs_the_workspace_and_a_valid_body(
    api: httpx.Client, session_stack: Stack
) -> None:
    owner = create_account(session_stack.database_url)
    other = create_account(session_stack.database_url)
    path = f"/v1/workspaces/{other.workspace_id}/invitations"
    body = {"email": "x@example.com", "role": "member"}
    assert_problem(api.post(path, json=body, headers=owner.headers()), 404, "Not Found")
    assert_problem(api.get(path, headers=owner.headers()), 404, "Not Found")
    mine = f"/v1/workspaces/{owner.workspace_id}/invitations"
    bad = api.post(
        mine, json={"email": "not an address", "role": "member"}, headers=owner.headers()
    )
    assert_problem(bad, 422, "Validation")
    bad = api.post(mine, json={"email": "x@example.com", "role": "king"}, headers=owner.headers())
    assert_problem(bad, 422, "Validation")
    assert_problem(
        api.post(mine, json={"email": "x@example.com"}, headers=owner.headers()), 400, "Bad Request"
    )
    # Already a member (the owner themself): 409.
    taken = api.post(mine, json={"email": owner.email, "role": "admin"}, headers=owner.headers())
    assert_problem(taken, 409, "Conflict")
    gone = api.delete(f"{mine}/inv_01JNQ8E9F0G1H2J3K4M5N6P7QR", headers=owner.headers())
    assert_problem(gone, 404, "Not Found")
    missing = api.post("/v1/invitations/accept", json={"token": "nope"}, headers=_jwt(api, owner))
    assert_problem(missing, 410, "Gone")


def test_only_an_owner_invites_an_owner(api: httpx.Client, session_stack: Stack) -> None:
    owner = create_account(session_stack.database_url)
    admin = create_account(session_stack.database_url)
    _invite(api, owner, admin.email, "admin")
    token = _token(session_stack, admin.email)
    assert api.post(
        "/v1/invitations/accept", json={"token": token}, headers=_jwt(api, admin)
    ).json() == {"workspaceId": owner.workspace_id, "role": "admin"}
    as_admin = _jwt(api, admin, owner.workspace_id)
    path = f"/v1/workspaces/{owner.workspace_id}/invitations"
    refused = api.post(path, json={"email": "boss@example.com", "role": "owner"}, headers=as_admin)
    assert_problem(refused, 403, "Forbidden")
    fine = api.post(path, json={"email": "dev@example.com", "role": "admin"}, headers=as_admin)
    assert fine.status_code == 201, fine.text
    # An owner's invitation is an owner's to revoke or resend.
    by_owner = _invite(api, owner, "boss@example.com", "owner")
    item = f"{path}/{by_owner['id']}"
    assert_problem(api.delete(item, headers=as_admin), 403, "Forbidden")
    assert_problem(api.post(f"{item}/resend", headers=as_admin), 403, "Forbidden")
    # The admin reads the audit log.
    log = api.get(f"/v1/workspaces/{owner.workspace_id}/audit-log", headers=as_admin)
    assert log.status_code == 200, log.text


def test_revoked_resent_and_expired_invitations_are_gone(
    api: httpx.Client, session_stack: Stack
) -> None:
    owner = create_account(session_stack.database_url)
    invitee = create_account(session_stack.database_url)
    path = f"/v1/workspaces/{owner.workspace_id}/invitations"
    revoked = _invite(api, owner, invitee.email)
    revoked_token = _token(session_stack, invitee.email, 1)
    assert api.delete(f"{path}/{revoked['id']}", headers=owner.headers()).status_code == 204
    assert_problem(api.delete(f"{path}/{revoked['id']}", headers=owner.headers()), 404, "Not Found")
    jwt = _jwt(api, invitee)
    answer = api.post("/v1/invitations/accept", json={"token": revoked_token}, headers=jwt)
    assert_problem(answer, 410, "Gone")

    resent = _invite(api, owner, invitee.email)
    first = _token(session_stack, invitee.email, 2)
    again = api.post(f"{path}/{resent['id']}/resend", headers=owner.headers())
    assert again.status_code == 200, again.text
    second = _token(session_stack, invitee.email, 3)
    assert first != second
    answer = api.post("/v1/invitations/accept", json={"token": first}, headers=jwt)
    assert_problem(answer, 410, "Gone")  # the resend spent the earlier link

    session_stack.sql(
        "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = %s "
        "RETURNING id",
        resent["id"],
    )
    answer = api.post("/v1/invitations/accept", json={"token": second}, headers=jwt)
    assert_problem(answer, 410, "Gone")
    assert [action for action, _ in _actions(session_stack, owner.workspace_id)] == [
        "member.invited",
        "invitation.revoked",
        "member.invited",
        "invitation.resent",
    ]
    members = session_stack.sql(
        "SELECT count(*) FROM workspace_members WHERE workspace_id = %s", owner.workspace_id
    )
    assert members == [(1,)]


def _person(account: Account) -> Principal:
    """The account signed in (an access token's principal) in its personal workspace."""
    return Principal(
        workspace_id=account.workspace_id,
        user_id=account.user_id,
        role="owner",
        environment="live",
        scopes=frozenset(),
        plan="pro",
        limit_per_minute=60,
        limit_per_month=1000,
    )


async def _accept_twice(
    stack: Stack, token: str, account: Account
) -> list[InvitationAccepted | BaseException]:
    redis = Redis.from_url(stack.redis_url)
    try:
        async with create_pool(stack.database_url, 2) as pool:
            service = InvitationService(Database(pool), redis, "http://hop.test")
            outcomes = await asyncio.gather(
                service.accept(_person(account), token),
                service.accept(_person(account), token),
                return_exceptions=True,
            )
            return list(outcomes)
    finally:
        await redis.aclose()


async def _accept(stack: Stack, token: str, account: Account) -> InvitationAccepted:
    redis = Redis.from_url(stack.redis_url)
    try:
        async with create_pool(stack.database_url, 1) as pool:
            service = InvitationService(Database(pool), redis, "http://hop.test")
            return await service.accept(_person(account), token)
    finally:
        await redis.aclose()


def test_two_accepts_at_once_one_wins(api: httpx.Client, session_stack: Stack) -> None:
    owner = create_account(session_stack.database_url)
    invitee = create_account(session_stack.database_url)
    _invite(api, owner, invitee.email, "viewer")
    token = _token(session_stack, invitee.email)
    outcomes = asyncio.run(_accept_twice(session_stack, token, invitee))
    won = [outcome for outcome in outcomes if isinstance(outcome, InvitationAccepted)]
    lost = [outcome for outcome in outcomes if isinstance(outcome, Gone)]
    assert (len(won), len(lost)) == (1, 1), outcomes
    assert won[0].role == "viewer"
    joined = [a for a, _ in _actions(session_stack, owner.workspace_id) if a == "member.joined"]
    assert joined == ["member.joined"]


def test_bound_to_the_confirmed_address(api: httpx.Client, session_stack: Stack) -> None:
    owner = create_account(session_stack.database_url)
    invitee = create_account(session_stack.database_url)
    stranger = create_account(session_stack.database_url)
    _invite(api, owner, invitee.email)
    token = _token(session_stack, invitee.email)
    answer = api.post("/v1/invitations/accept", json={"token": token}, headers=_jwt(api, stranger))
    assert_problem(answer, 403, "Forbidden")
    # The address unconfirmed (no access token can then be had: the service, as the
    # dashboard calls it): 403, and the invitation stays usable.
    session_stack.sql(
        "UPDATE users SET email_verified_at = NULL WHERE id = %s RETURNING id", invitee.user_id
    )
    with pytest.raises(Forbidden):
        asyncio.run(_accept(session_stack, token, invitee))
    session_stack.sql(
        "UPDATE users SET email_verified_at = now() WHERE id = %s RETURNING id", invitee.user_id
    )
    assert asyncio.run(_accept(session_stack, token, invitee)).workspace_id == owner.workspace_id
