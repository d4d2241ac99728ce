"""Settings of what Hop talks to beyond its own stores: webhook receivers, the mail
server, online stores, the AI endpoint, threat feeds. Each field declares its variable
beside it. Settings that point Hop at a third party (or a test's stand-in on loopback)
keep their names: operators behind proxies and private resolvers need them too."""

from typing import Annotated

import msgspec

from common.settings import parsers as p
from common.settings.variable import Variable

# fmt: off

class WebhookSettings(msgspec.Struct, frozen=True, kw_only=True):
    secret_key: Annotated[str | None, Variable(
        "HOP_WEBHOOK_SECRET_KEY", p.secret, None,
        "Key (32+ random chars, e.g. `openssl rand -base64 48`) encrypting webhook signing "
        "secrets and the responses kept for Idempotency-Key replays at rest (AES-256-GCM); keep "
        "it, stored secrets need it. Required by `hop admin` and `hop worker`; `hop dev` "
        "generates one in HOP_DATA_DIR. Placeholders and patterns are refused.", secret=True)]
    allow_http: Annotated[bool, Variable(
        "HOP_WEBHOOK_ALLOW_HTTP", p.boolean, False,
        "Development: accept plain `http://` webhook endpoints (default: https only).")]
    networks: Annotated[tuple[str, ...], Variable(
        "HOP_WEBHOOK_NETWORKS", p.webhook_networks, "public",
        "Where webhooks may be delivered. `public` (default): public addresses only. Development: "
        "comma-separated networks (e.g. `127.0.0.0/8,::1/128`) to deliver only inside them, "
        "private ones included.")]
    retry_schedule: Annotated[tuple[float, ...], Variable(
        "HOP_TEST_WEBHOOK_RETRY_SCHEDULE", p.schedule,
        (60.0, 300.0, 900.0, 3600.0, 21600.0, 86400.0),
        "Seconds to wait after failed attempt 1, 2, ... (+/-10 % jitter); after the last the "
        "delivery is given up (1 min, 5 min, 15 min, 1 h, 6 h, 24 h: docs/webhooks.md). Tests "
        "compress it to fractions of a second.", seam=True)]
    timeout: Annotated[float, Variable(
        "HOP_TEST_WEBHOOK_TIMEOUT", p.positive_seconds, 10.0,
        "Seconds one delivery attempt may take in all: resolve, connect, send, answer "
        "(docs/webhooks.md). Fault tests shorten it.", seam=True)]
    poll_interval: Annotated[float, Variable(
        "HOP_TEST_WEBHOOK_POLL_INTERVAL", p.positive_seconds, 0.5,
        "Seconds an idle dispatcher waits before looking for due deliveries again. Tests shorten "
        "it.", seam=True)]
    concurrency: Annotated[int, Variable(
        "HOP_TEST_WEBHOOK_CONCURRENCY", p.positive_int, 128,
        "Delivery attempts one worker process runs at once. Fault tests lower it.", seam=True)]
    max_in_flight: Annotated[int, Variable(
        "HOP_WEBHOOK_MAX_IN_FLIGHT", p.positive_int, 32,
        "Delivery attempts in flight for one webhook across all workers; 1 gives strict event "
        "order.")]


class MailSettings(msgspec.Struct, frozen=True, kw_only=True):
    smtp_url: Annotated[str | None, Variable(
        "HOP_SMTP_URL", p.smtp_url, None,
        "Mail server for owner e-mails: `smtp://user:pass@host:25`, `smtp+starttls://...:587` or "
        "`smtps://...:465`. Unset: e-mails are written to the log, without their body outside "
        "`hop dev` (HOP_DEV_MAIL_LOG); open sign-up then refuses to start. A placeholder password "
        "is refused.", secret=True)]
    sender: Annotated[str, Variable(
        "HOP_SMTP_FROM", p.mailbox, "Hop <hop@localhost>",
        "Sender of owner e-mails.")]
    dev_log: Annotated[bool, Variable(
        "HOP_DEV_MAIL_LOG", p.boolean, False,
        "Development only (`hop dev` sets it): with no HOP_SMTP_URL, the worker writes each "
        "e-mail to its log whole, confirmation and reset links included, and sign-up may be open "
        "without a mail server. Unset, such e-mails are logged without their body, and `hop "
        "admin` and `hop worker` refuse to start with HOP_SIGNUP=open and no HOP_SMTP_URL.")]


