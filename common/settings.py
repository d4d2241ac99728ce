"""Every setting of every Hop process, read once from ``HOP_*`` variables.

``load_settings(os.environ)`` is called by each process's composition root and
nowhere else. Each variable is declared once in ``VARIABLES`` with its parser,
default and documentation; the README table is checked against this registry.
A bad value raises ``SettingsError`` whose message names the variable, and the
``hop`` command prints that one line and exits.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec

from common.redis_store import parse_redis_url
from common.weak_secrets import GENERATE, placeholder_reason, weak_key_reason


class SettingsError(ValueError):
    """A HOP_* variable is missing or malformed; the message names it."""


class Listen(msgspec.Struct, frozen=True):
    host: str
    port: int


class AuthSettings(msgspec.Struct, frozen=True, kw_only=True):
    jwt_secret: str | None
    access_token_ttl: int
    refresh_token_ttl: int
    cache_ttl: int
    password_hash_memory_kib: int
    password_hash_concurrency: int
    key_usage_interval: float


class LoginLimits(msgspec.Struct, frozen=True, kw_only=True):
    free_failures: int
    lockout: int  # seconds, doubled per further failure
    lockout_max: int
    per_network_per_minute: int


class PlanLimit(msgspec.Struct, frozen=True):
    per_minute: int
    per_month: int


class LimitSettings(msgspec.Struct, frozen=True, kw_only=True):
    free: PlanLimit
    pro: PlanLimit
    business: PlanLimit
    anonymous_per_minute: int
    login: LoginLimits
    idempotency_ttl: int


class AdminSettings(msgspec.Struct, frozen=True, kw_only=True):
    listen: Listen
    workers: int
    db_pool_size: int
    max_body_bytes: int
    export_concurrency: int
    export_idle_timeout: float
    export_statement_timeout: float
    code_reservation_days: int
    metrics_listen: Listen | None
    dns_resolver: str | None  # "IP:PORT" for custom-domain checks; None: the system's
    domain_reverify_interval: float  # seconds between checks of a verified domain's proof
    domain_lapse_grace: float  # seconds a domain without its proof is still served


class EdgeSettings(msgspec.Struct, frozen=True, kw_only=True):
    listen: Listen
    workers: int
    landing_url: str
    cache_entries: int
    cache_megabytes: int
    click_flush_ms: int
    click_batch_max: int
    click_buffer_max: int
    country_header: str | None
    metrics_listen: Listen | None


class WorkerSettings(msgspec.Struct, frozen=True, kw_only=True):
    name: str | None
    read_count: int
    batches_in_flight: int
    claim_idle_ms: int
    max_deliveries: int
    metrics_listen: Listen | None
    click_retention_days: int
    delivery_retention_days: int
    event_retention_days: int


class WebhookSettings(msgspec.Struct, frozen=True, kw_only=True):
    secret_key: str | None
    allow_http: bool
    networks: tuple[str, ...]  # empty: public addresses only
    retry_schedule: tuple[float, ...]
    timeout: float
    poll_interval: float
    concurrency: int
    max_in_flight: int


class MailSettings(msgspec.Struct, frozen=True, kw_only=True):
    smtp_url: str | None
    sender: str
    # Development only (`hop dev` sets it): with no smtp_url, e-mails go to the log whole.
    dev_log: bool


class ShopifySettings(msgspec.Struct, frozen=True, kw_only=True):
    api_key: str | None  # the app's client id; None: no OAuth install (pasted tokens work)
    api_secret: str | None
    scopes: str
    api_version: str
    api_url: str  # "https://{shop}"; tests point it at a loopback fake


class StoreSettings(msgspec.Struct, frozen=True, kw_only=True):
    timeout: float
    max_response_bytes: int
    product_ttl: int
    shopify: ShopifySettings
    woocommerce_app_name: str


class GenerationQuota(msgspec.Struct, frozen=True, kw_only=True):
    free: int
    pro: int
    business: int


class AiSettings(msgspec.Struct, frozen=True, kw_only=True):
    base_url: str | None  # None: the template writer
    api_key: str | None
    model: str
    timeout: float
    max_tokens: int
    per_month: GenerationQuota


class SafetySettings(msgspec.Struct, frozen=True, kw_only=True):
    suspicious_tlds: tuple[str, ...]
    allowlist: tuple[str, ...]
    warn_score: int
    block_score: int
    contact: str | None
    urlhaus_url: str | None
    urlhaus_interval: float
    phishtank_url: str | None
    phishtank_interval: float
    webrisk_key: str | None
    webrisk_url: str
    webrisk_threats: tuple[str, ...]
    webrisk_interval: float
    wave_links: int
    wave_accounts: int
    wave_interval: float
    new_account_days: int
    new_account_links_per_hour: int
    new_account_links_per_day: int


class AccountSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Self-service accounts and the web dashboard's sessions (docs/dashboard.md)."""

    signup: str  # "open" or "closed"
    signups_per_network_per_hour: int
    mails_per_hour: int
    verify_link_ttl: int
    reset_link_ttl: int
    session_idle_timeout: int
    session_lifetime: int


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    database_url: str | None
    redis_url: str | None
    click_stream_shards: int
    base_url: str
    short_base_url: str
    # Further Host names the edge answers the default short host's links on (lower case,
    # IPv6 literals in brackets); any other Host that is no verified custom domain is 404.
    short_host_aliases: tuple[str, ...]
    data_dir: str
    log_level: str
    log_format: str
    trusted_proxies: tuple[str, ...]
    # Keys the password verifiers of protected links and the edge's access cookies
    # (common/linkpass.py); shared by the admin and every edge.
    link_password_key: str | None
    auth: AuthSettings
    limits: LimitSettings
    admin: AdminSettings
    edge: EdgeSettings
    worker: WorkerSettings
    webhooks: WebhookSettings
    mail: MailSettings
    stores: StoreSettings
    ai: AiSettings
    safety: SafetySettings
    accounts: AccountSettings


