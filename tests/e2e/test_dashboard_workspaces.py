"""Workspaces on the dashboard over plain HTTP (JavaScript off): the switcher, a new
workspace, inviting from the members page, accepting from the e-mailed link, the pages a
role may not use (neither listed nor served), the audit log and the settings."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import unquote

import pytest

from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.stack import Stack
from tests.support.web import Browser, csrf_of, mail_link, path_of, signed_in

_WORKSPACE_OPTION = re.compile(r'<option value="(ws_[^"]+)"[^>]*>([^<]+)</option>')


@pytest.fixture
def other(admin_url: str) -> Iterator[Browser]:
    """A second person's browser."""
    client = Browser(admin_url)
    yield client
    client.close()


def _switcher(browser: Browser) -> dict[str, str]:
    """The switcher's choices on the links page: workspace id -> "name (role)"."""
    return dict(_WORKSPACE_OPTION.findall(browser.get("/").text))


def _new_workspace(browser: Browser, stack: Stack, account: Account, name: str) -> str:
    """A workspace made on the dashboard (the session then acts in it), put on the pro
    plan before its first use (a new workspace is free: 8 requests a minute in tests)."""
    made = browser.submit("/workspaces/new", "/workspaces", {"name": name})
    assert (made.status_code, made.headers["location"]) == (303, "/workspace/members"), made.text
    [(workspace_id,)] = stack.sql(
        "UPDATE workspaces SET plan = 'pro' WHERE name = %s AND id IN"
        " (SELECT workspace_id FROM workspace_members WHERE user_id = %s) RETURNING id",
        name,
        account.user_id,
    )
    return str(workspace_id)


def _invite(browser: Browser, email: str, role: str) -> None:
    sent = browser.submit(
        "/workspace/members", "/workspace/invitations", {"email": email, "role": role}
    )
    assert (sent.status_code, sent.headers["location"]) == (303, "/workspace/members"), sent.text


def _accept(browser: Browser, stack: Stack, email: str) -> str:
    """Follow the invitation's e-mailed link signed in and press Accept; the link."""
    link = path_of(mail_link(stack, email, "you are invited"))
    page = browser.get(link)
    assert page.status_code == 200, page.text
    token = link.split("token=", 1)[1]
    accepted = browser.submit(link, "/invitations/accept", {"token": token})
    assert (accepted.status_code, accepted.headers["location"]) == (303, "/"), accepted.text
    return link


def test_switching_workspace_changes_the_links_shown(
    browser: Browser, account: Account, database_url: str, session_stack: Stack
) -> None:
    signed_in(browser, account)
    assert _switcher(browser) == {account.workspace_id: "Personal (owner)"}
    browser.submit("/", "/links", {"longUrl": "https://example.com/personal-one"})
    team = _new_workspace(browser, session_stack, account, "Team links")
    # The new workspace is the one the session acts in now: none of the personal links.
    page = browser.get("/")
    assert "example.com/personal-one" not in page.text
    assert f'<option value="{team}" selected>Team links (owner)</option>' in page.text
    browser.submit("/", "/links", {"longUrl": "https://example.com/team-one"})
    assert "example.com/team-one" in browser.get("/").text

    back = browser.submit("/", "/workspace", {"workspaceId": account.workspace_id, "next": "/keys"})
    assert (back.status_code, back.headers["location"]) == (303, "/keys")
    page = browser.get("/")
    assert "example.com/personal-one" in page.text
    assert "example.com/team-one" not in page.text

    # A workspace the person is not a member of: refused, the session stays where it was.
    stranger = create_account(database_url)
    refused = browser.submit("/", "/workspace", {"workspaceId": stranger.workspace_id})
    assert refused.status_code == 303
    page = browser.get("/")
    assert "You are not a member of that workspace." in page.text
    assert "example.com/personal-one" in page.text


def test_a_viewer_sees_no_workspace_pages_and_is_refused_them(
    browser: Browser, other: Browser, account: Account, database_url: str, session_stack: Stack
) -> None:
    viewer = create_account(database_url)
    signed_in(browser, account)
    team = _new_workspace(browser, session_stack, account, "Viewers welcome")
    assert 'href="/workspace/members"' in browser.get("/").text
    _invite(browser, viewer.email, "viewer")

    signed_in(other, viewer)
    _accept(other, session_stack, viewer.email)
    home = other.get("/")
    assert "Welcome to Viewers welcome: you joined as viewer." in home.text
    assert f'<option value="{team}" selected>Viewers welcome (viewer)</option>' in home.text
    for path in ("/workspace/members", "/workspace/audit", "/workspace/settings"):
        assert f'href="{path}"' not in home.text
        refused = other.get(path)
        assert refused.status_code == 403, path
        assert "needs the role &#39;admin&#39;" in refused.text
    # Nor a form of theirs: an invitation posted by hand changes nothing.
    token = csrf_of(home)
    posted = other.http.post(
        "/workspace/invitations",
        data={"csrf_token": token, "email": "someone@example.com", "role": "admin"},
        headers={"Origin": other.origin},
    )
    assert posted.status_code == 403
    # The viewer may leave, from the account page, and is back in their personal workspace.
    assert "Leave Viewers welcome" in other.get("/account").text
    left = other.submit("/account", "/workspace/leave", {})
    assert (left.status_code, left.headers["location"]) == (303, "/")
    assert _switcher(other) == {viewer.workspace_id: "Personal (owner)"}

    # The admin's side: the members page, the audit log of all of it.
    members = browser.get("/workspace/members")
    assert members.status_code == 200
    assert f'<td data-label="E-mail">{viewer.email}' not in members.text  # left
    audit = browser.get("/workspace/audit").text
    for action in ("workspace.created", "member.invited", "member.joined", "member.left"):
        assert f"<code>{action}</code>" in audit, action
    assert account.email in audit  # the actor by address


