"""The platforms' own install flows, and Shopify's uninstall webhook.

- Shopify OAuth: ``GET /v1/integrations/shopify/install?shop=`` (authenticated) gives
  the ``/admin/oauth/authorize`` URL with a signed ``state`` naming the account,
  environment and shop. Shopify sends the owner back to our public callback with
  ``code, hmac, host, shop, state, timestamp``: the HMAC must verify (app secret),
  the timestamp be fresh, ``shop`` a myshopify.com host equal to the state's, the
  state ours and unexpired; then the code is exchanged for an offline token at
  ``/admin/oauth/access_token`` and the token checked with one call like a pasted one.
- WooCommerce: ``GET /v1/integrations/woocommerce/install?storeUrl=`` gives the store's
  ``/wc-auth/v1/authorize`` URL; WooCommerce POSTs the new keys to our callback with
  our signed state as ``user_id``, and sends the owner to the return URL.
- ``app/uninstalled`` (``X-Shopify-Hmac-Sha256`` over the raw body) revokes every
  integration our app installed for that shop.
"""

from __future__ import annotations

import logging
import time
from urllib.parse import urlencode

from admin.auth.principal import Environment, Principal
from admin.db import Database
from admin.errors import BadRequest, FieldError, Unauthorized, validation
from admin.integrations import repository as repo
from admin.integrations import shopify_auth
from admin.integrations.errors import CredentialNotAccepted, IntegrationsNotConfigured
from admin.integrations.platform import CredentialRefused, StoreProblem, WooCredential
from admin.integrations.schemas import CallbackDone, InstallUrl, Integration, WooKeys
from admin.integrations.service import IntegrationService, store_problem, store_url_of
from admin.integrations.shopify import ShopifyClient
from admin.integrations.state import STATE_TTL, InstallState, StateSigner
from common.settings import StoreSettings

logger = logging.getLogger(__name__)
TIMESTAMP_SKEW = 60  # seconds a callback's timestamp may be ahead of our clock
UNINSTALLED = "app/uninstalled"


def _acting(state: InstallState) -> Principal:
    """The owner the state names, as far as saving an integration needs one."""
    environment: Environment = "test" if state.environment == "test" else "live"
    return Principal(
        user_id=state.user_id,
        environment=environment,
        scopes=frozenset(),
        plan="free",
        limit_per_minute=0,
        limit_per_month=0,
    )


class InstallService:
    def __init__(
        self,
        integrations: IntegrationService,
        *,
        db: Database,
        shopify: ShopifyClient,
        signer: StateSigner,
        settings: StoreSettings,
        base_url: str,
    ) -> None:
        self.integrations = integrations
        self.db = db
        self.shopify = shopify
        self.signer = signer
        self.settings = settings
        self.base_url = base_url

    def _shopify_app(self) -> tuple[str, str]:
        app = self.settings.shopify
        if not app.api_key or not app.api_secret:
            raise IntegrationsNotConfigured(
                "Shopify app installs are not configured here (HOP_SHOPIFY_API_KEY and "
                "HOP_SHOPIFY_API_SECRET); connect with an Admin API access token instead."
            )
        return app.api_key, app.api_secret

    def shopify_install(self, principal: Principal, shop: str) -> InstallUrl:
        client_id, _ = self._shopify_app()
        shop = shop.lower()
        if not shopify_auth.valid_shop(shop):
            raise validation([FieldError("shop", "must be a name.myshopify.com host")])
        state = self.signer.issue(principal.user_id, principal.environment, "shopify", shop)
        query = urlencode(
            {
                "client_id": client_id,
                "scope": self.settings.shopify.scopes,
                "redirect_uri": f"{self.base_url}/v1/integrations/shopify/callback",
                "state": state,
            }
        )
        base = self.shopify.shop_base(shop)
        return InstallUrl(
            authorize_url=f"{base}/admin/oauth/authorize?{query}", expires_in=STATE_TTL
        )

    async def shopify_callback(self, pairs: list[tuple[str, str]]) -> Integration:
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
        code = query.get("code", "")
        if not code or len(code) > 512:
            raise BadRequest("The callback carries no code.")
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

    def woo_install(self, principal: Principal, raw_store_url: str) -> InstallUrl:
        store = store_url_of(raw_store_url, allow_http=self.integrations.allow_http)
        state = self.signer.issue(principal.user_id, principal.environment, "woocommerce", store)
        query = urlencode(
            {
                "app_name": self.settings.woocommerce_app_name,
                "scope": "read",
                "user_id": state,
                "return_url": f"{self.base_url}/v1/integrations/woocommerce/return",
                "callback_url": f"{self.base_url}/v1/integrations/woocommerce/callback",
            }
        )
        return InstallUrl(
            authorize_url=f"{store}/wc-auth/v1/authorize?{query}", expires_in=STATE_TTL
        )

    async def woo_callback(self, keys: WooKeys) -> CallbackDone:
        state = self.signer.open(keys.user_id, "woocommerce")
        if state is None:
            raise Unauthorized("The user_id is not a state we issued, or it expired.")
        if keys.key_permissions not in ("read", "read_write"):
            raise validation([FieldError("key_permissions", "must allow reading")])
        credential = WooCredential(
            consumer_key=keys.consumer_key, consumer_secret=keys.consumer_secret
        )
        integration = await self.integrations.check_and_save(
            _acting(state), "woocommerce", credential, "oauth", state.store
        )
        return CallbackDone(ok=True, message="The store is connected.", integration=integration)

    async def shopify_webhook(
        self, body: bytes, hmac_header: str | None, topic: str | None, shop: str | None
    ) -> CallbackDone:
        _, secret = self._shopify_app()
        if not shopify_auth.verify_webhook(secret, body, hmac_header):
            raise Unauthorized("The webhook's X-Shopify-Hmac-Sha256 does not verify.")
        shop = (shop or "").lower()
        if topic != UNINSTALLED or not shopify_auth.valid_shop(shop):
            return CallbackDone(ok=True, message="Nothing to do for this topic.")
        async with self.db.connection() as conn:
            count = await repo.revoke_shop(conn, shop, "the app was uninstalled from the shop")
        logger.info(
            "shopify app uninstalled",
            extra={"action": "integration.uninstalled", "shop": shop, "revoked": count},
        )
        return CallbackDone(ok=True, message=f"{count} integration(s) revoked.")
