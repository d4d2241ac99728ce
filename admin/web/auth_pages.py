"""Signing in and out, sign-up, e-mail verification, forgotten passwords.

An account whose address is not confirmed may sign in, but its session sees only
``/confirm`` (which says so and sends the link again) and sign-out: every other page
redirects there (admin/web/routes.py, ``web_guard``; admin/web/errors.py).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import parse_qs, urlsplit

from litestar import Request, get, post
from litestar.params import Parameter, QueryParameter
from litestar.response import Redirect, Template

from admin.accounts.mfa import AccountMfa
from admin.accounts.selfservice import InvalidLink, SelfService
from admin.auth.service import AuthService
from admin.errors import (
    FieldError,
    HopError,
    RateLimited,
    ServiceUnavailable,
    Unauthorized,
    validation,
)
from admin.web.errors import CONFIRM_PATH
from admin.web.forms import NO_ERRORS, FormErrors, read_form, text
from admin.web.mfa_pages import finish_sign_in
from admin.web.page import Page, safe_next

_LOGIN_NOTICES = {
    "signed-out": "You are signed out.",
    "reset": "Your password was changed: sign in with the new one.",
    "verified": "Your e-mail address is verified: sign in to continue.",
}


def _refused(error: HopError) -> bool:
    """Errors a form shows above itself instead of an error page."""
    return isinstance(error, RateLimited | ServiceUnavailable) or error.status in (400, 403, 422)


Next = Annotated[str | None, QueryParameter(name="next", max_length=2000)]
Notice = Annotated[str | None, Parameter(max_length=32)]
Token = Annotated[str, Parameter(max_length=200)]


@get("/login")
async def login_page(page: Page, target: Next = None, notice: Notice = None) -> Any:
    if page.principal is not None:
        return page.redirect(safe_next(target))
    return await page.render(
        "login.html",
        next=safe_next(target),
        email="",
        errors=NO_ERRORS,
        notice=_LOGIN_NOTICES.get(notice or ""),
    )


@post("/login")
async def login(
    request: Request[Any, Any, Any],
    page: Page,
    auth: AuthService,
    account_mfa: AccountMfa,
    client_address: str,
) -> Any:
    values = await read_form(request)
    email, target = text(values, "email").strip(), safe_next(text(values, "next"))
    try:
        signed = await auth.check_password(email, text(values, "password"), client_address)
    except Unauthorized:
        # Said once, above the form: which of the two is wrong is not told.
        errors = FormErrors("The e-mail or password is incorrect.")
        return await page.render(
            "login.html", status=400, next=target, email=email, errors=errors, notice=None
        )
    except HopError as exc:
        if not _refused(exc):
            raise
        return await page.render(
            "login.html",
            status=exc.status,
            next=target,
            email=email,
            errors=FormErrors.of(exc),
            notice=None,
        )
    # The second factor, when the person has one, then the session (admin/web/mfa_pages.py).
    return await finish_sign_in(
        page,
        account_mfa,
        user_id=signed.user_id,
        credentials_version=signed.credentials_version,
        verified=signed.verified,
        target=target,
        client_address=client_address,
    )


@get("/logout")
async def logout_page(page: Page) -> Any:
    if page.principal is None:
        return page.redirect("/login")
    return await page.render("logout.html")


@post("/logout")
async def logout(page: Page) -> Redirect:
    if page.session_id is not None and page.session is not None:
        await page.web.sessions.end(page.session_id, page.session.user_id)
    return page.redirect("/login?notice=signed-out", cookies=[page.web.cookies.clear_session()])


@get("/signup")
async def signup_page(page: Page) -> Any:
    if page.principal is not None:
        return page.redirect("/")
    status = 200 if page.web.signup_open else 403
    return await page.render("signup.html", status=status, email="", errors=NO_ERRORS)


@post("/signup")
async def signup(
    request: Request[Any, Any, Any], page: Page, selfservice: SelfService, client_address: str
) -> Any:
    values = await read_form(request)
    email, password = text(values, "email").strip(), text(values, "password")
    try:
        if password != text(values, "confirmPassword"):
            raise _mismatch("confirmPassword")
        await selfservice.sign_up(email, password, client_address)
    except HopError as exc:
        if not _refused(exc):
            raise
        return await page.render(
            "signup.html", status=exc.status, email=email, errors=FormErrors.of(exc)
        )
    return page.redirect("/signup/sent")


def _mismatch(field: str) -> HopError:
    return validation([FieldError(field, "does not match the password")])


@get("/signup/sent")
async def signup_sent(page: Page) -> Template:
    return await page.render(
        "sent.html",
        heading="Check your e-mail",
        message="We sent a link to confirm your address. Follow it to finish signing up: "
        "until then, signing in only lets you ask for the link again.",
    )


@get("/verify")
async def verify_page(page: Page, token: Token = "") -> Template:
    return await page.render("verify.html", token=token, errors=NO_ERRORS)


@post("/verify")
async def verify(request: Request[Any, Any, Any], page: Page, selfservice: SelfService) -> Any:
    # The e-mail's token, or the whole link pasted on /confirm.
    token = text(await read_form(request), "token").strip()
    if "token=" in token:
        token = parse_qs(urlsplit(token).query).get("token", [""])[0]
    confirmed = await selfservice.verify(token) if token else None
    if confirmed is None:
        return await page.render(
            "verify.html", status=400, token="", errors=FormErrors.of(InvalidLink())
        )
    if page.principal is None or page.principal.user_id != confirmed.user_id:
        return page.redirect("/login?notice=verified")
    # The session that followed the link goes on; any other of the account has ended.
    await page.renew_credentials(confirmed.credentials_version)
    await page.web.sessions.end_all(confirmed.user_id, keep=page.session_id)
    await page.flash("success", "Your e-mail address is verified.")
    return page.redirect("/")


@get(CONFIRM_PATH, opt={"login": True, "unconfirmed": True})
async def confirm_page(page: Page) -> Any:
    """All an unconfirmed account's session sees: ask for the confirmation link again."""
    if page.user.verified:
        return page.redirect("/")
    return await page.render("confirm.html")


