"""The platforms' own install flows, and Shopify's uninstall webhook.

Every start (``GET /v1/integrations/<platform>/install`` or the dashboard's install form)
gives a signed ``state`` naming the account, environment and store, and sets the
starting browser's install cookie, whose secret the state is bound to (state.py). A
state completes an install once, and only in that browser:

- Shopify OAuth: Shopify sends the owner's browser back to our public callback with
  ``code, hmac, host, shop, state, timestamp``: the HMAC must verify (app secret), the
  timestamp be fresh, ``shop`` a myshopify.com host equal to the state's, the state ours
  and unexpired, the browser's cookie the state's, and the state not spent (Redis
  ``SET NX``); then the code is exchanged for an offline token at
  ``/admin/oauth/access_token`` and the token checked with one call like a pasted one.
- WooCommerce: the store's server POSTs the new keys to our callback with our state as
  ``user_id`` (no browser, so no cookie): the state is spent there, the keys checked
  with one call and kept sealed in Redis for the state's lifetime. Then WooCommerce
  sends the owner's browser to our return URL (``success=1&user_id=<state>``): only
  there, with the state's cookie, do the keys become an integration.
- ``app/uninstalled`` (``X-Shopify-Hmac-Sha256`` over the raw body) revokes every
  integration our app installed for the shop the signed body names, once per
  ``X-Shopify-Webhook-Id``.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

import msgspec

from admin.api.cookies import SetCookie
from admin.auth import Environment, Principal
from admin.db import Database
from admin.errors import BadRequest, FieldError, Unauthorized, validation
from admin.integrations import repository as repo
from admin.integrations import shopify_auth
from admin.integrations.errors import CredentialNotAccepted, IntegrationsNotConfigured
from admin.integrations.once import Once
from admin.integrations.platform import (
    CredentialRefused,
    StoreInfo,
    StoreProblem,
    WooCredential,
)
from admin.integrations.schemas import CallbackDone, InstallUrl, Integration, WooKeys
from admin.integrations.service import IntegrationService, store_problem, store_url_of
from admin.integrations.shopify import ShopifyClient
from admin.integrations.state import (
    STATE_TTL,
    InstallCookies,
    InstallState,
    Issued,
    StateSigner,
)
from admin.secretbox import SecretBox, SecretUnreadable
from common.keys import install_keys_key, install_state_used_key, shopify_webhook_key
from common.settings import StoreSettings

logger = logging.getLogger(__name__)
TIMESTAMP_SKEW = 60  # seconds a callback's timestamp may be ahead of our clock
UNINSTALLED = "app/uninstalled"
# What an install asks for: Hop only reads products (a Shopify app's access scopes; the
# name WooCommerce shows the store owner when asking for API keys).
SHOPIFY_SCOPES = "read_products"
WOOCOMMERCE_APP_NAME = "Hop"
# Shopify retries a failed delivery for up to 48 hours: a retry of a webhook we handled
# must still be known as one (else a late retry revokes a fresh reinstall).
WEBHOOK_SEEN_SECONDS = 72 * 3600
_WEBHOOK_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_NOT_THIS_BROWSER = (
    "This install was not started in this browser (its install cookie is missing or "
    "belongs to another install): start it again here."
)
_SPENT = "This install's state was used already: start the install again."


@dataclass(frozen=True)
class Started:
    """An install's authorize URL, and the cookie the starting browser must keep."""

    install: InstallUrl
    cookie: SetCookie


class _WaitingKeys(msgspec.Struct, frozen=True, kw_only=True):
    """WooCommerce keys the store accepted, waiting (sealed) for the starting browser."""

    credential: WooCredential
    info: StoreInfo


def _acting(state: InstallState) -> Principal:
    """The owner the state names, and who started the install, as far as saving an
    integration needs them."""
    environment: Environment = "test" if state.environment == "test" else "live"
    return Principal(
        workspace_id=state.workspace_id,
        user_id=state.user_id,
        key_id=state.key_id,
        role="admin",  # only an admin starts an install
        environment=environment,
        scopes=frozenset(),
        plan="free",
        limit_per_minute=0,
        limit_per_month=0,
    )


def _lifetime(state: InstallState) -> int:
    """Seconds a mark about ``state`` must live: past its expiry (and the clock skew)."""
    return max(1, state.expires - int(time.time()) + TIMESTAMP_SKEW)


def _keys_context(state: InstallState) -> str:
    """The associated data of the sealed waiting keys: they open for this install only."""
    return f"woocommerce install {state.nonce}"


