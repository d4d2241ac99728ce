"""Workspaces on the dashboard (docs/dashboard.md): the switcher, a new workspace, the
members page (members, their roles, removal; invitations, sent, resent, revoked), the
audit log, the workspace's settings, leaving, and accepting an invitation from its
e-mail.

The session acts in one workspace (``WebSession.workspace_id``): every page shows that
workspace's data, and its principal holds the scopes of the person's role there. The
management pages carry the API's own rules as route options (``{"scope": …, "role":
"admin"}``, checked by the API's guard, admin/http/guards.py) and call the services
``/v1/workspaces`` calls, always on the workspace the session acts in.
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, get, post
from litestar.params import Parameter
from litestar.response import Redirect, Template

from admin.audit.log import AuditLog
from admin.auth import ROLES
from admin.errors import FieldError, HopError, validation
from admin.web.forms import NO_ERRORS, FormErrors, decode, read_form, text
from admin.web.page import Page, login_url, safe_next
from admin.workspaces import WorkspaceService
from admin.workspaces.invitation_schemas import InvitationCreate
from admin.workspaces.invitations import InvitationService
from admin.workspaces.schemas import MemberUpdate, WorkspaceCreate, WorkspaceUpdate

Id = Annotated[str, Parameter(max_length=64)]
Cursor = Annotated[str | None, Parameter(max_length=200)]
Token = Annotated[str, Parameter(max_length=200)]

# Who may open what (docs/api.md#roles): managing members, invitations and the
# workspace, and reading its audit log, is an admin's; deleting it an owner's. Any
# member may switch, leave, or make a workspace of their own.
_ADMIN_READ = {"scope": "account:read", "role": "admin"}
_ADMIN_WRITE = {"scope": "account:write", "role": "admin"}
_OWNER_WRITE = {"scope": "account:write", "role": "owner"}
_ANY_MEMBER = {"scope": "account:read"}
AUDIT_PAGE_SIZE = 50


# The switcher and a new workspace


@post("/workspace", opt={"login": True, "mfa_enrolment": True})
async def switch_workspace(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService
) -> Redirect:
    """Act in another of the person's workspaces (kept in the session), back to the page."""
    values = await read_form(request)
    target = safe_next(text(values, "next"))
    chosen = text(values, "workspaceId")
    mine = {workspace.id: workspace for workspace in await page.workspace_choices()}
    if chosen not in mine:
        await page.flash("error", "You are not a member of that workspace.")
        return page.redirect(target)
    await _act_in(page, chosen)
    return page.redirect(target)


async def _act_in(page: Page, workspace_id: str | None) -> None:
    assert page.session is not None  # signed in
    assert page.session_id is not None
    page.session = await page.web.sessions.switch_workspace(
        page.session_id, page.session, workspace_id
    )


@get("/workspaces/new", opt=_ANY_MEMBER)
async def new_workspace_page(page: Page) -> Template:
    return await page.render("workspace_new.html", form={"name": "", "slug": ""}, errors=NO_ERRORS)


@post("/workspaces", opt=_ANY_MEMBER)
async def create_workspace(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService
) -> Any:
    values = await read_form(request)
    name = text(values, "name").strip()
    slug = text(values, "slug").strip()
    body: dict[str, Any] = {"name": name, **({"slug": slug} if slug else {})}
    try:
        if not name:
            raise validation([FieldError("name", "must not be blank")])
        created = await workspaces.create(page.user, decode(body, WorkspaceCreate))
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await page.render(
            "workspace_new.html",
            status=exc.status,
            form={"name": name, "slug": slug},
            errors=FormErrors.of(exc),
        )
    await _act_in(page, created.id)
    await page.flash("success", f"Workspace {created.name} created: you are its owner.")
    return page.redirect("/workspace/members")


# Members and invitations


async def _members_page(
    page: Page,
    workspaces: WorkspaceService,
    invitations: InvitationService,
    form: dict[str, str],
    errors: FormErrors,
    status: int = 200,
) -> Template:
    principal = page.user
    members = await workspaces.members(principal, principal.workspace_id)
    pending = await invitations.list(principal, principal.workspace_id)
    owners = sum(1 for member in members.data if member.role == "owner")
    return await page.render(
        "workspace_members.html",
        status=status,
        members=members.data,
        invitations=pending.data,
        owners=owners,
        roles=ROLES,
        form=form,
        errors=errors,
    )


