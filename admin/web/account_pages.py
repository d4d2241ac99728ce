"""The account page (plan, limits, verified state, password change) and API keys."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, get, post
from litestar.params import Parameter
from litestar.response import Redirect, Template

from admin.accounts.identities import IdentityService
from admin.accounts.keys import ApiKeyService
from admin.accounts.mfa import AccountMfa
from admin.accounts.passkeys import PasskeyService
from admin.accounts.schemas import ApiKeyCreate
from admin.accounts.selfservice import SelfService
from admin.accounts.service import AccountService
from admin.auth.scopes import RESOURCES
from admin.errors import FieldError, HopError, validation
from admin.web.forms import NO_ERRORS, FormErrors, decode, many, read_form, text
from admin.web.mfa_pages import account_extras
from admin.web.page import Page, safe_next
from common.settings import LimitSettings

KeyId = Annotated[str, Parameter(max_length=64)]


async def _account_page(
    page: Page,
    accounts: AccountService,
    limit_settings: LimitSettings,
    errors: FormErrors,
    status: int = 200,
    passkeys: PasskeyService | None = None,
    identities: IdentityService | None = None,
    account_mfa: AccountMfa | None = None,
) -> Template:
    me = await accounts.me(page.user_id, page.user.workspace_id, limit_settings)
    keys = (await passkeys.list(page.user)).data if passkeys is not None else []
    # Linked identities at other providers (admin/web/oidc_pages.py unlinks them).
    linked = await identities.list(page.user_id) if identities is not None else []
    # No password (signed up through a provider): one is set only through a reset.
    has_password = identities is None or await identities.has_password(page.user_id)
    # Two-factor codes and the sessions list (admin/web/mfa_pages.py).
    extras = await account_extras(page, account_mfa) if account_mfa else {}
    return await page.render(
        "account.html",
        status=status,
        me=me,
        errors=errors,
        passkeys=keys,
        identities=linked,
        has_password=has_password,
        **extras,
    )


@get("/account", opt={"scope": "account:read"})
async def account_page(
    page: Page,
    accounts: AccountService,
    limit_settings: LimitSettings,
    passkeys: PasskeyService,
    identities: IdentityService,
    account_mfa: AccountMfa,
) -> Template:
    return await _account_page(
        page,
        accounts,
        limit_settings,
        NO_ERRORS,
        passkeys=passkeys,
        identities=identities,
        account_mfa=account_mfa,
    )


@post("/account/password", opt={"login": True})
async def change_password(
    request: Request[Any, Any, Any],
    page: Page,
    selfservice: SelfService,
    accounts: AccountService,
    limit_settings: LimitSettings,
    client_address: str,
    passkeys: PasskeyService,
    identities: IdentityService,
    account_mfa: AccountMfa,
) -> Any:
    values = await read_form(request)
    new = text(values, "newPassword")
    try:
        if new != text(values, "confirmPassword"):
            raise validation([FieldError("confirmPassword", "does not match the new password")])
        version = await selfservice.change_password(
            page.user_id, text(values, "currentPassword"), new, client_address
        )
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _account_page(
            page,
            accounts,
            limit_settings,
            FormErrors.of(exc),
            status=exc.status,
            passkeys=passkeys,
            identities=identities,
            account_mfa=account_mfa,
        )
    assert page.session_id is not None  # a signed-in page has a session
    await page.renew_credentials(version)  # this session goes on; others have ended
    ended = await page.web.sessions.end_all(page.user_id, keep=page.session_id)
    others = f" {ended} other session{'s' if ended != 1 else ''} signed out." if ended else ""
    await page.flash("success", f"Your password was changed.{others}")
    return page.redirect("/account")


async def _keys_page(
    page: Page,
    api_keys: ApiKeyService,
    form: dict[str, Any],
    errors: FormErrors,
    status: int = 200,
) -> Template:
    listing = await api_keys.list(page.user)
    return await page.render(
        "keys.html",
        status=status,
        keys=listing.data,
        resources=RESOURCES,
        form=form,
        errors=errors,
    )


_NEW_KEY = {"name": "", "environment": "live", "scopes": ["links:read", "links:write"]}


@get("/keys", opt={"scope": "account:read"})
async def keys_page(page: Page, api_keys: ApiKeyService) -> Template:
    # In the sandbox only sandbox keys can be made (admin/accounts/keys.py).
    return await _keys_page(
        page, api_keys, {**_NEW_KEY, "environment": page.user.environment}, NO_ERRORS
    )


@post("/keys", opt={"scope": "account:write", "role": "admin"})
async def create_key(request: Request[Any, Any, Any], page: Page, api_keys: ApiKeyService) -> Any:
    values = await read_form(request)
    body: dict[str, Any] = {
        "scopes": many(values, "scopes"),
        "environment": text(values, "environment") or "live",
    }
    if name := text(values, "name").strip():
        body["name"] = name
    form = {"name": name, "environment": body["environment"], "scopes": body["scopes"]}
    try:
        if not body["scopes"]:
            raise validation([FieldError("scopes", "must include at least one scope")])
        created = await api_keys.create(page.user, decode(body, ApiKeyCreate))
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _keys_page(page, api_keys, form, FormErrors.of(exc), status=exc.status)
    label = created.name or created.prefix
    await page.flash("secret", f"API key {label} created.", secret=created.key)
    return page.redirect("/keys")


@post("/keys/{key_id:str}/revoke", opt={"scope": "account:write", "role": "admin"})
async def revoke_key(page: Page, api_keys: ApiKeyService, key_id: KeyId) -> Redirect:
    await api_keys.revoke(page.user, key_id)
    await page.flash("success", "The key is revoked: it stops working at once.")
    return page.redirect("/keys")


@post("/sandbox", opt={"login": True})
async def switch_sandbox(request: Request[Any, Any, Any], page: Page) -> Redirect:
    """Switch the session between live and sandbox data (what svc_test_ keys see)."""
    assert page.session is not None  # opt login: a session
    assert page.session_id is not None
    values = await read_form(request)
    environment: Literal["live", "test"] = "test" if text(values, "sandbox") == "on" else "live"
    session = msgspec.structs.replace(page.session, environment=environment)
    await page.web.sessions.save(page.session_id, session)
    return page.redirect(safe_next(text(values, "next")))


ROUTES = [account_page, change_password, keys_page, create_key, revoke_key, switch_sandbox]