# --- parsers: each takes the raw string and raises ValueError with a short reason


def _text(raw: str) -> str:
    if not raw.strip():
        raise ValueError("must not be empty")
    return raw.strip()


def _dns_resolver(raw: str) -> str:
    """``IP`` or ``IP:PORT`` (``[IPv6]:PORT``), as ``IP:PORT``."""
    host, port = raw, "53"
    if raw.startswith("["):
        host, _, rest = raw[1:].partition("]")
        port = rest.removeprefix(":") or "53"
    elif raw.count(":") == 1:
        host, port = raw.split(":")
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise ValueError("must be an IP address, optionally with :PORT") from None
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError("the port must be 1-65535")
    return f"[{address}]:{port}" if address.version == 6 else f"{address}:{port}"


def _positive_int(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"must be a whole number, got {raw!r}") from None
    if value <= 0:
        raise ValueError(f"must be greater than 0, got {value}")
    return value


def _hash_memory(raw: str) -> int:
    value = _positive_int(raw)
    if value < 8192:
        raise ValueError(f"must be at least 8192 (KiB), got {value}")
    return value


def _non_negative_int(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"must be a whole number, got {raw!r}") from None
    if value < 0:
        raise ValueError(f"must be 0 or more, got {value}")
    return value


def _http_url(raw: str) -> str:
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"must be an absolute http(s) URL, got {raw!r}")
    if parts.query or parts.fragment:
        raise ValueError("must not carry a query or fragment")
    return raw.strip().rstrip("/")


def _any_http_url(raw: str) -> str:
    """An absolute http(s) URL kept exactly as given (query and trailing slash included)."""
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"must be an absolute http(s) URL, got {raw!r}")
    return raw.strip()


def _postgres_url(raw: str) -> str:
    if urlsplit(raw).scheme not in ("postgres", "postgresql"):
        raise ValueError("must be a postgresql:// URL")
    return raw


def _redis_url(raw: str) -> str:
    parse_redis_url(raw)  # a single server, a cluster or Sentinel (common/redis_store.py)
    return raw


def _shards(raw: str) -> int:
    value = _positive_int(raw)
    if value > 1024:
        raise ValueError(f"must be at most 1024, got {value}")
    return value


def _choice(*allowed: str) -> Callable[[str], str]:
    def parse(raw: str) -> str:
        value = raw.strip().lower()
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}, got {raw!r}")
        return value

    return parse


def _listen(raw: str) -> dict[str, Any]:
    host, sep, port = raw.strip().rpartition(":")
    if not sep or not host:
        raise ValueError(f"must be HOST:PORT, got {raw!r}")
    return {"host": host.strip("[]"), "port": _port(port)}


def _port(raw: str) -> int:
    port = _positive_int(raw)
    if port > 65535:
        raise ValueError(f"must be a TCP port, got {port}")
    return port


def _networks(raw: str) -> tuple[str, ...]:
    networks = []
    for item in filter(None, (part.strip() for part in raw.split(","))):
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(f"{item!r} is not an IP address or CIDR network") from None
    return tuple(networks)


_HOST_LABEL = r"[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?"
_HOST_NAME = re.compile(rf"{_HOST_LABEL}(?:\.{_HOST_LABEL})*")


def _host_names(raw: str) -> tuple[str, ...]:
    """Comma-separated host names or IP addresses, without ports, as the edge compares a
    ``Host`` (common/domains.py ``host_of``): lower case, no final dot, IPv6 in brackets."""
    names = []
    for item in filter(None, (part.strip().lower() for part in raw.split(","))):
        try:
            address = ipaddress.ip_address(item.strip("[]"))
        except ValueError:
            name = item.removesuffix(".")
            if len(name) > 253 or not _HOST_NAME.fullmatch(name):
                raise ValueError(f"{item!r} is not a host name (no scheme, port or path)") from None
            names.append(name)
        else:
            names.append(f"[{address}]" if address.version == 6 else str(address))
    return tuple(names)


def _header_name(raw: str) -> str:
    name = raw.strip().lower()
    if not name or not all(c.isalnum() or c == "-" for c in name):
        raise ValueError(f"must be an HTTP header name, got {raw!r}")
    return name


def _secret(raw: str) -> str:
    if len(raw) < 32:
        raise ValueError(f"must be at least 32 characters; {GENERATE}")
    if reason := weak_key_reason(raw):
        raise ValueError(f"{reason}; {GENERATE}")
    return raw


def _boolean(raw: str) -> bool:
    value = raw.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"must be true or false, got {raw!r}")


def _positive_seconds(raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"must be a number of seconds, got {raw!r}") from None
    if not 0 < value < 10 * 86400 * 365:
        raise ValueError(f"must be a positive number of seconds, got {raw!r}")
    return value


def _schedule(raw: str) -> tuple[float, ...]:
    items = [item.strip() for item in raw.split(",")]
    if not all(items):
        raise ValueError(f"must be comma-separated seconds, got {raw!r}")
    return tuple(_positive_seconds(item) for item in items)


def _webhook_networks(raw: str) -> tuple[str, ...]:
    if raw.strip().lower() == "public":
        return ()
    networks = _networks(raw)
    if not networks:
        raise ValueError("must be `public` or comma-separated networks")
    return networks


