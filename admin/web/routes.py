"""The dashboard's router and how the admin composes it (``build_web``)."""

from __future__ import annotations

import secrets
from typing import Any

from litestar import Router
from litestar.connection import ASGIConnection
from litestar.di import Provide
from litestar.handlers.base import BaseRouteHandler

from admin.auth.service import AuthService
from admin.auth.sessions import Sessions
from admin.errors import AddressUnconfirmed
from admin.http.gate import principal_of
from admin.http.guards import check_mfa
from admin.web import (
    account_analytics_pages,
    account_pages,
    analytics_pages,
    auth_pages,
    bio_pages,
    bulk_pages,
    domain_pages,
    import_pages,
    integration_pages,
    link_pages,
    mfa_pages,
    oidc_pages,
    passkey_pages,
    qr_pages,
    sso_pages,
    webhook_pages,
    workspace_pages,
)
from admin.web.assets import static_file
from admin.web.cookies import CookiePolicy
from admin.web.csrf import SAFE_METHODS, Csrf
from admin.web.door import WebDoor
from admin.web.errors import send_error_page
from admin.web.page import LoginRequired, WebConfig, provide_page
from common.settings import Settings

PAGES: list[Any] = [
    *auth_pages.ROUTES,
    *link_pages.ROUTES,
    *bulk_pages.ROUTES,
    *import_pages.ROUTES,
    *analytics_pages.ROUTES,
    *account_analytics_pages.ROUTES,
    *qr_pages.ROUTES,
    *bio_pages.ROUTES,
    *webhook_pages.ROUTES,
    *domain_pages.ROUTES,
    *integration_pages.ROUTES,
    *account_pages.ROUTES,
    *workspace_pages.ROUTES,
    *passkey_pages.ROUTES,
    *oidc_pages.ROUTES,
    *sso_pages.ROUTES,
    *mfa_pages.ROUTES,
]


def web_guard(csrf: Csrf) -> Any:
    """Every dashboard route: ``opt={"login": True}`` needs a session (routes with a
    scope get that from the API's scope guard) of a confirmed account unless the route
    also says ``"unconfirmed": True`` (an unconfirmed account's session holds no scope
    and is sent to the page that asks for the confirmation), and every unsafe method a
    CSRF token."""

    async def guard(
        connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler
    ) -> None:
        # Async on purpose: Litestar runs synchronous guards in a worker thread.
        if handler.opt.get("login"):
            principal = principal_of(connection.scope)
            if principal is None:
                raise LoginRequired
            if not principal.verified and not handler.opt.get("unconfirmed"):
                raise AddressUnconfirmed
            check_mfa(principal, handler)  # sent to enrol (admin/web/errors.py)
        if connection.scope.get("method", "GET") not in SAFE_METHODS:
            await csrf.check(connection)

    return guard


def web_router(config: WebConfig) -> Router:
    return Router(
        path="/",
        route_handlers=[*PAGES, static_file],
        guards=[web_guard(config.csrf)],
        dependencies={
            "page": Provide(provide_page, sync_to_thread=False),
            "web": Provide(lambda: config, sync_to_thread=False, use_cache=True),
        },
        include_in_schema=False,
    )


_BARE_KEY = secrets.token_urlsafe(32).encode()


def web_key(settings: Settings) -> bytes:
    """The dashboard's server key: from the JWT secret (required by `hop admin`), so it
    is the same in every admin process; a random one per process only in bare tests."""
    return settings.auth.jwt_secret.encode() if settings.auth.jwt_secret else _BARE_KEY


def build_web(settings: Settings, redis: Any, auth: AuthService) -> tuple[Router, WebDoor]:
    """The dashboard's router and the gate's door for it, for one admin process."""
    accounts = settings.accounts
    cookies = CookiePolicy(settings.base_url, accounts.session_lifetime)
    # Signed anonymous CSRF tokens and sealed flash secrets must open in every admin
    # process: the key comes from the JWT secret (required by `hop admin`); a random one
    # only in bare tests.
    key = web_key(settings)
    config = WebConfig(
        sessions=Sessions(
            redis, accounts.session_idle_timeout, accounts.session_lifetime, server_key=key
        ),
        cookies=cookies,
        csrf=Csrf(key, cookies, settings.base_url),
        base_url=settings.base_url,
        short_base_url=settings.short_base_url,
        signup_open=accounts.signup == "open",
        sign_in_options=oidc_pages.sign_in_options(settings),
    )
    door = WebDoor(config.sessions, auth, cookies, send_error_page)
    return web_router(config), door