@post("/verify/resend", opt={"login": True, "unconfirmed": True})
async def resend_verification(page: Page, selfservice: SelfService) -> Redirect:
    await selfservice.resend_verification(page.user_id)
    await page.flash("success", "We sent you a new verification link.")
    return page.redirect(CONFIRM_PATH)


@get("/forgot")
async def forgot_page(page: Page) -> Template:
    return await page.render("forgot.html", email="", errors=NO_ERRORS)


@post("/forgot")
async def forgot(
    request: Request[Any, Any, Any], page: Page, selfservice: SelfService, client_address: str
) -> Any:
    email = text(await read_form(request), "email").strip()
    try:
        await selfservice.request_reset(email, client_address)
    except HopError as exc:
        if not _refused(exc):
            raise
        return await page.render(
            "forgot.html", status=exc.status, email=email, errors=FormErrors.of(exc)
        )
    return page.redirect("/forgot/sent")


@get("/forgot/sent")
async def forgot_sent(page: Page) -> Template:
    return await page.render(
        "sent.html",
        heading="Check your e-mail",
        message="If an account uses that address, we sent it a link to choose a new "
        "password. The link works once and expires soon.",
    )


@get("/reset")
async def reset_page(page: Page, token: Token = "") -> Template:
    return await page.render("reset.html", token=token, errors=NO_ERRORS)


@post("/reset")
async def reset(
    request: Request[Any, Any, Any], page: Page, selfservice: SelfService, client_address: str
) -> Any:
    values = await read_form(request)
    token, password = text(values, "token"), text(values, "password")
    try:
        if password != text(values, "confirmPassword"):
            raise _mismatch("confirmPassword")
        user_id = await selfservice.reset_password(token, password, client_address)
    except HopError as exc:
        if not _refused(exc):
            raise
        spent = isinstance(exc, InvalidLink)  # no use sending the same token again
        return await page.render(
            "reset.html", status=exc.status, token="" if spent else token, errors=FormErrors.of(exc)
        )
    await page.web.sessions.end_all(user_id)
    return page.redirect("/login?notice=reset", cookies=[page.web.cookies.clear_session()])


ROUTES = [
    login_page,
    login,
    logout_page,
    logout,
    signup_page,
    signup,
    signup_sent,
    verify_page,
    verify,
    confirm_page,
    resend_verification,
    forgot_page,
    forgot,
    forgot_sent,
    reset_page,
    reset,
]