_NEW_INVITATION = {"email": "", "role": "member"}


@get("/workspace/members", opt=_ADMIN_READ)
async def members_page(
    page: Page, workspaces: WorkspaceService, invitations: InvitationService
) -> Template:
    return await _members_page(page, workspaces, invitations, _NEW_INVITATION, NO_ERRORS)


@post("/workspace/invitations", opt=_ADMIN_WRITE)
async def invite(
    request: Request[Any, Any, Any],
    page: Page,
    workspaces: WorkspaceService,
    invitations: InvitationService,
) -> Any:
    values = await read_form(request)
    form = {"email": text(values, "email").strip(), "role": text(values, "role") or "member"}
    try:
        data = decode(form, InvitationCreate)
        sent = await invitations.invite(page.user, page.user.workspace_id, data)
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _members_page(
            page, workspaces, invitations, form, FormErrors.of(exc), status=exc.status
        )
    await page.flash("success", f"Invitation sent to {sent.email} ({sent.role}).")
    return page.redirect("/workspace/members")


@post("/workspace/invitations/{invitation_id:str}/resend", opt=_ADMIN_WRITE)
async def resend_invitation(
    page: Page, invitations: InvitationService, invitation_id: Id
) -> Redirect:
    sent = await invitations.resend(page.user, page.user.workspace_id, invitation_id)
    await page.flash(
        "success", f"Invitation sent again to {sent.email}: the earlier link no longer works."
    )
    return page.redirect("/workspace/members")


@post("/workspace/invitations/{invitation_id:str}/revoke", opt=_ADMIN_WRITE)
async def revoke_invitation(
    page: Page, invitations: InvitationService, invitation_id: Id
) -> Redirect:
    await invitations.revoke(page.user, page.user.workspace_id, invitation_id)
    await page.flash("success", "The invitation is revoked: its link no longer works.")
    return page.redirect("/workspace/members")


@post("/workspace/members/{user_id:str}/role", opt=_ADMIN_WRITE)
async def change_role(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService, user_id: Id
) -> Redirect:
    values = await read_form(request)
    update = decode({"role": text(values, "role")}, MemberUpdate)
    member = await workspaces.change_role(page.user, page.user.workspace_id, user_id, update.role)
    await page.flash("success", f"{member.email} is now {member.role}.")
    if user_id == page.user_id:  # one's own role: the pages shown change with it
        return page.redirect("/")
    return page.redirect("/workspace/members")


@post("/workspace/members/{user_id:str}/remove", opt=_ADMIN_WRITE)
async def remove_member(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService, user_id: Id
) -> Redirect:
    values = await read_form(request)
    revoke_keys = text(values, "revokeKeys") == "on"
    if user_id == page.user_id:  # removing oneself is leaving
        return await _leave(page, workspaces, revoke_keys)
    await workspaces.remove_member(
        page.user, page.user.workspace_id, user_id, revoke_keys=revoke_keys
    )
    kept = (
        " The API keys they made are revoked."
        if revoke_keys
        else " The API keys they made keep working, at the role they held."
    )
    await page.flash("success", f"The member is removed.{kept}")
    return page.redirect("/workspace/members")


@post("/workspace/leave", opt=_ANY_MEMBER)
async def leave(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService
) -> Redirect:
    values = await read_form(request)
    return await _leave(page, workspaces, text(values, "revokeKeys") == "on")


async def _leave(page: Page, workspaces: WorkspaceService, revoke_keys: bool) -> Redirect:
    principal = page.user
    left = (await workspaces.get(principal, principal.workspace_id)).name
    await workspaces.remove_member(
        principal, principal.workspace_id, page.user_id, revoke_keys=revoke_keys
    )
    await _act_in(page, None)  # back to the personal workspace
    await page.flash("success", f"You left {left}.")
    return page.redirect("/")


# The audit log