class SignInSettings(msgspec.Struct, frozen=True, kw_only=True):
    oidc_issuer: Annotated[str | None, Variable(
        "HOP_OIDC_ISSUER", p.issuer_url, None,
        "OpenID Connect provider the dashboard offers sign-in with (Google, Entra, Okta, "
        "Keycloak, Authentik...), found by discovery at "
        "`<issuer>/.well-known/openid-configuration`. https only (plain http on a loopback "
        "address for development). Needs HOP_OIDC_CLIENT_ID and HOP_OIDC_CLIENT_SECRET; "
        "register `HOP_BASE_URL/login/oidc/callback` as the redirect "
        "URI. Unset: no such button.")]
    oidc_client_id: Annotated[str | None, Variable(
        "HOP_OIDC_CLIENT_ID", p.credential, None,
        "Client id Hop has at HOP_OIDC_ISSUER.")]
    oidc_client_secret: Annotated[str | None, Variable(
        "HOP_OIDC_CLIENT_SECRET", p.credential, None,
        "Client secret Hop has at HOP_OIDC_ISSUER.", secret=True)]
    oidc_name: Annotated[str, Variable(
        "HOP_OIDC_NAME", p.text, "single sign-on",
        "The provider's name on the sign-in page's button (\"Sign in with <name>\").")]
    github_client_id: Annotated[str | None, Variable(
        "HOP_GITHUB_CLIENT_ID", p.credential, None,
        "Client id of a GitHub OAuth app (callback URL `HOP_BASE_URL/login/github/callback`): "
        "the sign-in page offers GitHub. Needs HOP_GITHUB_CLIENT_SECRET. Unset: no GitHub button.")]
    github_client_secret: Annotated[str | None, Variable(
        "HOP_GITHUB_CLIENT_SECRET", p.credential, None,
        "Client secret of that GitHub OAuth app.", secret=True)]
    github_web_url: Annotated[str, Variable(
        "HOP_GITHUB_WEB_URL", p.http_url, "https://github.com",
        "GitHub's web address (authorize page, `/login/oauth/access_token`); GitHub Enterprise "
        "Server's or a test's stand-in.")]
    github_api_url: Annotated[str, Variable(
        "HOP_GITHUB_API_URL", p.http_url, "https://api.github.com",
        "GitHub's REST API (`/user`, `/user/emails`); GitHub Enterprise Server's "
        "(`https://host/api/v3`) or a test's stand-in.")]


class ShopifySettings(msgspec.Struct, frozen=True, kw_only=True):
    api_key: Annotated[str | None, Variable(
        "HOP_SHOPIFY_API_KEY", p.credential, None,
        "Client id of the Shopify app, for the OAuth install flow. Unset: only pasted Admin API "
        "tokens connect Shopify stores.")]
    api_secret: Annotated[str | None, Variable(
        "HOP_SHOPIFY_API_SECRET", p.credential, None,
        "Client secret of the Shopify app: verifies OAuth callbacks and webhooks, exchanges "
        "install codes.", secret=True)]
    api_url: Annotated[str, Variable(
        "HOP_SHOPIFY_API_URL", p.shop_url_template, "https://{shop}",
        "Where a shop's Admin API lives; `{shop}` is its myshopify.com host. Tests point it at a "
        "loopback fake (e.g. `http://127.0.0.1:9000/{shop}`).")]


class StoreSettings(msgspec.Struct, frozen=True, kw_only=True):
    timeout: Annotated[float, Variable(
        "HOP_STORE_TIMEOUT", p.positive_seconds, 15.0,
        "Seconds one call to a store (Shopify, WooCommerce) may take in all, waits for its rate "
        "limit included; then the API answers 504. Addresses are checked like webhook endpoints "
        "(HOP_WEBHOOK_ALLOW_HTTP, HOP_WEBHOOK_NETWORKS).")]
    shopify: ShopifySettings


class GenerationQuota(msgspec.Struct, frozen=True, kw_only=True):
    free: Annotated[int, Variable(
        "HOP_AI_GENERATIONS_FREE_PER_MONTH", p.non_negative_int, 50,
        "AI copy generations per calendar month (UTC), free plan (live and sandbox together); "
        "template copy is not counted.")]
    pro: Annotated[int, Variable(
        "HOP_AI_GENERATIONS_PRO_PER_MONTH", p.non_negative_int, 1000,
        "AI copy generations per calendar month, pro plan.")]
    business: Annotated[int, Variable(
        "HOP_AI_GENERATIONS_BUSINESS_PER_MONTH", p.non_negative_int, 10_000,
        "AI copy generations per calendar month, business plan.")]


class AiSettings(msgspec.Struct, frozen=True, kw_only=True):
    base_url: Annotated[str | None, Variable(
        "HOP_AI_BASE_URL", p.http_url, None,
        "OpenAI-compatible Chat Completions endpoint for product copy (e.g. "
        "`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` for Ollama). Unset: copy comes "
        "from a template writer and says `\"generator\": \"template\"`.")]
    api_key: Annotated[str | None, Variable(
        "HOP_AI_API_KEY", p.credential, None,
        "API key for HOP_AI_BASE_URL (local servers may need none).", secret=True)]
    model: Annotated[str, Variable(
        "HOP_AI_MODEL", p.text, "gpt-4o-mini",
        "Model name sent to HOP_AI_BASE_URL; it must support structured output (`response_format: "
        "json_schema`).")]
    timeout: Annotated[float, Variable(
        "HOP_AI_TIMEOUT", p.positive_seconds, 60.0,
        "Seconds one copy generation may wait for the AI endpoint, retries included; then 504.")]
    max_tokens: Annotated[int, Variable(
        "HOP_AI_MAX_TOKENS", p.positive_int, 1500,
        "Most tokens the model may write for one product's copy.")]
    per_month: GenerationQuota


