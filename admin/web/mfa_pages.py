"""Two-factor codes in the dashboard: the sign-in's second page, enrolment with its QR
code, turning codes off, and the account page's list of sessions.

``finish_sign_in`` is the one place any sign-in method (a password here; OpenID Connect,
GitHub, workspace SSO, passkeys) hands over once the first factor is proven: it asks for
the second factor when the person has one, and makes the session otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import segno
from litestar import Request, get, post
from litestar.datastructures import Cookie
from litestar.params import Parameter, QueryParameter
from litestar.response import Redirect, Template

from admin.accounts.mfa import AccountMfa
from admin.auth import CHALLENGE_TTL, AuthService, InvalidChallenge, WrongCode
from admin.errors import HopError, RateLimited, ServiceUnavailable
from admin.web.cookies import read_cookie
from admin.web.errors import CONFIRM_PATH, ENROL_PATH
from admin.web.forms import NO_ERRORS, FormErrors, read_form, text
from admin.web.page import Page, login_url, safe_next
from admin.workspaces import WorkspaceService
from admin.workspaces.schemas import WorkspaceUpdate

SECOND_FACTOR_PATH = "/login/two-factor"
Next = Annotated[str | None, QueryParameter(name="next", max_length=2000)]
Handle = Annotated[str, Parameter(max_length=64)]


async def finish_sign_in(
    page: Page,
    account_mfa: AccountMfa,
    *,
    user_id: str,
    credentials_version: int,
    verified: bool,
    target: str,
    client_address: str,
    second_factor_done: bool = False,
    workspace_id: str | None = None,
    cookies: Sequence[Cookie] = (),
) -> Redirect:
    """End a dashboard sign-in whose first factor is proven (a right password, an ID token
    from the provider, a passkey): every sign-in method calls this, never
    ``Sessions.create`` itself.

    When the person has two-factor codes on (and ``second_factor_done`` is False: pass
    True only when the first factor already was a second one, a passkey with user
    verification), no session is made yet: a challenge (admin/auth/mfa.py, 5 minutes,
    single use) goes into a short-lived HttpOnly cookie of this browser and the browser
    is sent to ``/login/two-factor``, which makes the session after a right code.
    Otherwise the session is made now (a new id; the browser's previous session ends)
    and the browser goes to ``target`` (``/confirm`` while the address is unconfirmed).
    ``target`` must already be a local path (``safe_next``). ``workspace_id`` is the
    workspace the session acts in (None: the personal one; a workspace's SSO names its
    own), kept through the second step; ``cookies`` go out with the answer whichever it is
    (a provider's flow cookie, cleared).
    """
    policy = page.web.cookies
    if verified and not second_factor_done and await account_mfa.factors.enabled(user_id):
        token = await account_mfa.factors.challenges.issue(user_id, workspace_id)
        return page.redirect(
            login_url(target).replace("/login", SECOND_FACTOR_PATH, 1),
            cookies=[*cookies, policy.mfa_cookie(token, CHALLENGE_TTL)],
        )
    sessions = page.web.sessions
    if page.session_id is not None and page.session is not None:
        await sessions.end(page.session_id, page.session.user_id)
    session_id, session = await sessions.create(
        user_id,
        credentials_version,
        client_address=client_address,
        user_agent=page.request.headers.get("user-agent", ""),
    )
    if workspace_id is not None:
        await sessions.switch_workspace(session_id, session, workspace_id)
    done = [*cookies, policy.session_cookie(session_id)]
    if read_cookie(page.request.scope, policy.mfa) is not None:
        done.append(policy.clear_mfa())  # the challenge it held is spent
    return page.redirect(target if verified else CONFIRM_PATH, cookies=done)


@get(SECOND_FACTOR_PATH)
async def second_factor_page(page: Page, target: Next = None) -> Any:
    if read_cookie(page.request.scope, page.web.cookies.mfa) is None:
        return page.redirect("/login")
    return await page.render("login_mfa.html", next=safe_next(target), errors=NO_ERRORS)


@post(SECOND_FACTOR_PATH)
async def second_factor(
    request: Request[Any, Any, Any],
    page: Page,
    auth: AuthService,
    account_mfa: AccountMfa,
    client_address: str,
) -> Any:
    values = await read_form(request)
    target = safe_next(text(values, "next"))
    token = read_cookie(request.scope, page.web.cookies.mfa)
    if not token:
        return page.redirect("/login")
    try:
        user_id, workspace_id = await account_mfa.finish_web(
            token, text(values, "code"), client_address
        )
    except InvalidChallenge:  # expired, spent or forged: sign in again
        return page.redirect("/login", cookies=[page.web.cookies.clear_mfa()])
    except (WrongCode, RateLimited, ServiceUnavailable) as exc:
        return await page.render(
            "login_mfa.html", status=exc.status, next=target, errors=FormErrors.of(exc)
        )
    account = await auth.account(user_id, cached=False)
    if account is None:
        return page.redirect("/login", cookies=[page.web.cookies.clear_mfa()])
    return await finish_sign_in(
        page,
        account_mfa,
        user_id=user_id,
        credentials_version=account.credentials_version,
        verified=account.verified,
        target=target,
        client_address=client_address,
        second_factor_done=True,
        workspace_id=workspace_id,
    )


def qr_svg(uri: str) -> str:
    """The otpauth URI as an inline SVG QR code (no script, no other origin)."""
    code = segno.make_qr(uri, error="m")
    svg: str = code.svg_inline(scale=5, border=2, dark="#000", light="#fff")
    return svg


async def _two_factor_page(
    page: Page,
    account_mfa: AccountMfa,
    *,
    errors: FormErrors = NO_ERRORS,
    status: int = 200,
    enrolment: Any = None,
) -> Template:
    state = await account_mfa.state(page.user_id)
    return await page.render(
        "two_factor.html",
        status=status,
        state=state,
        enrolment=enrolment,
        qr=qr_svg(enrolment.otpauth_uri) if enrolment else None,
        required_by=page.user.mfa_required_by,
        errors=errors,
        headers={"Cache-Control": "no-store"},
    )


_ENROL = {"scope": "account:read", "mfa_enrolment": True}
_ENROL_WRITE = {"scope": "account:write", "mfa_enrolment": True}


@get(ENROL_PATH, opt=_ENROL)
async def two_factor_page(page: Page, account_mfa: AccountMfa) -> Template:
    return await _two_factor_page(page, account_mfa)


@post(f"{ENROL_PATH}/start", opt=_ENROL_WRITE)
async def start_two_factor(page: Page, account_mfa: AccountMfa) -> Any:
    try:
        enrolment = await account_mfa.start(page.user)
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _two_factor_page(
            page, account_mfa, errors=FormErrors.of(exc), status=exc.status
        )
    return await _two_factor_page(page, account_mfa, enrolment=enrolment)


@post(f"{ENROL_PATH}/confirm", opt=_ENROL_WRITE)
async def confirm_two_factor(
    request: Request[Any, Any, Any], page: Page, account_mfa: AccountMfa
) -> Any:
    code = text(await read_form(request), "code")
    try:
        codes = await account_mfa.confirm(page.user, code)
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _two_factor_page(
            page, account_mfa, errors=FormErrors.of(exc), status=exc.status
        )
    await page.flash(
        "secret",
        "Two-factor codes are on. Keep these recovery codes somewhere safe: each works "
        "once instead of a code, and they are shown this once.",
        secret=" ".join(codes),
    )
    return page.redirect(ENROL_PATH)


@post(f"{ENROL_PATH}/disable", opt={"scope": "account:write"})
async def disable_two_factor(
    request: Request[Any, Any, Any], page: Page, account_mfa: AccountMfa, client_address: str
) -> Any:
    values = await read_form(request)
    try:
        await account_mfa.disable(
            page.user, text(values, "password") or None, text(values, "code"), client_address
        )
    except HopError as exc:
        if exc.status >= 500 and not isinstance(exc, ServiceUnavailable):
            raise
        return await _two_factor_page(
            page, account_mfa, errors=FormErrors.of(exc), status=exc.status
        )
    await page.flash("success", "Two-factor codes are off.")
    return page.redirect(ENROL_PATH)


_SESSIONS = {"login": True, "mfa_enrolment": True}


@post("/account/sessions/others/end", opt=_SESSIONS)
async def end_other_sessions(page: Page) -> Redirect:
    """Sign out elsewhere: every session of the person but this one ends."""
    ended = await page.web.sessions.end_all(page.user_id, keep=page.session_id)
    await page.flash("success", f"{ended} other session{'s' if ended != 1 else ''} signed out.")
    return page.redirect("/account#sessions")


@post("/account/sessions/{handle:str}/end", opt=_SESSIONS)
async def end_session(page: Page, handle: Handle) -> Redirect:
    """Sign one session out (this one too: then the browser signs in again)."""
    ended = await page.web.sessions.end_by_handle(page.user_id, handle)
    await page.flash(
        "success" if ended else "error", "Signed out." if ended else "No such session."
    )
    return page.redirect("/account#sessions")


@post("/workspace/require-mfa", opt={"scope": "account:write", "role": "owner"})
async def require_mfa(
    request: Request[Any, Any, Any], page: Page, workspaces: WorkspaceService
) -> Redirect:
    """An owner requires (or stops requiring) two-factor sign-in of the workspace's members."""
    required = text(await read_form(request), "requireMfa") == "on"
    await workspaces.update(
        page.user, page.user.workspace_id, WorkspaceUpdate(require_mfa=required)
    )
    await page.flash(
        "success",
        "Members must now sign in with a second factor."
        if required
        else "Members no longer need a second factor.",
    )
    return page.redirect("/workspace/settings")


async def account_extras(page: Page, account_mfa: AccountMfa) -> dict[str, Any]:
    """What the account page shows of sign-in: two-factor state, the live sessions."""
    return {
        "two_factor": await account_mfa.state(page.user_id),
        "web_sessions": await page.web.sessions.listing(page.user_id, page.session_id),
    }


ROUTES = [
    second_factor_page,
    second_factor,
    two_factor_page,
    start_two_factor,
    confirm_two_factor,
    disable_two_factor,
    end_other_sessions,
    end_session,
    require_mfa,
]