def _smtp_url(raw: str) -> str:
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("smtp", "smtps", "smtp+starttls") or not parts.hostname:
        raise ValueError("must be an smtp://, smtp+starttls:// or smtps:// URL with a host")
    try:
        _ = parts.port
    except ValueError:
        raise ValueError("has an invalid port") from None
    if parts.password and (reason := placeholder_reason(parts.password)):
        raise ValueError(f"the password {reason}")
    return raw.strip()


def _mailbox(raw: str) -> str:
    value = raw.strip()
    if "@" not in value or any(c in value for c in "\r\n"):
        raise ValueError(f"must be an e-mail address, got {raw!r}")
    return value


def _credential(raw: str) -> str:
    """An app secret or API key issued by someone else: any shape, but no placeholder."""
    value = raw.strip()
    if not value:
        raise ValueError("must not be empty")
    if reason := placeholder_reason(value):
        raise ValueError(reason)
    return value


_API_VERSION = re.compile(r"20[0-9]{2}-(?:01|04|07|10)|unstable")


def _shopify_version(raw: str) -> str:
    value = raw.strip()
    if not _API_VERSION.fullmatch(value):
        raise ValueError(f"must be a Shopify API version like 2026-10, got {raw!r}")
    return value


def _shopify_scopes(raw: str) -> str:
    scopes = [item.strip() for item in raw.split(",") if item.strip()]
    if "read_products" not in scopes:
        raise ValueError("must include read_products")
    return ",".join(scopes)


def _shop_url_template(raw: str) -> str:
    value = raw.strip().rstrip("/")
    if value.count("{shop}") != 1:
        raise ValueError("must contain {shop} once, e.g. https://{shop}")
    _any_http_url(value.replace("{shop}", "shop.myshopify.com"))
    return value


def _labels(raw: str) -> tuple[str, ...]:
    """Comma-separated DNS names or TLDs, lower-cased, without leading dots."""
    items = [item.strip().lower().lstrip(".") for item in raw.split(",") if item.strip()]
    for item in items:
        if not all(c.isalnum() or c in "-." for c in item):
            raise ValueError(f"{item!r} is not a domain name")
    return tuple(items)


def _contact(raw: str) -> str:
    value = raw.strip()
    if not value or any(c in value for c in '<>"\r\n') or len(value) > 200:
        raise ValueError("must be an e-mail address or a URL (no <, >, quotes or newlines)")
    return value


def _webrisk_threats(raw: str) -> tuple[str, ...]:
    allowed = (
        "MALWARE",
        "SOCIAL_ENGINEERING",
        "UNWANTED_SOFTWARE",
        "SOCIAL_ENGINEERING_EXTENDED_COVERAGE",
    )
    items = tuple(item.strip().upper() for item in raw.split(",") if item.strip())
    unknown = [item for item in items if item not in allowed]
    if unknown or not items:
        raise ValueError(f"must be comma-separated threat types among {', '.join(allowed)}")
    return items


# Top-level domains most abused for phishing and malware by recent industry reports
# (docs/safety.md cites them); an operator tunes the table with the setting.
SUSPICIOUS_TLDS = (
    "zip,mov,tk,ml,ga,cf,gq,top,xyz,icu,cyou,rest,click,country,kim,work,support,monster,"
    "bond,sbs,cfd,buzz,quest,cam,lol,bar"
)


def _listen_of(url: str) -> dict[str, Any]:
    parts = urlsplit(url)
    default_port = 443 if parts.scheme == "https" else 80
    return {"host": parts.hostname or "127.0.0.1", "port": parts.port or default_port}


@dataclass(frozen=True)
class Variable:
    """One HOP_* variable: where it lands in Settings, how it parses, what it means."""

    name: str
    path: str
    parse: Callable[[str], Any]
    default: Any
    doc: str
    secret: bool = False  # also readable from NAME_FILE; never printed


# Defaults that depend on another variable are callables of the partial values.
def _admin_listen_default(values: Mapping[str, Any]) -> dict[str, Any]:
    return _listen_of(values["base_url"])


def _edge_listen_default(values: Mapping[str, Any]) -> dict[str, Any]:
    return _listen_of(values["short_base_url"])