class SafetySettings(msgspec.Struct, frozen=True, kw_only=True):
    suspicious_tlds: Annotated[tuple[str, ...], Variable(
        "HOP_SAFETY_SUSPICIOUS_TLDS", p.labels, p.SUSPICIOUS_TLDS,
        "Top-level domains that add the `suspicious_tld` signal to a destination's score "
        "(docs/safety.md); comma-separated.")]
    allowlist: Annotated[tuple[str, ...], Variable(
        "HOP_SAFETY_ALLOWLIST", p.labels, (),
        "Comma-separated domains whose hosts (and subdomains) the heuristic scorer never flags; "
        "threat-feed hits and operator blocks still apply.")]
    warn_score: Annotated[int, Variable(
        "HOP_SAFETY_WARN_SCORE", p.positive_int, 40,
        "Heuristic score from which a destination is `warn` (an interstitial page).")]
    block_score: Annotated[int, Variable(
        "HOP_SAFETY_BLOCK_SCORE", p.positive_int, 100,
        "Heuristic score from which a destination is `block` (HTTP 403 at the edge).")]
    contact: Annotated[str | None, Variable(
        "HOP_SAFETY_CONTACT", p.contact, None,
        "Where visitors of a blocked link may appeal (an e-mail address or a URL), shown on the "
        "edge's block page. Unset: the page only tells the owner how to ask for a review.")]
    urlhaus_url: Annotated[str | None, Variable(
        "HOP_SAFETY_URLHAUS_URL", p.any_http_url, None,
        "URLhaus dump to load (the `csv_online` download, e.g. "
        "`https://urlhaus.abuse.ch/downloads/csv_online/`). Unset: no URLhaus feed.")]
    urlhaus_interval: Annotated[float, Variable(
        "HOP_TEST_SAFETY_URLHAUS_INTERVAL", p.positive_seconds, 600.0,
        "Seconds between URLhaus downloads. Tests shorten it.", seam=True)]
    phishtank_url: Annotated[str | None, Variable(
        "HOP_SAFETY_PHISHTANK_URL", p.any_http_url, None,
        "PhishTank dump to load (`online-valid.json`, with the application key in its path). "
        "Unset: no PhishTank feed.", secret=True)]
    phishtank_interval: Annotated[float, Variable(
        "HOP_TEST_SAFETY_PHISHTANK_INTERVAL", p.positive_seconds, 3600.0,
        "Seconds between PhishTank downloads (PhishTank asks for at most one an hour). Tests "
        "shorten it.", seam=True)]
    webrisk_key: Annotated[str | None, Variable(
        "HOP_SAFETY_WEBRISK_KEY", p.text, None,
        "Google Web Risk API key. Set: the worker keeps a local hash-prefix database "
        "(`threatLists:computeDiff`) and full hashes are looked up (`hashes:search`) only at "
        "create, update and feed refresh, never on a click.", secret=True)]
    webrisk_url: Annotated[str, Variable(
        "HOP_SAFETY_WEBRISK_URL", p.http_url, "https://webrisk.googleapis.com/v1",
        "Base URL of the Web Risk API.")]
    webrisk_threats: Annotated[tuple[str, ...], Variable(
        "HOP_SAFETY_WEBRISK_THREATS", p.webrisk_threats,
        "MALWARE,SOCIAL_ENGINEERING,UNWANTED_SOFTWARE",
        "Web Risk threat lists to keep, comma-separated.")]
    webrisk_interval: Annotated[float, Variable(
        "HOP_TEST_SAFETY_WEBRISK_INTERVAL", p.positive_seconds, 1800.0,
        "Seconds between Web Risk diffs unless the API recommends a later time. Tests shorten "
        "it.", seam=True)]
    wave_links: Annotated[int, Variable(
        "HOP_SAFETY_WAVE_LINKS", p.positive_int, 20,
        "New links to one never-seen registrable domain within an hour that make a spam wave "
        "(with HOP_SAFETY_WAVE_ACCOUNTS): they are set to `warn` and queued for review.")]
    wave_accounts: Annotated[int, Variable(
        "HOP_SAFETY_WAVE_ACCOUNTS", p.positive_int, 3,
        "Different accounts those links must come from to make a spam wave.")]
    wave_interval: Annotated[float, Variable(
        "HOP_TEST_SAFETY_WAVE_INTERVAL", p.positive_seconds, 60.0,
        "Seconds between the worker's looks for spam waves. Tests shorten it.", seam=True)]
    new_account_days: Annotated[int, Variable(
        "HOP_SAFETY_NEW_ACCOUNT_DAYS", p.non_negative_int, 7,
        "Free-plan accounts younger than this many days get the lower link-creation quotas below. "
        "0: none.")]
    new_account_links_per_hour: Annotated[int, Variable(
        "HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_HOUR", p.positive_int, 30,
        "Links a new account may create per hour (429 beyond): through `/v1/links` and its bulk "
        "forms, dynamic QR codes and Bio pages alike.")]
    new_account_links_per_day: Annotated[int, Variable(
        "HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_DAY", p.positive_int, 100,
        "Links a new account may create per day (UTC, 429 beyond).")]
# fmt: on
