"""Signing in through a workspace's single sign-on (admin/workspaces/sso.py).

``GET /login/sso`` asks for the work address (a GET form: nothing changes before the
provider answers) and sends the browser to the provider of the workspace whose verified
domain the address is on, with the cookie that binds the sign-in's state to this browser
(``__Host-`` prefixed when the dashboard is https, as its other cookies). The provider
sends the browser back to ``GET /login/sso/callback``, which signs in: a new session,
acting in the workspace.
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, get
from litestar.datastructures import Cookie
from litestar.params import Parameter, QueryParameter
from litestar.response import Redirect

from admin.accounts.mfa import AccountMfa
from admin.errors import HopError
from admin.web.cookies import read_cookie
from admin.web.forms import NO_ERRORS, FormErrors
from admin.web.mfa_pages import finish_sign_in
from admin.web.page import Page, safe_next
from admin.workspaces.sso import STATE_TTL, SsoService

Next = Annotated[str | None, QueryParameter(name="next", max_length=2000)]
Email = Annotated[str | None, Parameter(max_length=320)]
Param = Annotated[str | None, Parameter(max_length=2000)]
ErrorParam = Annotated[str | None, QueryParameter(name="error", max_length=200)]
# ``state`` is a name Litestar reserves for the application state.
StateParam = Annotated[str | None, QueryParameter(name="state", max_length=200)]


def _cookie_name(page: Page) -> str:
    return "__Host-hop_sso" if page.web.cookies.secure else "hop_sso"


def _cookie(page: Page, value: str, max_age: int) -> Cookie:
    return Cookie(
        key=_cookie_name(page),
        value=value,
        max_age=max_age,
        path="/",
        secure=page.web.cookies.secure,
        httponly=True,
        # Lax: sent on the provider's top-level redirect back to us.
        samesite="lax",
    )


@get("/login/sso")
async def sso_login(page: Page, sso: SsoService, email: Email = None, target: Next = None) -> Any:
    target = safe_next(target)
    if page.principal is not None:
        return page.redirect(target)
    if not email:
        return await page.render("sso_login.html", next=target, email="", errors=NO_ERRORS)
    try:
        departure = await sso.begin(email, target)
    except HopError as exc:
        if exc.status >= 500 and exc.status != 502:
            raise
        return await page.render(
            "sso_login.html",
            status=exc.status,
            next=target,
            email=email,
            errors=FormErrors.of(exc),
        )
    return Redirect(
        departure.url, status_code=303, cookies=[_cookie(page, departure.binding, STATE_TTL)]
    )


@get("/login/sso/callback")
async def sso_callback(
    request: Request[Any, Any, Any],
    page: Page,
    sso: SsoService,
    account_mfa: AccountMfa,
    client_address: str,
    oauth_state: StateParam = None,
    code: Param = None,
    error: ErrorParam = None,
) -> Any:
    cleared = _cookie(page, "", 0)
    try:
        signed = await sso.finish(
            state=oauth_state,
            code=code,
            error=error,
            cookie=read_cookie(request.scope, _cookie_name(page)),
        )
    except HopError as exc:
        if exc.status >= 500 and exc.status != 502:
            raise
        return await page.render(
            "sso_login.html",
            status=exc.status,
            next="/",
            email="",
            # The cookie stays: a forged callback must not end this browser's own
            # sign-in in flight (it binds only its state, and expires with it).
            errors=FormErrors.of(exc),
        )
    # The second factor, when the person has one, then a session acting in the workspace.
    return await finish_sign_in(
        page,
        account_mfa,
        user_id=signed.user_id,
        credentials_version=signed.credentials_version,
        verified=True,  # the workspace's provider vouched for an address on its domain
        target=safe_next(signed.next),
        client_address=client_address,
        workspace_id=signed.workspace_id,
        cookies=[cleared],
    )


ROUTES = [sso_login, sso_callback]