# fmt: off
VARIABLES: tuple[Variable, ...] = (
    Variable("HOP_DATABASE_URL", "database_url", _postgres_url, None,
             "PostgreSQL URL. Unset: `hop dev` and the tests start an embedded PostgreSQL."),
    Variable("HOP_REDIS_URL", "redis_url", _redis_url, None,
             "Redis 6.2 or later (7.0 for a cluster; checked at start): "
             "`redis[s]://host:port/db` (one server), "
             "`redis[s]+cluster://host:port[,host:port...]` (Redis Cluster seed nodes) or "
             "`redis[s]+sentinel://host:port[,host:port...]/service/db` (Sentinel). "
             "Unset: `hop dev` and the tests start an embedded Redis."),
    Variable("HOP_CLICK_STREAM_SHARDS", "click_stream_shards", _shards, 1,
             "How many streams the click stream is split into (hash of the short code); "
             "every worker reads every shard. 1 keeps the single `hop:clicks` stream. Raise "
             "it, never lower it without draining (docs/operations.md#redis)."),
    Variable("HOP_BASE_URL", "base_url", _http_url, "http://127.0.0.1:8000",
             "Public address of the admin API."),
    Variable("HOP_SHORT_BASE_URL", "short_base_url", _http_url, "http://127.0.0.1:8080",
             "Public address of the edge; short URLs are HOP_SHORT_BASE_URL/<code> "
             "(sandbox ones HOP_SHORT_BASE_URL/test/<code>)."),
    Variable("HOP_SHORT_HOST_ALIASES", "short_host_aliases", _host_names, (),
             "Comma-separated further host names (or IP addresses, no port) on which the edge "
             "answers the default short host's links, e.g. the name a proxy in front rewrites "
             "`Host` to. Those links answer only on HOP_SHORT_BASE_URL's host and these (any "
             "port); any other `Host` that is not a verified custom domain gets 404 "
             "(docs/operations.md#upgrading). `hop dev`: `localhost,127.0.0.1`."),
    Variable("HOP_DATA_DIR", "data_dir", _text, ".hop",
             "Folder for the embedded PostgreSQL and Redis data and dev secrets."),
    Variable("HOP_LOG_LEVEL", "log_level", _choice("debug", "info", "warning", "error"), "info",
             "Lowest level logged."),
    Variable("HOP_LOG_FORMAT", "log_format", _choice("json", "text"), "json",
             "`json`: one JSON object per line; `text`: for people."),
    Variable("HOP_TRUSTED_PROXIES", "trusted_proxies", _networks, (),
             "Comma-separated networks whose X-Forwarded-For (and HOP_COUNTRY_HEADER) is "
             "believed: the client IP for anonymous rate limits and for click analytics."),
    Variable("HOP_JWT_SECRET", "auth.jwt_secret", _secret, None,
             "HMAC key (32+ random chars, e.g. `openssl rand -base64 48`) signing access "
             "tokens. Required by `hop admin`; `hop dev` generates one in HOP_DATA_DIR. "
             "Placeholders and patterns are refused (docs/operations.md#deploying).",
             secret=True),
    Variable("HOP_ACCESS_TOKEN_TTL", "auth.access_token_ttl", _positive_int, 900,
             "Lifetime of a JWT access token, seconds."),
    Variable("HOP_REFRESH_TOKEN_TTL", "auth.refresh_token_ttl", _positive_int, 30 * 86400,
             "Lifetime of a refresh token, seconds."),
    Variable("HOP_AUTH_CACHE_TTL", "auth.cache_ttl", _positive_int, 60,
             "Seconds an admin process may reuse a resolved API key or user plan. Changes "
             "(a revoked key) are announced over Redis and apply at once; this bounds them "
             "only if Redis was unreachable when they were made."),
    Variable("HOP_PASSWORD_HASH_MEMORY_KIB", "auth.password_hash_memory_kib", _hash_memory,
             65536,
             "Memory (KiB) of one argon2id password hash, for new hashes; checking a password "
             "uses the parameters stored in its hash. At least 8192."),
    Variable("HOP_PASSWORD_HASH_CONCURRENCY", "auth.password_hash_concurrency", _positive_int,
             2,
             "Password hashes one admin process computes at once (as many more may wait; "
             "beyond that a sign-in is answered 503). Peak hashing memory per process is about "
             "this times HOP_PASSWORD_HASH_MEMORY_KIB."),
    Variable("HOP_API_KEY_USAGE_INTERVAL", "auth.key_usage_interval", _positive_seconds, 60.0,
             "Seconds between an admin process's writes of API keys' `lastUsedAt` (one UPDATE "
             "for every key used meanwhile), so it lags by at most this much."),
    Variable("HOP_LIMIT_FREE_PER_MINUTE", "limits.free.per_minute", _positive_int, 60,
             "Requests per minute, free plan."),
    Variable("HOP_LIMIT_FREE_PER_MONTH", "limits.free.per_month", _positive_int, 10_000,
             "Requests per calendar month (UTC), free plan."),
    Variable("HOP_LIMIT_PRO_PER_MINUTE", "limits.pro.per_minute", _positive_int, 600,
             "Requests per minute, pro plan."),
    Variable("HOP_LIMIT_PRO_PER_MONTH", "limits.pro.per_month", _positive_int, 100_000,
             "Requests per calendar month (UTC), pro plan."),
    Variable("HOP_LIMIT_BUSINESS_PER_MINUTE", "limits.business.per_minute", _positive_int, 6_000,
             "Requests per minute, business plan, unless the account sets its own."),
    Variable("HOP_LIMIT_BUSINESS_PER_MONTH", "limits.business.per_month", _positive_int,
             10_000_000,
             "Requests per calendar month, business plan, unless the account sets its own."),
    Variable("HOP_LIMIT_ANONYMOUS_PER_MINUTE", "limits.anonymous_per_minute", _positive_int, 60,
             "Requests per minute per client network (an IPv4 address, an IPv6 /64) without a "
             "valid token (login, refresh, public pages, bad credentials, API keys that match "
             "no account). Once spent, a key the admin process has not seen resolve to an "
             "account is not looked up (429); keys that resolve never spend it."),
    Variable("HOP_LOGIN_FREE_FAILURES", "limits.login.free_failures", _positive_int, 5,
             "Failed sign-ins for one e-mail address before it is locked out."),
    Variable("HOP_LOGIN_LOCKOUT", "limits.login.lockout", _positive_int, 60,
             "Seconds of the first lock-out; each further failure doubles it."),
    Variable("HOP_LOGIN_LOCKOUT_MAX", "limits.login.lockout_max", _positive_int, 3600,
             "Longest lock-out, seconds. Failures are forgotten a day after the last one, or "
             "at the next successful sign-in."),
    Variable("HOP_LOGIN_PER_NETWORK_PER_MINUTE", "limits.login.per_network_per_minute",
             _positive_int, 30,
             "Sign-in and refresh attempts per minute from one client network (an IPv4 "
             "address, an IPv6 /64), whatever token they carry."),
    Variable("HOP_IDEMPOTENCY_TTL", "limits.idempotency_ttl", _positive_int, 86400,
             "How long an Idempotency-Key is remembered, seconds."),
    Variable("HOP_ADMIN_LISTEN", "admin.listen", _listen, _admin_listen_default,
             "HOST:PORT the admin binds. Default: host and port of HOP_BASE_URL."),
    Variable("HOP_ADMIN_WORKERS", "admin.workers", _positive_int, 1,
             "Granian worker processes for the admin."),
    Variable("HOP_DB_POOL_SIZE", "admin.db_pool_size", _positive_int, 10,
             "PostgreSQL connections per admin worker process."),
    Variable("HOP_DNS_RESOLVER", "admin.dns_resolver", _dns_resolver, None,
             "IP[:PORT] of the DNS resolver that custom-domain verification (the admin's, and "
             "the worker's re-verification) asks for the _hop-challenge TXT record (port 53 by "
             "default). Unset: the system's resolvers (/etc/resolv.conf)."),
    Variable("HOP_DOMAIN_REVERIFY_INTERVAL", "admin.domain_reverify_interval",
             _positive_seconds, 21_600.0,
             "Seconds between the worker's checks of each verified custom domain's TXT proof. "
             "A domain whose proof is gone is `lapsing` (still served) and its owner e-mailed; "
             "a check that finds the proof again restores it."),
    Variable("HOP_DOMAIN_LAPSE_GRACE", "admin.domain_lapse_grace", _positive_seconds,
             604_800.0,
             "Seconds a custom domain may go on lapsing before it lapses: it is no longer "
             "served (its links answer 404 at the edge), its owner is e-mailed, and the name "
             "is free for whoever proves it next."),
    Variable("HOP_MAX_BODY_BYTES", "admin.max_body_bytes", _positive_int, 1_048_576,
             "Largest request body the admin accepts; larger ones get 413 as soon as they "
             "pass it, however they are sent."),
    Variable("HOP_EXPORT_CONCURRENCY", "admin.export_concurrency", _positive_int, 2,
             "Exports one admin worker process runs at once, each on a PostgreSQL connection "
             "of a pool of its own (at most one per account); beyond it `POST "
             "/v1/users/me/export` answers 503 with Retry-After."),
    Variable("HOP_EXPORT_IDLE_TIMEOUT", "admin.export_idle_timeout", _positive_seconds, 30.0,
             "Seconds an export waits for its client to take the next chunk; then the "
             "export is cut off and its connection freed."),
    Variable("HOP_EXPORT_STATEMENT_TIMEOUT", "admin.export_statement_timeout",
             _positive_seconds, 60.0,
             "Seconds one query of an export may run (PostgreSQL `statement_timeout`)."),
    Variable("HOP_CODE_RESERVATION_DAYS", "admin.code_reservation_days", _non_negative_int, 30,
             "Days a deleted link's code, a link's previous alias and a deleted or renamed Bio "
             "page's username stay reserved for their owner (the edge answers 410 for them); "
             "other accounts get 409 until then. 0: free at once."),
    Variable("HOP_ADMIN_METRICS_LISTEN", "admin.metrics_listen", _listen, None,
             "HOST:PORT of the admin's Prometheus `/metrics` listener (all its worker "
             "processes together; docs/operations.md). Unset: no metrics listener. `hop dev`: "
             "127.0.0.1:9100."),
    Variable("HOP_EDGE_LISTEN", "edge.listen", _listen, _edge_listen_default,
             "HOST:PORT the edge binds. Default: host and port of HOP_SHORT_BASE_URL."),
    Variable("HOP_EDGE_WORKERS", "edge.workers", _positive_int, 1,
             "Granian worker processes for the edge."),
    Variable("HOP_LANDING_URL", "edge.landing_url", _any_http_url, "https://github.com/",
             "Where the edge sends visitors of the bare short domain `/`."),
    Variable("HOP_EDGE_CACHE_ENTRIES", "edge.cache_entries", _positive_int, 500_000,
             "Most links one edge worker keeps in memory (least recently used go first), "
             "for the short host and again for custom domains' links."),
    Variable("HOP_EDGE_CACHE_MB", "edge.cache_megabytes", _positive_int, 64,
             "Most memory, in MB (estimated), one edge worker's link cache may use; custom "
             "domains' links have a cache of their own with the same bound."),
    Variable("HOP_CLICK_FLUSH_MS", "edge.click_flush_ms", _positive_int, 5,
             "How often the edge writes buffered clicks to the Redis stream, milliseconds."),
    Variable("HOP_CLICK_BATCH_MAX", "edge.click_batch_max", _positive_int, 1000,
             "Most clicks in one stream entry; a full batch is written at once."),
    Variable("HOP_CLICK_BUFFER_MAX", "edge.click_buffer_max", _positive_int, 200_000,
             "Most clicks an edge worker holds while Redis is unreachable; beyond it the "
             "oldest are dropped and counted in the log."),
    Variable("HOP_COUNTRY_HEADER", "edge.country_header", _header_name, None,
             "Request header a trusted proxy sets to the visitor's country (e.g. "
             "`CF-IPCountry`), believed only when the edge's peer is in HOP_TRUSTED_PROXIES. "
             "Unset, or from anyone else: country comes from the offline IP database."),
    Variable("HOP_EDGE_METRICS_LISTEN", "edge.metrics_listen", _listen, None,
             "HOST:PORT of the edge's Prometheus `/metrics` listener (all its worker processes "
             "together). Unset: no metrics listener. `hop dev`: 127.0.0.1:9101."),
    Variable("HOP_WORKER_NAME", "worker.name", _text, None,
             "Consumer name in the click stream's group. Default: host name and process id."),
    Variable("HOP_WORKER_READ_COUNT", "worker.read_count", _positive_int, 20,
             "Stream entries (each a batch of clicks) the worker reads at once."),
    Variable("HOP_WORKER_BATCHES_IN_FLIGHT", "worker.batches_in_flight", _positive_int, 2,
             "Click batches one consumer stores at once, each in its own transaction on its "
             "own connection (1: one after another)."),
    Variable("HOP_WORKER_CLAIM_IDLE_MS", "worker.claim_idle_ms", _positive_int, 30_000,
             "A click batch pending this long on a dead consumer is claimed by another."),
    Variable("HOP_WORKER_MAX_DELIVERIES", "worker.max_deliveries", _positive_int, 5,
             "A click batch delivered this many times without success goes to the "
             "dead-letter stream."),
    Variable("HOP_WORKER_METRICS_LISTEN", "worker.metrics_listen", _listen, None,
             "HOST:PORT of the worker's Prometheus `/metrics` listener. Unset: no metrics "
             "listener. `hop dev`: 127.0.0.1:9102."),
    Variable("HOP_CLICK_RETENTION", "worker.click_retention_days", _non_negative_int, 0,
             "Days raw clicks are kept: the worker drops each monthly partition of the clicks "
             "table once all of it is older. Daily counts and unique-visitor sketches stay. "
             "0 (default): keep every click."),
    Variable("HOP_DELIVERY_RETENTION", "worker.delivery_retention_days", _non_negative_int, 30,
             "Days a finished webhook delivery (succeeded or failed) and its attempt log are "
             "kept; pending deliveries are never pruned. 0: keep forever."),
    Variable("HOP_EVENT_RETENTION", "worker.event_retention_days", _non_negative_int, 30,
             "Days an event is kept once no delivery of it is pending. 0: keep forever."),
    Variable("HOP_LINK_PASSWORD_KEY", "link_password_key", _secret, None,
             "Key (32+ random chars) the admin derives password-protected links' verifiers "
             "with and the edge checks them and signs its access cookies with: the same on "
             "the admin and every edge. Changing it locks every protected link until its "
             "password is set again. Unset: links cannot be given a password (422). "
             "`hop dev` generates one in HOP_DATA_DIR.", secret=True),
    Variable("HOP_WEBHOOK_SECRET_KEY", "webhooks.secret_key", _secret, None,
             "Key (32+ random chars, e.g. `openssl rand -base64 48`) encrypting webhook signing "
             "secrets and the responses kept for Idempotency-Key replays at rest (AES-256-GCM); "
             "keep it, stored secrets need it. Required by `hop admin` and `hop worker`; "
             "`hop dev` generates one in HOP_DATA_DIR. Placeholders and patterns are refused.",
             secret=True),
    Variable("HOP_WEBHOOK_ALLOW_HTTP", "webhooks.allow_http", _boolean, False,
             "Development: accept plain `http://` webhook endpoints (default: https only)."),
    Variable("HOP_WEBHOOK_NETWORKS", "webhooks.networks", _webhook_networks, "public",
             "Where webhooks may be delivered. `public` (default): public addresses only. "
             "Development: comma-separated networks (e.g. `127.0.0.0/8,::1/128`) to deliver "
             "only inside them, private ones included."),
    Variable("HOP_WEBHOOK_RETRY_SCHEDULE", "webhooks.retry_schedule", _schedule,
             (60.0, 300.0, 900.0, 3600.0, 21600.0, 86400.0),
             "Seconds to wait after failed attempt 1, 2, ... (+/-10 % jitter); after the last "
             "the delivery is given up."),
    Variable("HOP_WEBHOOK_TIMEOUT", "webhooks.timeout", _positive_seconds, 10.0,
             "Seconds one delivery attempt may take in all (resolve, connect, send, answer)."),
    Variable("HOP_WEBHOOK_POLL_INTERVAL", "webhooks.poll_interval", _positive_seconds, 0.5,
             "Seconds an idle dispatcher waits before looking for due deliveries again."),
    Variable("HOP_WEBHOOK_CONCURRENCY", "webhooks.concurrency", _positive_int, 128,
             "Delivery attempts one worker process runs at once."),
    Variable("HOP_WEBHOOK_MAX_IN_FLIGHT", "webhooks.max_in_flight", _positive_int, 32,
             "Delivery attempts in flight for one webhook across all workers; 1 gives strict "
             "event order."),
    Variable("HOP_SMTP_URL", "mail.smtp_url", _smtp_url, None,
             "Mail server for owner e-mails: `smtp://user:pass@host:25`, `smtp+starttls://...:587` "
             "or `smtps://...:465`. Unset: e-mails are written to the log, without their "
             "body outside `hop dev` (HOP_DEV_MAIL_LOG); open sign-up then refuses to start. "
             "A placeholder password is refused.", secret=True),
    Variable("HOP_SMTP_FROM", "mail.sender", _mailbox, "Hop <hop@localhost>",
             "Sender of owner e-mails."),
    Variable("HOP_DEV_MAIL_LOG", "mail.dev_log", _boolean, False,
             "Development only (`hop dev` sets it): with no HOP_SMTP_URL, the worker writes "
             "each e-mail to its log whole, confirmation and reset links included, and "
             "sign-up may be open without a mail server. Unset, such e-mails are logged "
             "without their body, and `hop admin` and `hop worker` refuse to start with "
             "HOP_SIGNUP=open and no HOP_SMTP_URL."),
    Variable("HOP_STORE_TIMEOUT", "stores.timeout", _positive_seconds, 15.0,
             "Seconds one call to a store (Shopify, WooCommerce) may take in all, waits for "
             "its rate limit included; then the API answers 504. Addresses are checked like "
             "webhook endpoints (HOP_WEBHOOK_ALLOW_HTTP, HOP_WEBHOOK_NETWORKS)."),
    Variable("HOP_STORE_MAX_RESPONSE_BYTES", "stores.max_response_bytes", _positive_int,
             8 * 1024 * 1024,
             "Largest answer read from a store; a larger one is a 502."),
    Variable("HOP_STORE_PRODUCT_TTL", "stores.product_ttl", _positive_int, 900,
             "Seconds a product read from a store is reused for generating copy before it is "
             "read again."),
    Variable("HOP_SHOPIFY_API_KEY", "stores.shopify.api_key", _credential, None,
             "Client id of the Shopify app, for the OAuth install flow. Unset: only pasted "
             "Admin API tokens connect Shopify stores."),
    Variable("HOP_SHOPIFY_API_SECRET", "stores.shopify.api_secret", _credential, None,
             "Client secret of the Shopify app: verifies OAuth callbacks and webhooks, "
             "exchanges install codes. Also `HOP_SHOPIFY_API_SECRET_FILE`.", secret=True),
    Variable("HOP_SHOPIFY_SCOPES", "stores.shopify.scopes", _shopify_scopes, "read_products",
             "Access scopes the OAuth install asks for (comma-separated; read_products needed)."),
    Variable("HOP_SHOPIFY_API_VERSION", "stores.shopify.api_version", _shopify_version,
             "2026-10", "Shopify Admin API version every call is pinned to."),
    Variable("HOP_SHOPIFY_API_URL", "stores.shopify.api_url", _shop_url_template,
             "https://{shop}",
             "Where a shop's Admin API lives; `{shop}` is its myshopify.com host. Tests point "
             "it at a loopback fake (e.g. `http://127.0.0.1:9000/{shop}`)."),
    Variable("HOP_WOOCOMMERCE_APP_NAME", "stores.woocommerce_app_name", _text, "Hop",
             "Application name WooCommerce shows the store owner when asking for API keys."),
    Variable("HOP_AI_BASE_URL", "ai.base_url", _http_url, None,
             "OpenAI-compatible Chat Completions endpoint for product copy (e.g. "
             "`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` for Ollama). Unset: "
             "copy comes from a template writer and says `\"generator\": \"template\"`."),
    Variable("HOP_AI_API_KEY", "ai.api_key", _credential, None,
             "API key for HOP_AI_BASE_URL (local servers may need none). Also "
             "`HOP_AI_API_KEY_FILE`.", secret=True),
    Variable("HOP_AI_MODEL", "ai.model", _text, "gpt-4o-mini",
             "Model name sent to HOP_AI_BASE_URL; it must support structured output "
             "(`response_format: json_schema`)."),
    Variable("HOP_AI_TIMEOUT", "ai.timeout", _positive_seconds, 60.0,
             "Seconds one copy generation may wait for the AI endpoint, retries included; "
             "then 504."),
    Variable("HOP_AI_MAX_TOKENS", "ai.max_tokens", _positive_int, 1500,
             "Most tokens the model may write for one product's copy."),
    Variable("HOP_AI_GENERATIONS_FREE_PER_MONTH", "ai.per_month.free", _non_negative_int, 50,
             "AI copy generations per calendar month (UTC), free plan (live and sandbox "
             "together); template copy is not counted."),
    Variable("HOP_AI_GENERATIONS_PRO_PER_MONTH", "ai.per_month.pro", _non_negative_int, 1000,
             "AI copy generations per calendar month, pro plan."),
    Variable("HOP_AI_GENERATIONS_BUSINESS_PER_MONTH", "ai.per_month.business",
             _non_negative_int, 10000,
             "AI copy generations per calendar month, business plan."),
    Variable("HOP_SAFETY_SUSPICIOUS_TLDS", "safety.suspicious_tlds", _labels, SUSPICIOUS_TLDS,
             "Top-level domains that add the `suspicious_tld` signal to a destination's score "
             "(docs/safety.md); comma-separated."),
    Variable("HOP_SAFETY_ALLOWLIST", "safety.allowlist", _labels, (),
             "Comma-separated domains whose hosts (and subdomains) the heuristic scorer never "
             "flags; threat-feed hits and operator blocks still apply."),
    Variable("HOP_SAFETY_WARN_SCORE", "safety.warn_score", _positive_int, 40,
             "Heuristic score from which a destination is `warn` (an interstitial page)."),
    Variable("HOP_SAFETY_BLOCK_SCORE", "safety.block_score", _positive_int, 100,
             "Heuristic score from which a destination is `block` (HTTP 403 at the edge)."),
    Variable("HOP_SAFETY_CONTACT", "safety.contact", _contact, None,
             "Where visitors of a blocked link may appeal (an e-mail address or a URL), shown "
             "on the edge's block page. Unset: the page only tells the owner how to ask for a "
             "review."),
    Variable("HOP_SAFETY_URLHAUS_URL", "safety.urlhaus_url", _any_http_url, None,
             "URLhaus dump to load (the `csv_online` download, e.g. "
             "`https://urlhaus.abuse.ch/downloads/csv_online/`). Unset: no URLhaus feed."),
    Variable("HOP_SAFETY_URLHAUS_INTERVAL", "safety.urlhaus_interval", _positive_seconds,
             600.0, "Seconds between URLhaus downloads."),
    Variable("HOP_SAFETY_PHISHTANK_URL", "safety.phishtank_url", _any_http_url, None,
             "PhishTank dump to load (`online-valid.json`, with the application key in its "
             "path). Unset: no PhishTank feed.", secret=True),
    Variable("HOP_SAFETY_PHISHTANK_INTERVAL", "safety.phishtank_interval", _positive_seconds,
             3600.0, "Seconds between PhishTank downloads (PhishTank asks for at most one an "
             "hour)."),
    Variable("HOP_SAFETY_WEBRISK_KEY", "safety.webrisk_key", _text, None,
             "Google Web Risk API key. Set: the worker keeps a local hash-prefix database "
             "(`threatLists:computeDiff`) and full hashes are looked up (`hashes:search`) only "
             "at create, update and feed refresh, never on a click.", secret=True),
    Variable("HOP_SAFETY_WEBRISK_URL", "safety.webrisk_url", _http_url,
             "https://webrisk.googleapis.com/v1", "Base URL of the Web Risk API."),
    Variable("HOP_SAFETY_WEBRISK_THREATS", "safety.webrisk_threats", _webrisk_threats,
             "MALWARE,SOCIAL_ENGINEERING,UNWANTED_SOFTWARE",
             "Web Risk threat lists to keep, comma-separated."),
    Variable("HOP_SAFETY_WEBRISK_INTERVAL", "safety.webrisk_interval", _positive_seconds,
             1800.0, "Seconds between Web Risk diffs unless the API recommends a later time."),
    Variable("HOP_SAFETY_WAVE_LINKS", "safety.wave_links", _positive_int, 20,
             "New links to one never-seen registrable domain within an hour that make a spam "
             "wave (with HOP_SAFETY_WAVE_ACCOUNTS): they are set to `warn` and queued for review."),
    Variable("HOP_SAFETY_WAVE_ACCOUNTS", "safety.wave_accounts", _positive_int, 3,
             "Different accounts those links must come from to make a spam wave."),
    Variable("HOP_SAFETY_WAVE_INTERVAL", "safety.wave_interval", _positive_seconds, 60.0,
             "Seconds between the worker's looks for spam waves."),
    Variable("HOP_SAFETY_NEW_ACCOUNT_DAYS", "safety.new_account_days", _non_negative_int, 7,
             "Free-plan accounts younger than this many days get the lower link-creation "
             "quotas below. 0: none."),
    Variable("HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_HOUR", "safety.new_account_links_per_hour",
             _positive_int, 30,
             "Links a new account may create per hour (429 beyond): through `/v1/links` and "
             "its bulk forms, dynamic QR codes and Bio pages alike."),
    Variable("HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_DAY", "safety.new_account_links_per_day",
             _positive_int, 100, "Links a new account may create per day (UTC, 429 beyond)."),
    Variable("HOP_SIGNUP", "accounts.signup", _choice("open", "closed"), "open",
             "`open`: anyone may create an account on the dashboard's /signup page (and must "
             "verify the e-mail address); needs HOP_SMTP_URL outside `hop dev`. `closed`: "
             "private install, accounts come from `hop user create` only."),
    Variable("HOP_SIGNUPS_PER_NETWORK_PER_HOUR", "accounts.signups_per_network_per_hour",
             _positive_int, 10,
             "Sign-ups per hour from one client network (an IPv4 address, an IPv6 /64); "
             "further ones are answered 429."),
    Variable("HOP_ACCOUNT_MAILS_PER_HOUR", "accounts.mails_per_hour", _positive_int, 5,
             "Account e-mails (verification, password reset) sent to one address per hour; "
             "beyond it requests are answered as usual but send nothing."),
    Variable("HOP_VERIFY_LINK_TTL", "accounts.verify_link_ttl", _positive_int, 2 * 86400,
             "Seconds an e-mail verification link stays valid."),
    Variable("HOP_RESET_LINK_TTL", "accounts.reset_link_ttl", _positive_int, 3600,
             "Seconds a password reset link stays valid (it works once)."),
    Variable("HOP_SESSION_IDLE_TIMEOUT", "accounts.session_idle_timeout", _positive_int, 1800,
             "A dashboard session unused this many seconds ends."),
    Variable("HOP_SESSION_LIFETIME", "accounts.session_lifetime", _positive_int, 12 * 3600,
             "A dashboard session ends this many seconds after its sign-in, however busy."),
)
# fmt: on


