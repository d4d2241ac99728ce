"""Composition root of the admin API: wires settings, stores, services and routes.

``granian --interface asgi --factory admin.app:create_app`` (what `hop admin`
runs) calls ``create_app`` once per worker process.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from collections.abc import Callable
from typing import Any

from litestar import Litestar, Request
from litestar.di import Provide

from admin.accounts.identities import IdentityService
from admin.accounts.keys import ApiKeyService
from admin.accounts.mfa import AccountMfa
from admin.accounts.mfa_routes import MfaController, MfaLoginController
from admin.accounts.passkey_routes import PasskeyController
from admin.accounts.passkeys import PasskeyService
from admin.accounts.routes import AccountController
from admin.accounts.selfservice import SelfService
from admin.accounts.service import AccountService
from admin.analytics.live_service import LiveService
from admin.analytics.routes import (
    AccountAnalyticsController,
    AnalyticsController,
    LinkLiveClicksController,
    LiveClicksController,
)
from admin.analytics.service import AnalyticsService
from admin.audit.log import AuditLog
from admin.audit.routes import AuditLogController
from admin.auth.cache import AuthCache
from admin.auth.jwt_tokens import AccessTokens
from admin.auth.mfa import SecondFactors
from admin.auth.passkeys import Passkeys
from admin.auth.passwords import Passwords
from admin.auth.routes import AuthController
from admin.auth.service import AuthService
from admin.auth.throttle import LoginThrottle
from admin.auth.usage import KeyUsage
from admin.bio.cache import BioCache
from admin.bio.routes import BioController
from admin.bio.service import BioService
from admin.db import Database, create_export_pool, create_pool
from admin.db.redis_batch import RedisBatcher
from admin.domains.routes import DomainController
from admin.domains.service import DomainService
from admin.domains.txt import TxtLookup
from admin.export.clicks import ClickExportService
from admin.export.routes import ClickExportController, ExportController
from admin.export.service import ExportService
from admin.export.slots import ExportSlots
from admin.http.allow import fix_options
from admin.http.asgi import ASGIApp
from admin.http.dependencies import sequential_dependencies
from admin.http.gate import Gate, client_address
from admin.http.guards import provide_principal, require_scope
from admin.http.health import health, ready
from admin.http.idempotency import IdempotencyStore, idempotency
from admin.http.metrics import RequestMetrics
from admin.http.openapi import openapi_config, openapi_json
from admin.http.problems import EXCEPTION_HANDLERS
from admin.http.ratelimit import RateLimiter, window_clock
from admin.imports.routes import ImportController
from admin.imports.service import ImportService
from admin.integrations.routes import IntegrationCallbacks, IntegrationController
from admin.integrations.wiring import build_integrations
from admin.links.admission import Admission, OwnHosts
from admin.links.cache import LinkCache
from admin.links.managed import ManagedLinks
from admin.links.routes import LinkController, LinkReviewController, TagController
from admin.links.service import LinkService
from admin.outbound.client import OutboundClient
from admin.outbound.policy import AddressPolicy
from admin.qr.routes import QrController
from admin.qr.service import QrService
from admin.safety.checker import checker_for
from admin.safety.index import SafetyIndex
from admin.safety.quota import NewAccountQuota
from admin.safety.service import SafetyService
from admin.secretbox import SecretBox
from admin.web.errors import web_aware
from admin.web.oidc_pages import build_providers
from admin.web.routes import build_web, web_key
from admin.web.templating import template_config
from admin.webhooks.routes import WebhookController
from admin.webhooks.service import WebhookService
from admin.workspaces.invitation_routes import InvitationAcceptController, InvitationController
from admin.workspaces.invitations import InvitationService
from admin.workspaces.routes import WorkspaceController
from admin.workspaces.service import WorkspaceService
from admin.workspaces.sso import SsoService
from admin.workspaces.sso_client import SsoClient
from admin.workspaces.sso_routes import SsoController
from common.clientip import TrustedProxies
from common.domains import CustomDomains
from common.heap import freeze_startup_heap
from common.linkpass import LinkPasswords
from common.logs import configure_logging
from common.redis_store import check_eviction_policy, connect, ensure_version
from common.settings import Settings, SettingsError, load_settings

logger = logging.getLogger(__name__)
# Seconds PostgreSQL gives an idle export transaction beyond the admin's own idle time-out.
EXPORT_BACKSTOP_SECONDS = 5.0
# Seconds one query of an export may run (PostgreSQL statement_timeout).
EXPORT_STATEMENT_TIMEOUT = 60.0

# Everything the API serves; tests/unit/test_patterns.py walks its OpenAPI document.
ROUTE_HANDLERS: list[Any] = [
    health,
    ready,
    openapi_json,
    AuthController,
    LinkController,
    TagController,
    DomainController,
    AnalyticsController,
    AccountAnalyticsController,
    LiveClicksController,
    LinkLiveClicksController,
    QrController,
    BioController,
    ExportController,
    ClickExportController,
    WebhookController,
    ImportController,
    LinkReviewController,
    IntegrationController,
    IntegrationCallbacks,
    AccountController,
    PasskeyController,
    InvitationController,
    InvitationAcceptController,
    AuditLogController,
    WorkspaceController,
    SsoController,
    MfaController,
    MfaLoginController,
]


def _constant(value: Any) -> Provide:
    def provide() -> Any:
        return value

    return Provide(provide, sync_to_thread=False, use_cache=True)


class Stores:
    """The admin's connections (PostgreSQL pools, Redis) and the background tasks that
    live as long as they do: built here, opened on start-up, closed on shutdown."""

    def __init__(self, settings: Settings, database_url: str, redis_url: str) -> None:
        self.pool = create_pool(database_url, settings.admin.db_pool_size)
        self.export_pool = create_export_pool(
            database_url,
            settings.admin.export_concurrency,
            statement_timeout=EXPORT_STATEMENT_TIMEOUT,
            # A backstop: the admin itself cuts a stalled export after the idle time-out
            # and rolls back; PostgreSQL ends the transaction a little later should it not.
            idle_in_transaction_timeout=settings.admin.export_idle_timeout
            + EXPORT_BACKSTOP_SECONDS,
        )
        self.redis = connect(redis_url, socket_timeout=5, socket_connect_timeout=5)
        self.db = Database(self.pool)
        self.batcher = RedisBatcher(self.redis)
        self.auth_cache = AuthCache(settings.auth.cache_ttl)
        self.auth_changes = self.auth_cache.listen(self.redis)
        self.key_usage = KeyUsage(self.db, settings.auth.key_usage_interval)
        # Feed entries and operator host rules in memory, kept current over Redis.
        self.safety_index = SafetyIndex()
        self.safety_changes = self.safety_index.subscription(self.redis)
        # The verified custom domains, kept current over Redis as on every edge: a link
        # may not send visitors to one of them (a redirect loop through us).
        self.custom_domains = CustomDomains(self.redis)
        self._background: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        # A Redis older than we run on refuses the start, saying so; one that cannot be
        # asked now does not (the admin rides out an outage; the worker checks again).
        if not await ensure_version(self.redis):
            logger.warning(
                "Redis version not checked: Redis unavailable",
                extra={"action": "admin.redis_version_unchecked"},
            )
        await check_eviction_policy(self.redis, "admin")  # logs a warning unless noeviction
        await self.pool.open(wait=False)
        await self.export_pool.open(wait=False)
        self._background.append(asyncio.create_task(self.auth_changes.run()))
        self._background.append(asyncio.create_task(self.key_usage.run()))
        self._background.append(asyncio.create_task(self.safety_changes.run()))
        self._background.append(asyncio.create_task(self.safety_index.run(self.db)))
        self._background.append(asyncio.create_task(self.custom_domains.run()))

    async def close(self) -> None:
        self.auth_changes.stop()
        self.safety_changes.stop()
        self.custom_domains.stop()
        for task in self._background:
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        await self.key_usage.flush()
        await self.pool.close()
        await self.export_pool.close()
        await self.redis.aclose()


def _auth(settings: Settings, stores: Stores) -> AuthService:
    tokens = (
        AccessTokens(settings.auth.jwt_secret, settings.base_url, settings.auth.access_token_ttl)
        if settings.auth.jwt_secret
        else None
    )
    return AuthService(
        stores.db,
        stores.auth_cache,
        tokens,
        settings.limits,
        settings.auth.refresh_token_ttl,
        passwords=Passwords(
            settings.auth.password_hash_memory_kib, settings.auth.password_hash_concurrency
        ),
        throttle=LoginThrottle(
            stores.batcher, settings.limits.login, window_clock(settings.limits.window_time)
        ),
        usage=stores.key_usage,
    )


def _services(settings: Settings, stores: Stores, box: SecretBox) -> dict[str, Any]:
    """Every service a handler may ask for, by the name of its parameter."""
    db, redis = stores.db, stores.redis
    link_cache = LinkCache(stores.batcher)
    reservation_days = settings.admin.code_reservation_days
    checker = checker_for(settings.safety, db, stores.safety_index)
    # The one way in for every redirect, a link's or a QR code's or Bio page's: the loop
    # check (custom_hosts: the admin's live copy of the set the edges route by), the
    # new-account quota and the verdict of every destination.
    admission = Admission(
        OwnHosts(
            settings.short_base_url,
            lambda: stores.custom_domains.hosts,
            settings.short_host_aliases,
        ),
        checker,
        NewAccountQuota(db, stores.batcher, settings.safety),
    )
    managed = ManagedLinks(admission, settings.short_base_url)
    outbound = AddressPolicy(settings.webhooks.networks)
    # One bound for the export pool, which the account and link click exports share.
    export_slots = ExportSlots(settings.admin.export_concurrency)
    return {
        "db": db,
        "redis": redis,
        "links": LinkService(
            db,
            link_cache,
            settings.short_base_url,
            reservation_days,
            admission=admission,
            # Links' passwords have a hash pool of their own: a burst of protected links
            # never holds up sign-ins.
            passwords=Passwords(
                settings.auth.password_hash_memory_kib, settings.auth.password_hash_concurrency
            ),
            link_passwords=(
                LinkPasswords(settings.link_password_key) if settings.link_password_key else None
            ),
        ),
        "safety": SafetyService(db, checker, link_cache, settings.short_base_url, redis),
        "analytics": AnalyticsService(
            db, settings.short_base_url, settings.admin.orphans_workspace
        ),
        "live": LiveService(db, redis, stores.batcher, settings.admin.live_streams_per_workspace),
        "domains": DomainService(
            db,
            TxtLookup(settings.admin.dns_resolver),
            [settings.short_base_url, settings.base_url],
            redis,
            served_hosts=lambda: stores.custom_domains.hosts,
            lapse_grace=settings.admin.domain_lapse_grace,
        ),
        "qr": QrService(db, link_cache, settings.short_base_url, managed),
        "export": ExportService(
            Database(stores.export_pool),
            export_slots,
            settings.short_base_url,
            settings.admin.export_idle_timeout,
        ),
        "click_export": ClickExportService(
            Database(stores.export_pool), export_slots, settings.admin.export_idle_timeout
        ),
        "bio": BioService(
            db,
            BioCache(redis),
            link_cache,
            redis,
            settings.short_base_url,
            reservation_days=reservation_days,
            managed=managed,
        ),
        "webhooks": WebhookService(db, box, outbound, allow_http=settings.webhooks.allow_http),
        "imports": ImportService(db, box, outbound, allow_http=settings.webhooks.allow_http),
    }


def _account_services(settings: Settings, stores: Stores, auth: AuthService) -> dict[str, Any]:
    return {
        "auth": auth,
        "accounts": AccountService(stores.db, auth.passwords),
        "api_keys": ApiKeyService(stores.db, stores.redis),
        "selfservice": SelfService(
            stores.db, stores.redis, auth, settings.accounts, settings.base_url
        ),
        "limit_settings": settings.limits,
        "invitations": InvitationService(stores.db, stores.redis, settings.base_url),
        "audit_log": AuditLog(stores.db),
        "workspaces": WorkspaceService(stores.db, stores.redis, auth),
        **_passkey_services(settings, stores),
    }


def _passkey_services(settings: Settings, stores: Stores) -> dict[str, Any]:
    """Passkeys: the WebAuthn ceremonies (the dashboard is the relying party) and the
    person's list of them. The sign-in cookie's key is the dashboard's (admin/web)."""
    key = (settings.auth.jwt_secret or secrets.token_urlsafe(32)).encode()
    ceremonies = Passkeys(stores.db, stores.redis, settings.base_url, key)
    return {
        "passkey_auth": ceremonies,
        "passkeys": PasskeyService(stores.db, ceremonies, settings.base_url),
    }