def test_an_invitation_is_accepted_from_its_mailed_link(
    browser: Browser, other: Browser, account: Account, database_url: str, session_stack: Stack
) -> None:
    invitee = create_account(database_url)
    signed_in(browser, account)
    team = _new_workspace(browser, session_stack, account, "Accept me")
    _invite(browser, invitee.email, "member")
    members = browser.get("/workspace/members").text
    assert invitee.email in members  # pending
    link = path_of(mail_link(session_stack, invitee.email, "you are invited"))

    # Signed out: a page saying to sign in first, the link kept through ?next=.
    page = other.get(link)
    assert page.status_code == 200
    login = re.search(r'href="(/login\?next=[^"]+)"', page.text)
    assert login, page.text
    assert unquote(login[1].split("next=", 1)[1]) == link
    signed = other.submit(
        login[1], "/login", {"email": invitee.email, "password": PASSWORD, "next": link}
    )
    assert (signed.status_code, signed.headers["location"]) == (303, link)
    page = other.get(link)
    assert "You are invited to join <strong>Accept me</strong> as" in page.text
    assert "<strong>member</strong>" in page.text
    token = link.split("token=", 1)[1]
    accepted = other.submit(link, "/invitations/accept", {"token": token})
    assert (accepted.status_code, accepted.headers["location"]) == (303, "/")
    home = other.get("/")
    assert "Welcome to Accept me: you joined as member." in home.text
    assert f'<option value="{team}" selected>Accept me (member)</option>' in home.text

    # Once only: the link again is a 410 page, the page and the button alike.
    again = other.get(link)
    assert again.status_code == 410
    assert "invalid, used, revoked or expired" in again.text
    assert other.submit("/", "/invitations/accept", {"token": token}).status_code == 410
    # The admin sees the new member, and no pending invitation.
    members = browser.get("/workspace/members").text
    assert "No pending invitations." in members
    assert f'<td data-label="E-mail">{invitee.email}</td>' in members


def test_an_invitation_for_another_address_is_refused_as_a_page(
    browser: Browser, other: Browser, account: Account, database_url: str, session_stack: Stack
) -> None:
    invited, intruder = create_account(database_url), create_account(database_url)
    signed_in(browser, account)
    _new_workspace(browser, session_stack, account, "Not yours")
    _invite(browser, invited.email, "admin")
    link = path_of(mail_link(session_stack, invited.email, "you are invited"))
    signed_in(other, intruder)
    token = link.split("token=", 1)[1]
    refused = other.submit(link, "/invitations/accept", {"token": token})
    assert refused.status_code == 403
    assert "sent to another e-mail address" in refused.text
    assert "Not yours" not in other.get("/").text  # not a member


def test_members_roles_invitations_and_settings_through_the_pages(
    browser: Browser, other: Browser, account: Account, database_url: str, session_stack: Stack
) -> None:
    colleague = create_account(database_url)
    signed_in(browser, account)
    _new_workspace(browser, session_stack, account, "Managed")
    _invite(browser, colleague.email, "viewer")
    members = browser.get("/workspace/members").text
    invitation_id = re.search(r'/workspace/invitations/(inv_[^/"]+)/resend', members)
    assert invitation_id
    resent = browser.submit(
        "/workspace/members", f"/workspace/invitations/{invitation_id[1]}/resend", {}
    )
    assert resent.status_code == 303
    # The resent e-mail's link works; the first one no longer does.
    first = path_of(mail_link(session_stack, colleague.email, "you are invited"))
    signed_in(other, colleague)
    assert other.get(first).status_code == 410
    second = path_of(mail_link(session_stack, colleague.email, "you are invited", count=2))
    token = second.split("token=", 1)[1]
    assert other.submit(second, "/invitations/accept", {"token": token}).status_code == 303

    role = browser.submit(
        "/workspace/members", f"/workspace/members/{colleague.user_id}/role", {"role": "admin"}
    )
    assert role.status_code == 303
    assert f"{colleague.email} is now admin." in browser.get("/workspace/members").text
    # Their very next page shows them the workspace pages.
    assert 'href="/workspace/members"' in other.get("/").text
    removed = browser.submit(
        "/workspace/members",
        f"/workspace/members/{colleague.user_id}/remove",
        {"revokeKeys": "on"},
    )
    assert removed.status_code == 303
    # Their session falls back to their personal workspace at once.
    assert _switcher(other) == {colleague.workspace_id: "Personal (owner)"}

    renamed = browser.submit(
        "/workspace/settings", "/workspace/settings", {"name": "Managed well", "slug": "x"}
    )
    assert renamed.status_code == 422  # the slug's rule, under its field
    assert 'aria-invalid="true"' in renamed.text
    renamed = browser.submit(
        "/workspace/settings", "/workspace/settings", {"name": "Managed well", "slug": ""}
    )
    assert renamed.status_code == 303  # an empty slug keeps the one it has
    assert "<h1>Managed well: settings</h1>" in browser.get("/workspace/settings").text
    settings = browser.get("/workspace/settings")
    slug = re.search(r'id="slug" name="slug" value="([^"]+)"', settings.text)
    assert slug
    wrong = browser.submit("/workspace/settings", "/workspace/delete", {"confirm": "nope"})
    assert wrong.status_code == 422
    deleted = browser.submit("/workspace/settings", "/workspace/delete", {"confirm": slug[1]})
    assert (deleted.status_code, deleted.headers["location"]) == (303, "/")
    assert _switcher(browser) == {account.workspace_id: "Personal (owner)"}
    # The personal workspace offers no deletion.
    personal = browser.get("/workspace/settings").text
    assert 'action="/workspace/delete"' not in personal
    assert "cannot be deleted on its own" in personal