def _read(variable: Variable, environ: Mapping[str, str]) -> str | None:
    raw = environ.get(variable.name)
    file_name = environ.get(f"{variable.name}_FILE") if variable.secret else None
    if raw is not None and file_name is not None:
        raise SettingsError(f"{variable.name}: set either it or {variable.name}_FILE, not both")
    if file_name is not None:
        try:
            return Path(file_name).read_text().strip()
        except OSError as exc:
            raise SettingsError(
                f"{variable.name}_FILE: cannot read {file_name}: {exc.strerror}"
            ) from None
    return raw


def _assign(tree: dict[str, Any], path: str, value: Any) -> None:
    *parents, leaf = path.split(".")
    for part in parents:
        tree = tree.setdefault(part, {})
    tree[leaf] = value


def load_settings(environ: Mapping[str, str]) -> Settings:
    """Build the one Settings object from an environment mapping."""
    known = {variable.name for variable in VARIABLES}
    known |= {f"{variable.name}_FILE" for variable in VARIABLES if variable.secret}
    for name in environ:
        if name.startswith("HOP_") and name not in known:
            raise SettingsError(f"{name}: unknown setting (see README, 'Settings')")

    flat: dict[str, Any] = {}
    deferred: list[Variable] = []
    for variable in VARIABLES:
        raw = _read(variable, environ)
        if raw is None:
            if callable(variable.default):
                deferred.append(variable)
                continue
            # Text defaults go through the parser too, so they read like a set value.
            default = variable.default
            flat[variable.path] = variable.parse(default) if isinstance(default, str) else default
            continue
        try:
            flat[variable.path] = variable.parse(raw)
        except ValueError as exc:
            raise SettingsError(f"{variable.name}: {exc}") from None
    for variable in deferred:
        flat[variable.path] = variable.default(flat)

    tree: dict[str, Any] = {}
    for path, value in flat.items():
        _assign(tree, path, value)
    return msgspec.convert(tree, Settings, from_attributes=True)