def _sso_http(settings: Settings) -> OutboundClient:
    """Calls to workspaces' identity providers: addresses their admins give us."""
    return OutboundClient(
        AddressPolicy(settings.webhooks.networks),
        timeout=10.0,
        max_bytes=1_000_000,
        user_agent="Hop-SSO/1",
    )


def _sso(
    settings: Settings,
    stores: Stores,
    box: SecretBox,
    workspaces: WorkspaceService,
    http: OutboundClient,
) -> SsoService:
    return SsoService(
        stores.db,
        stores.redis,
        workspaces=workspaces,
        box=box,
        lookup=TxtLookup(settings.admin.dns_resolver),
        client=SsoClient(http),
        base_url=settings.base_url,
        # Sign-in states' cookies must open in every admin process (as the dashboard's
        # CSRF tokens): keyed by the JWT secret; a random key only in bare tests.
        key=(settings.auth.jwt_secret or os.urandom(32).hex()).encode(),
    )


def _dependencies(services: dict[str, Any], settings: Settings) -> dict[str, Any]:
    dependencies: dict[str, Provide | Callable[..., Any]] = {
        name: _constant(value) for name, value in services.items()
    }
    dependencies["principal"] = Provide(provide_principal, sync_to_thread=False)
    trusted = TrustedProxies(settings.trusted_proxies)

    def provide_client_address(request: Request[Any, Any, Any]) -> str:
        return client_address(request.scope, trusted)

    dependencies["client_address"] = Provide(provide_client_address, sync_to_thread=False)
    return dependencies