def uninstalled_shop(body: bytes) -> str | None:
    """The shop an ``app/uninstalled`` body names (its ``myshopify_domain``), else None.

    The body is what the HMAC covers; the ``X-Shopify-Shop-Domain`` header is not, and a
    signature over other bytes under the same secret (an OAuth callback's query) is not
    a Shop object."""
    try:
        payload = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return None
    if not isinstance(payload, dict):
        return None
    shop = payload.get("myshopify_domain")
    if not isinstance(shop, str) or not shopify_auth.valid_shop(shop.lower()):
        return None
    return shop.lower()


class InstallService:
    def __init__(
        self,
        integrations: IntegrationService,
        *,
        db: Database,
        shopify: ShopifyClient,
        signer: StateSigner,
        once: Once,
        box: SecretBox,
        settings: StoreSettings,
        base_url: str,
    ) -> None:
        self.integrations = integrations
        self.db = db
        self.shopify = shopify
        self.signer = signer
        self.once = once
        self.box = box
        self.settings = settings
        self.base_url = base_url
        self.cookies = InstallCookies(base_url)

    @property
    def shopify_app_configured(self) -> bool:
        """Whether Shopify's own install flow can run here (else tokens only)."""
        return bool(self.settings.shopify.api_key and self.settings.shopify.api_secret)

    def _shopify_app(self) -> tuple[str, str]:
        app = self.settings.shopify
        if not app.api_key or not app.api_secret:
            raise IntegrationsNotConfigured(
                "Shopify app installs are not configured here (HOP_SHOPIFY_API_KEY and "
                "HOP_SHOPIFY_API_SECRET); connect with an Admin API access token instead."
            )
        return app.api_key, app.api_secret

    def _started(self, platform: str, url: str, issued: Issued) -> Started:
        return Started(
            install=InstallUrl(authorize_url=url, expires_in=STATE_TTL),
            cookie=self.cookies.issue(platform, issued),
        )

    def _bound(self, state: InstallState, cookies: Mapping[str, str]) -> None:
        """401 unless the request carries the cookie of the browser that started it."""
        if not self.signer.bound(state, self.cookies.read(cookies, state.platform)):
            raise Unauthorized(_NOT_THIS_BROWSER)

    async def _spend(self, state: InstallState) -> None:
        """401 unless this is the first use of the state."""
        if not await self.once.first(install_state_used_key(state.nonce), _lifetime(state)):
            raise Unauthorized(_SPENT)

    def shopify_install(self, principal: Principal, shop: str) -> Started:
        client_id, _ = self._shopify_app()
        shop = shop.lower()
        if not shopify_auth.valid_shop(shop):
            raise validation([FieldError("shop", "must be a name.myshopify.com host")])
        issued = self.signer.issue(
            principal.workspace_id,
            principal.environment,
            "shopify",
            shop,
            user_id=principal.user_id,
            key_id=principal.key_id,
        )
        query = urlencode(
            {
                "client_id": client_id,
                "scope": SHOPIFY_SCOPES,
                "redirect_uri": f"{self.base_url}/v1/integrations/shopify/callback",
                "state": issued.state,
            }
        )
        base = self.shopify.shop_base(shop)
        return self._started("shopify", f"{base}/admin/oauth/authorize?{query}", issued)

    async def shopify_callback(
        self, pairs: list[tuple[str, str]], cookies: Mapping[str, str]
    ) -> Integration:
        client_id, secret = self._shopify_app()
        if not shopify_auth.verify_query(secret, pairs):
            raise Unauthorized("The callback's hmac does not verify.")
        query = dict(pairs)
        shop = query.get("shop", "").lower()
        if not shopify_auth.valid_shop(shop):
            raise BadRequest("The callback's shop is not a myshopify.com host.")
        stamp = query.get("timestamp", "")
        now = time.time()
        if not stamp.isdigit() or not now - STATE_TTL <= int(stamp) <= now + TIMESTAMP_SKEW:
            raise Unauthorized("The callback's timestamp is missing or stale.")
        state = self.signer.open(query.get("state", ""), "shopify")
        if state is None or state.store != shop:
            raise Unauthorized(
                "The callback's state is not one we issued for this shop, or expired."
            )
        self._bound(state, cookies)
        code = query.get("code", "")
        if not code or len(code) > 512:
            raise BadRequest("The callback carries no code.")
        await self._spend(state)
        try:
            credential = await self.shopify.exchange_code(shop, client_id, secret, code)
        except CredentialRefused as exc:
            raise CredentialNotAccepted(f"{exc}.", "code") from None
        except StoreProblem as exc:
            raise store_problem("Shopify", exc) from None
        granted = {scope.strip() for scope in credential.scopes.split(",")}
        if credential.scopes and "read_products" not in granted:
            raise CredentialNotAccepted("Shopify granted no read_products scope.", "code")
        return await self.integrations.check_and_save(
            _acting(state), "shopify", credential, "oauth", shop
        )

    def woo_install(self, principal: Principal, raw_store_url: str) -> Started:
        store = store_url_of(raw_store_url, allow_http=self.integrations.allow_http)
        issued = self.signer.issue(
            principal.workspace_id,
            principal.environment,
            "woocommerce",
            store,
            user_id=principal.user_id,
            key_id=principal.key_id,
        )
        query = urlencode(
            {
                "app_name": WOOCOMMERCE_APP_NAME,
                "scope": "read",
                "user_id": issued.state,
                "return_url": f"{self.base_url}/v1/integrations/woocommerce/return",
                "callback_url": f"{self.base_url}/v1/integrations/woocommerce/callback",
            }
        )
        return self._started("woocommerce", f"{store}/wc-auth/v1/authorize?{query}", issued)

    async def woo_callback(self, keys: WooKeys) -> CallbackDone:
        """The store's server delivers the keys: checked, then kept for the browser."""
        state = self.signer.open(keys.user_id, "woocommerce")
        if state is None:
            raise Unauthorized("The user_id is not a state we issued, or it expired.")
        if keys.key_permissions not in ("read", "read_write"):
            raise validation([FieldError("key_permissions", "must allow reading")])
        await self._spend(state)
        credential = WooCredential(
            consumer_key=keys.consumer_key, consumer_secret=keys.consumer_secret
        )
        info = await self.integrations.check("woocommerce", credential, state.store)
        waiting = _WaitingKeys(credential=credential, info=info)
        sealed = self.box.seal(msgspec.json.encode(waiting).decode(), _keys_context(state))
        await self.once.keep(install_keys_key(state.nonce), sealed, _lifetime(state))
        return CallbackDone(
            ok=True,
            message="Keys received: the store is connected when its owner is back on Hop.",
        )

    async def woo_return(
        self, success: str | None, user_id: str | None, cookies: Mapping[str, str]
    ) -> CallbackDone:
        """The owner's browser is back: the keys its install received become an integration."""
        if success != "1":
            return CallbackDone(ok=False, message="The store owner did not approve the connection.")
        state = self.signer.open(user_id or "", "woocommerce")
        if state is None:
            raise Unauthorized("The user_id is not a state we issued, or it expired.")
        self._bound(state, cookies)
        key = install_keys_key(state.nonce)
        sealed = await self.once.take(key)
        if sealed is None:
            raise Unauthorized(
                "No keys are waiting for this install: the store did not deliver them, or "
                "the install was completed already."
            )
        try:
            waiting = msgspec.json.decode(
                self.box.open(sealed, _keys_context(state)), type=_WaitingKeys
            )
        except (SecretUnreadable, msgspec.DecodeError):
            raise Unauthorized(_SPENT) from None
        try:
            integration = await self.integrations.save(
                _acting(state), "woocommerce", waiting.info, waiting.credential, "oauth"
            )
        except Exception:
            # Not saved (the database failed): the same browser may come back to retry.
            await self.once.keep(key, sealed, _lifetime(state))
            raise
        return CallbackDone(ok=True, message="The store is connected.", integration=integration)

    async def shopify_webhook(
        self, body: bytes, hmac_header: str | None, topic: str | None, webhook_id: str | None
    ) -> CallbackDone:
        _, secret = self._shopify_app()
        if not shopify_auth.verify_webhook(secret, body, hmac_header):
            raise Unauthorized("The webhook's X-Shopify-Hmac-Sha256 does not verify.")
        # The topic header is not signed: this address is subscribed to app/uninstalled
        # only, and what it acts on (the shop) comes from the signed body.
        if topic != UNINSTALLED:
            return CallbackDone(ok=True, message="Nothing to do for this topic.")
        shop = uninstalled_shop(body)
        if shop is None:
            raise BadRequest("The webhook's body is not a Shop naming its myshopify_domain.")
        if webhook_id is None or not _WEBHOOK_ID.fullmatch(webhook_id):
            raise BadRequest("The webhook carries no valid X-Shopify-Webhook-Id.")
        seen = shopify_webhook_key(webhook_id)
        if not await self.once.first(seen, WEBHOOK_SEEN_SECONDS):
            return CallbackDone(ok=True, message="This webhook was handled already.")
        try:
            async with self.db.connection() as conn:
                count = await repo.revoke_shop(conn, shop, "the app was uninstalled from the shop")
        except Exception:
            await self.once.forget(seen)  # not handled: Shopify's retry must be
            raise
        logger.info(
            "shopify app uninstalled",
            extra={"action": "integration.uninstalled", "shop": shop, "revoked": count},
        )
        return CallbackDone(ok=True, message=f"{count} integration(s) revoked.")