@get("/workspace/audit", opt=_ADMIN_READ)
async def audit_page(
    page: Page, audit_log: AuditLog, workspaces: WorkspaceService, cursor: Cursor = None
) -> Template:
    principal = page.user
    entries = await audit_log.list(
        principal, principal.workspace_id, limit=AUDIT_PAGE_SIZE, cursor=cursor
    )
    # Actors by address where they are members still; an id otherwise.
    members = await workspaces.members(principal, principal.workspace_id)
    emails = {member.user_id: member.email for member in members.data}
    return await page.render(
        "workspace_audit.html",
        entries=entries.data,
        next_cursor=entries.next_cursor,
        first_page=cursor is None,
        emails=emails,
    )


# Settings


async def _settings_page(
    page: Page,
    workspaces: WorkspaceService,
    form: dict[str, str] | None,
    errors: FormErrors,
    delete_errors: FormErrors = NO_ERRORS,
    status: int = 200,
) -> Template:
    principal = page.user
    current = await workspaces.get(principal, principal.workspace_id)
    return await page.render(
        "workspace_settings.html",
        status=status,
        current=current,
        form=form or {"name": current.name, "slug": current.slug},
        errors=errors,
        delete_errors=delete_errors,
    )


@get("/workspace/settings", opt=_ADMIN_READ)
async def settings_page(page: Page, workspaces: WorkspaceService) -> Template:
    return await _settings_page(page, workspaces, None, NO_ERRORS)


@post("/workspace/settings", opt=_ADMIN_WRITE)
async def update_settings(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService
) -> Any:
    values = await read_form(request)
    form = {"name": text(values, "name").strip(), "slug": text(values, "slug").strip()}
    try:
        if not form["name"]:
            raise validation([FieldError("name", "must not be blank")])
        # An empty slug keeps the one it has.
        data = decode({key: value for key, value in form.items() if value}, WorkspaceUpdate)
        await workspaces.update(page.user, page.user.workspace_id, data)
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _settings_page(page, workspaces, form, FormErrors.of(exc), status=exc.status)
    await page.flash("success", "The workspace is saved.")
    return page.redirect("/workspace/settings")


@post("/workspace/delete", opt=_OWNER_WRITE)
async def delete_workspace(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService
) -> Any:
    confirm = text(await read_form(request), "confirm").strip()
    principal = page.user
    name = (await workspaces.get(principal, principal.workspace_id)).name
    try:
        await workspaces.delete(principal, principal.workspace_id, confirm)
    except HopError as exc:
        if exc.status >= 500 or exc.status == 404:
            raise
        return await _settings_page(
            page, workspaces, None, NO_ERRORS, FormErrors.of(exc), status=exc.status
        )
    await _act_in(page, None)
    await page.flash("success", f"{name} is deleted, with everything it held.")
    return page.redirect("/")


# Accepting an invitation


@get("/invitations/accept")
async def accept_page(page: Page, invitations: InvitationService, token: Token = "") -> Any:
    """The e-mailed link: signed out, where to sign in or up; signed in, the workspace
    and role and a button (a link followed by a mail scanner accepts nothing)."""
    here = f"/invitations/accept?token={token}"
    if page.principal is None:
        return await page.render("invitation_accept.html", token=token, login=login_url(here))
    invitation = await invitations.preview(token)
    return await page.render(
        "invitation_accept.html", token=token, invitation=invitation, login=None
    )


@post("/invitations/accept", opt={"login": True})
async def accept(
    request: Request[Any, Any, Any],
    page: Page,
    invitations: InvitationService,
) -> Redirect:
    token = text(await read_form(request), "token")
    invitation = await invitations.preview(token)  # its workspace's name, for the notice
    accepted = await invitations.accept(page.user, token)
    # The session acts in the workspace joined from the next request on.
    await _act_in(page, accepted.workspace_id)
    await page.flash(
        "success", f"Welcome to {invitation.workspace_name}: you joined as {accepted.role}."
    )
    return page.redirect("/")


ROUTES = [
    switch_workspace,
    new_workspace_page,
    create_workspace,
    members_page,
    invite,
    resend_invitation,
    revoke_invitation,
    change_role,
    remove_member,
    leave,
    audit_page,
    settings_page,
    update_settings,
    delete_workspace,
    accept_page,
    accept,
]