def build_app(settings: Settings) -> ASGIApp:
    """The admin: the front door (admin/http/gate.py) around Litestar and its routes."""
    if settings.database_url is None:
        raise SettingsError("HOP_DATABASE_URL: required to run the admin")
    if settings.redis_url is None:
        raise SettingsError("HOP_REDIS_URL: required to run the admin")
    if settings.webhooks.secret_key is None:
        raise SettingsError("HOP_WEBHOOK_SECRET_KEY: required to run the admin")
    stores = Stores(settings, settings.database_url, settings.redis_url)
    box = SecretBox(settings.webhooks.secret_key)
    auth = _auth(settings, stores)
    services = {**_services(settings, stores, box), **_account_services(settings, stores, auth)}
    # Two-factor codes: the sign-in's second step (admin/auth/mfa.py, admin/accounts/mfa.py).
    factors = SecondFactors(stores.db, stores.redis, box, auth.throttle)
    auth.second_factor = factors
    services["account_mfa"] = AccountMfa(stores.db, stores.redis, auth, factors, settings.base_url)
    integrations = build_integrations(settings, stores.db, stores.redis, box, services["links"])
    services |= integrations.by_name()
    sso_http = _sso_http(settings)
    services["sso"] = _sso(settings, stores, box, services["workspaces"], sso_http)
    dashboard, door = build_web(settings, stores.redis, auth)
    # Sign-in through a provider (admin/web/oidc_pages.py): its flows' browser cookie is
    # keyed like the dashboard's CSRF tokens, so any admin process ends a flow.
    providers = build_providers(settings, stores.redis, web_key(settings))
    services["sign_in_providers"] = providers
    services["identities"] = IdentityService(
        stores.db,
        signup_open=settings.accounts.signup == "open",
        base_url=settings.base_url,
        oidc_name=settings.sign_in.oidc_name,
    )
    app = Litestar(
        route_handlers=[*ROUTE_HANDLERS, dashboard],
        dependencies=_dependencies(services, settings),
        guards=[require_scope],
        # Inside Litestar, so it sees the routed handler and runs its guards first.
        middleware=[idempotency(IdempotencyStore(stores.db, box, settings.limits.idempotency_ttl))],
        exception_handlers=web_aware(EXCEPTION_HANDLERS),
        template_config=template_config(),
        openapi_config=openapi_config(),
        # Last: the app and its stores are built, and live as long as the process.
        on_startup=[stores.open, freeze_startup_heap],
        on_shutdown=[stores.close, integrations.aclose, providers.aclose, sso_http.aclose],
        request_max_body_size=settings.admin.max_body_bytes,
        logging_config=None,
    )
    fix_options(app)
    sequential_dependencies(app)  # no task group per request (admin/http/dependencies.py)
    gate = Gate(
        app,
        auth,
        RateLimiter(stores.batcher, window_clock(settings.limits.window_time)),
        settings.limits.anonymous_per_minute,
        settings.trusted_proxies,
        max_body_bytes=settings.admin.max_body_bytes,
        web=door,
        dashboard_per_minute=settings.limits.dashboard_per_minute,
    )
    if settings.admin.metrics_listen is None:
        return gate
    return RequestMetrics(gate)


def create_app() -> ASGIApp:
    settings = load_settings(os.environ)
    configure_logging(settings.log_level, settings.log_format)
    return build_app(settings)
