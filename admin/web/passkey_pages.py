"""Passkeys on the dashboard: adding one on the account page, renaming and removing
them (plain forms), and signing in with one on the login page.

The WebAuthn calls (``navigator.credentials.create/get``) need JavaScript: the small
script ``static/passkeys.js`` asks these JSON endpoints for the options, calls the
browser and posts the authenticator's answer back. Without JavaScript the buttons stay
hidden and every other form works. The JSON endpoints sit under the dashboard's CSRF
check like every form (the script sends the page's token in ``X-CSRF-Token``) and
answer their refusals as problem+json.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import msgspec
from litestar import Request, Response, post
from litestar.datastructures import Cookie
from litestar.params import Parameter
from litestar.response import Redirect

from admin.accounts.mfa import AccountMfa
from admin.accounts.passkeys import PasskeyService
from admin.auth.passkeys import CHALLENGE_TTL, Passkeys
from admin.auth.service import AuthService
from admin.errors import BadRequest, HopError
from admin.web.cookies import read_cookie
from admin.web.forms import read_form, text
from admin.web.mfa_pages import finish_sign_in
from admin.web.page import Page, safe_next
from common.clientip import client_network

PasskeyId = Annotated[str, Parameter(max_length=64)]
T = TypeVar("T")
_NO_STORE = {"Cache-Control": "no-store"}


class _Registration(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    credential: dict[str, Any]


class _SignIn(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    credential: dict[str, Any]
    next: str = "/"


def _problem(error: HopError) -> Response[bytes]:
    body = {"type": "about:blank", "title": error.title, "status": error.status}
    body["detail"] = error.detail
    return Response(
        msgspec.json.encode(body),
        status_code=error.status,
        media_type="application/problem+json",
        headers={**_NO_STORE, **error.headers},
    )


def _json(content: bytes | str, status: int = 200, cookies: list[Cookie] | None = None) -> Any:
    raw = content.encode() if isinstance(content, str) else content
    return Response(
        raw, status_code=status, media_type="application/json", headers=_NO_STORE, cookies=cookies
    )


async def _body(request: Request[Any, Any, Any], shape: type[T]) -> T:
    try:
        return msgspec.json.decode(await request.body(), type=shape)
    except msgspec.DecodeError as exc:
        raise BadRequest(f"The request body is not what this endpoint takes: {exc}") from exc


def _cookie_name(page: Page) -> str:
    return f"{'__Host-' if page.web.cookies.secure else ''}hop_passkey"


def _cookie(page: Page, value: str, max_age: int) -> Cookie:
    return Cookie(
        key=_cookie_name(page),
        value=value,
        max_age=max_age,
        path="/",
        secure=page.web.cookies.secure,
        httponly=True,
        samesite="strict",
    )


@post("/passkeys/register/options", opt={"login": True}, status_code=200)
async def register_options(page: Page, passkeys: PasskeyService) -> Any:
    """The options for ``navigator.credentials.create``, bound to this session."""
    assert page.session_id is not None  # a signed-in page has a session
    try:
        options = await passkeys.registration_options(page.user, page.session_id)
    except HopError as exc:
        if exc.status >= 500:
            raise
        return _problem(exc)
    return _json(options)


@post("/passkeys/register/verify", opt={"login": True}, status_code=201)
async def register_verify(
    request: Request[Any, Any, Any], page: Page, passkeys: PasskeyService
) -> Any:
    """Store the credential the authenticator made (``{name, credential}``)."""
    assert page.session_id is not None
    try:
        body = await _body(request, _Registration)
        added = await passkeys.add(page.user, page.session_id, body.name, body.credential)
    except HopError as exc:
        if exc.status >= 500:
            raise
        return _problem(exc)
    await page.flash("success", f"Passkey {added.name} added: you can sign in with it.")
    return _json(msgspec.json.encode(added), status=201)


@post("/passkeys/{passkey_id:str}/rename", opt={"login": True})
async def rename(
    request: Request[Any, Any, Any], page: Page, passkeys: PasskeyService, passkey_id: PasskeyId
) -> Redirect:
    name = text(await read_form(request), "name")
    try:
        renamed = await passkeys.rename(page.user, passkey_id, name)
    except HopError as exc:
        if exc.status >= 500:
            raise
        await page.flash("error", f"The passkey was not renamed: {exc.detail}")
        return page.redirect("/account#passkeys-heading")
    await page.flash("success", f"Passkey renamed {renamed.name}.")
    return page.redirect("/account#passkeys-heading")


@post("/passkeys/{passkey_id:str}/remove", opt={"login": True})
async def remove(page: Page, passkeys: PasskeyService, passkey_id: PasskeyId) -> Redirect:
    removed = await passkeys.remove(page.user, passkey_id)
    await page.flash("success", f"Passkey {removed.name} removed: it signs in no more.")
    return page.redirect("/account#passkeys-heading")


@post("/login/passkey/options", status_code=200)
async def sign_in_options(
    page: Page, passkey_auth: Passkeys, auth: AuthService, client_address: str
) -> Any:
    """The options for ``navigator.credentials.get`` (no e-mail: the authenticator offers
    its passkeys for this site), their challenge bound to this browser by a cookie."""
    try:
        await auth.throttle.begin_account_form(client_network(client_address))
        options, cookie = await passkey_auth.sign_in_options()
    except HopError as exc:
        if exc.status >= 500 and exc.status != 503:
            raise
        return _problem(exc)
    return _json(options, cookies=[_cookie(page, cookie, CHALLENGE_TTL)])


@post("/login/passkey/verify", status_code=200)
async def sign_in(
    request: Request[Any, Any, Any],
    page: Page,
    passkey_auth: Passkeys,
    account_mfa: AccountMfa,
    client_address: str,
) -> Any:
    """Sign in with the authenticator's assertion: a new session, and where to go."""
    spent = _cookie(page, "", 0)
    try:
        body = await _body(request, _SignIn)
        cookie = read_cookie(request.scope, _cookie_name(page))
        signed = await passkey_auth.sign_in(cookie, body.credential)
    except HopError as exc:
        if exc.status >= 500:
            raise
        response = _problem(exc)
        response.cookies.append(spent)
        return response
    # A passkey with user verification is two factors in one: no second step.
    done = await finish_sign_in(
        page,
        account_mfa,
        user_id=signed.user_id,
        credentials_version=signed.credentials_version,
        verified=signed.verified,
        target=safe_next(body.next),
        client_address=client_address,
        second_factor_done=True,
        cookies=[spent],
    )
    target = done.url
    return _json(msgspec.json.encode({"redirect": target}), cookies=list(done.cookies))


ROUTES = [register_options, register_verify, rename, remove, sign_in_options, sign_in]
