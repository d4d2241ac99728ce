"""Settings of the processes and the accounts they serve: listeners, sign-in, limits,
the admin, the edge, the worker. Each field declares its variable beside it."""

from typing import Annotated, Any

import msgspec

from common.settings import parsers as p
from common.settings.variable import Fields, Variable


class Listen(msgspec.Struct, frozen=True):
    host: str
    port: int


# Defaults that depend on another variable are callables of the values read (by path).
def admin_listen_default(values: dict[str, Any]) -> dict[str, Any]:
    return p.listen_of(values["base_url"])


def edge_listen_default(values: dict[str, Any]) -> dict[str, Any]:
    return p.listen_of(values["short_base_url"])


# fmt: off

class AuthSettings(msgspec.Struct, frozen=True, kw_only=True):
    jwt_secret: Annotated[str | None, Variable(
        "HOP_JWT_SECRET", p.secret, None,
        "HMAC key (32+ random chars, e.g. `openssl rand -base64 48`) signing access tokens. "
        "Required by `hop admin`; `hop dev` generates one in HOP_DATA_DIR. Placeholders and "
        "patterns are refused (docs/operations.md#deploying).", secret=True)]
    access_token_ttl: Annotated[int, Variable(
        "HOP_ACCESS_TOKEN_TTL", p.positive_int, 900,
        "Lifetime of a JWT access token, seconds.")]
    refresh_token_ttl: Annotated[int, Variable(
        "HOP_REFRESH_TOKEN_TTL", p.positive_int, 30 * 86_400,
        "Lifetime of a refresh token, seconds.")]
    cache_ttl: Annotated[int, Variable(
        "HOP_AUTH_CACHE_TTL", p.positive_int, 60,
        "Seconds an admin process may reuse a resolved API key or user plan. Changes (a revoked "
        "key) are announced over Redis and apply at once; this bounds them only if Redis was "
        "unreachable when they were made.")]
    password_hash_memory_kib: Annotated[int, Variable(
        "HOP_PASSWORD_HASH_MEMORY_KIB", p.hash_memory, 65_536,
        "Memory (KiB) of one argon2id password hash, for new hashes; checking a password uses the "
        "parameters stored in its hash. At least 8192.")]
    password_hash_concurrency: Annotated[int, Variable(
        "HOP_PASSWORD_HASH_CONCURRENCY", p.positive_int, 2,
        "Password hashes one admin process computes at once (as many more may wait; beyond that a "
        "sign-in is answered 503). Peak hashing memory per process is about this times "
        "HOP_PASSWORD_HASH_MEMORY_KIB.")]
    key_usage_interval: Annotated[float, Variable(
        "HOP_API_KEY_USAGE_INTERVAL", p.positive_seconds, 60.0,
        "Seconds between an admin process's writes of API keys' `lastUsedAt` (one UPDATE for "
        "every key used meanwhile), so it lags by at most this much.")]


class LoginLimits(msgspec.Struct, frozen=True, kw_only=True):
    free_failures: Annotated[int, Variable(
        "HOP_LOGIN_FREE_FAILURES", p.positive_int, 5,
        "Failed sign-ins for one e-mail address before it is locked out.")]
    lockout: Annotated[int, Variable(
        "HOP_LOGIN_LOCKOUT", p.positive_int, 60,
        "Seconds of the first lock-out; each further failure doubles it.")]
    lockout_max: Annotated[int, Variable(
        "HOP_LOGIN_LOCKOUT_MAX", p.positive_int, 3600,
        "Longest lock-out, seconds. Failures are forgotten a day after the last one, or at the "
        "next successful sign-in.")]
    per_network_per_minute: Annotated[int, Variable(
        "HOP_LOGIN_PER_NETWORK_PER_MINUTE", p.positive_int, 30,
        "Sign-in and refresh attempts per minute from one client network (an IPv4 address, an "
        "IPv6 /64), whatever token they carry.")]


class PlanLimit(msgspec.Struct, frozen=True):
    """A plan's request quotas; each plan declares its variables in ``LimitSettings``."""

    per_minute: int
    per_month: int


class LimitSettings(msgspec.Struct, frozen=True, kw_only=True):
    free: Annotated[PlanLimit, Fields(
        per_minute=Variable(
            "HOP_LIMIT_FREE_PER_MINUTE", p.positive_int, 60,
            "Requests per minute, free plan."),
        per_month=Variable(
            "HOP_LIMIT_FREE_PER_MONTH", p.positive_int, 10_000,
            "Requests per calendar month (UTC), free plan."),
    )]
    pro: Annotated[PlanLimit, Fields(
        per_minute=Variable(
            "HOP_LIMIT_PRO_PER_MINUTE", p.positive_int, 600,
            "Requests per minute, pro plan."),
        per_month=Variable(
            "HOP_LIMIT_PRO_PER_MONTH", p.positive_int, 100_000,
            "Requests per calendar month (UTC), pro plan."),
    )]
    business: Annotated[PlanLimit, Fields(
        per_minute=Variable(
            "HOP_LIMIT_BUSINESS_PER_MINUTE", p.positive_int, 6_000,
            "Requests per minute, business plan, unless the account sets its own."),
        per_month=Variable(
            "HOP_LIMIT_BUSINESS_PER_MONTH", p.positive_int, 10_000_000,
            "Requests per calendar month, business plan, unless the account sets its own."),
    )]
    anonymous_per_minute: Annotated[int, Variable(
        "HOP_LIMIT_ANONYMOUS_PER_MINUTE", p.positive_int, 60,
        "Requests per minute per client network (an IPv4 address, an IPv6 /64) without a valid "
        "token (login, refresh, public pages, bad credentials, API keys that match no account). "
        "Once spent, a key the admin process has not seen resolve to an account is not looked up "
        "(429); keys that resolve never spend it.")]
    dashboard_per_minute: Annotated[int, Variable(
        "HOP_LIMIT_DASHBOARD_PER_MINUTE", p.positive_int, 120,
        "Dashboard requests (pages, forms, previews) per minute per person and workspace, "
        "counted apart from the API's per-minute and monthly quota: a script spending the "
        "API's quota cannot lock its owner out of the dashboard, and page views spend none of "
        "it.")]
    login: LoginLimits
    window_time: Annotated[float | None, Variable(
        "HOP_TEST_WINDOW_TIME", p.unix_time, None,
        "Unix time the minute windows of the rate limits and the sign-in throttle read instead "
        "of the clock, pinning them: a test's requests then never straddle a minute boundary. "
        "Unset, the clock.", seam=True)]
    idempotency_ttl: Annotated[int, Variable(
        "HOP_IDEMPOTENCY_TTL", p.positive_int, 86_400,
        "How long an Idempotency-Key is remembered, seconds.")]


class AccountSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Self-service accounts and the web dashboard's sessions (docs/dashboard.md)."""

    signup: Annotated[str, Variable(
        "HOP_SIGNUP", p.choice("open", "closed"), "open",
        "`open`: anyone may create an account on the dashboard's /signup page (and must verify "
        "the e-mail address); needs HOP_SMTP_URL outside `hop dev`. `closed`: private install, "
        "accounts come from `hop user create` only.")]
    signups_per_network_per_hour: Annotated[int, Variable(
        "HOP_SIGNUPS_PER_NETWORK_PER_HOUR", p.positive_int, 10,
        "Sign-ups per hour from one client network (an IPv4 address, an IPv6 /64); further ones "
        "are answered 429.")]
    mails_per_hour: Annotated[int, Variable(
        "HOP_ACCOUNT_MAILS_PER_HOUR", p.positive_int, 5,
        "Account e-mails (verification, password reset) sent to one address per hour; beyond it "
        "requests are answered as usual but send nothing.")]
    session_idle_timeout: Annotated[int, Variable(
        "HOP_SESSION_IDLE_TIMEOUT", p.positive_int, 1800,
        "A dashboard session unused this many seconds ends.")]
    session_lifetime: Annotated[int, Variable(
        "HOP_SESSION_LIFETIME", p.positive_int, 12 * 3_600,
        "A dashboard session ends this many seconds after its sign-in, however busy.")]


class AdminSettings(msgspec.Struct, frozen=True, kw_only=True):
    listen: Annotated[Listen, Variable(
        "HOP_ADMIN_LISTEN", p.listen, admin_listen_default,
        "HOST:PORT the admin binds. Default: host and port of HOP_BASE_URL.")]
    workers: Annotated[int, Variable(
        "HOP_ADMIN_WORKERS", p.positive_int, 1,
        "Granian worker processes for the admin.")]
    db_pool_size: Annotated[int, Variable(
        "HOP_DB_POOL_SIZE", p.positive_int, 10,
        "PostgreSQL connections per admin worker process.")]
    max_body_bytes: Annotated[int, Variable(
        "HOP_MAX_BODY_BYTES", p.positive_int, 1_048_576,
        "Largest request body the admin accepts; larger ones get 413 as soon as they pass it, "
        "however they are sent.")]
    export_concurrency: Annotated[int, Variable(
        "HOP_EXPORT_CONCURRENCY", p.positive_int, 2,
        "Exports one admin worker process runs at once, each on a PostgreSQL connection of a pool "
        "of its own (at most one per account); beyond it `POST /v1/users/me/export` answers 503 "
        "with Retry-After.")]
    export_idle_timeout: Annotated[float, Variable(
        "HOP_TEST_EXPORT_IDLE_TIMEOUT", p.positive_seconds, 30.0,
        "Seconds an export waits for its client to take the next chunk before it is cut off and "
        "its connection freed. Tests shorten it to see a stalled export cut off.", seam=True)]
    code_reservation_days: Annotated[int, Variable(
        "HOP_CODE_RESERVATION_DAYS", p.non_negative_int, 30,
        "Days a deleted link's code, a link's previous alias and a deleted or renamed Bio page's "
        "username stay reserved for their owner (the edge answers 410 for them); other accounts "
        "get 409 until then. 0: free at once.")]
    metrics_listen: Annotated[Listen | None, Variable(
        "HOP_ADMIN_METRICS_LISTEN", p.listen, None,
        "HOST:PORT of the admin's Prometheus `/metrics` listener (all its worker processes "
        "together; docs/operations.md). Unset: no metrics listener. `hop dev`: 127.0.0.1:9100.")]
    dns_resolver: Annotated[str | None, Variable(
        "HOP_DNS_RESOLVER", p.dns_resolver, None,
        "IP[:PORT] of the DNS resolver that custom-domain verification (the admin's, and the "
        "worker's re-verification) asks for the _hop-challenge TXT record (port 53 by default). "
        "Unset: the system's resolvers (/etc/resolv.conf).")]
    domain_reverify_interval: Annotated[float, Variable(
        "HOP_DOMAIN_REVERIFY_INTERVAL", p.positive_seconds, 6 * 3_600.0,
        "Seconds between the worker's checks of each verified custom domain's TXT proof. A domain "
        "whose proof is gone is `lapsing` (still served) and its owner e-mailed; a check that "
        "finds the proof again restores it.")]
    domain_lapse_grace: Annotated[float, Variable(
        "HOP_DOMAIN_LAPSE_GRACE", p.positive_seconds, 7 * 86_400.0,
        "Seconds a custom domain may go on lapsing before it lapses: it is no longer served (its "
        "links answer 404 at the edge), its owner is e-mailed, and the name is free for whoever "
        "proves it next.")]
    orphans_workspace: Annotated[str | None, Variable(
        "HOP_ORPHANS_WORKSPACE", p.text, None,
        "Id of the operator's workspace (`ws_…`): its members and keys may read the default "
        "short host's orphan visits (`GET /v1/analytics/orphans` without `domain`), visits to "
        "codes nobody owns. Unset: nobody may (404).")]
    live_streams_per_workspace: Annotated[int, Variable(
        "HOP_LIVE_STREAMS_PER_WORKSPACE", p.positive_int, 5,
        "Live click streams (`GET /v1/analytics/live`, `GET /v1/links/:id/clicks/live`) one "
        "workspace may have open at once, across every admin process (counted in Redis); "
        "beyond it they answer 429.")]


class EdgeSettings(msgspec.Struct, frozen=True, kw_only=True):
    listen: Annotated[Listen, Variable(
        "HOP_EDGE_LISTEN", p.listen, edge_listen_default,
        "HOST:PORT the edge binds. Default: host and port of HOP_SHORT_BASE_URL.")]
    workers: Annotated[int, Variable(
        "HOP_EDGE_WORKERS", p.positive_int, 1,
        "Granian worker processes for the edge.")]
    landing_url: Annotated[str, Variable(
        "HOP_LANDING_URL", p.any_http_url, "https://github.com/",
        "Where the edge sends visitors of the bare short domain `/`.")]
    cache_entries: Annotated[int, Variable(
        "HOP_EDGE_CACHE_ENTRIES", p.positive_int, 500_000,
        "Most links one edge worker keeps in memory (least recently used go first), for the short "
        "host and again for custom domains' links.")]
    cache_megabytes: Annotated[int, Variable(
        "HOP_EDGE_CACHE_MB", p.positive_int, 64,
        "Most memory, in MB (estimated), one edge worker's link cache may use; custom domains' "
        "links have a cache of their own with the same bound.")]
    click_flush_ms: Annotated[int, Variable(
        "HOP_TEST_CLICK_FLUSH_MS", p.positive_int, 5,
        "How often the edge writes buffered clicks to the Redis stream, milliseconds. Tests "
        "stretch it to keep clicks in the buffer while Redis fails, or on a cluster.", seam=True)]
    click_batch_max: Annotated[int, Variable(
        "HOP_TEST_CLICK_BATCH_MAX", p.positive_int, 1000,
        "Most clicks in one stream entry; a full batch is written at once. Tests make "
        "batches small or unbounded.", seam=True)]
    time: Annotated[float | None, Variable(
        "HOP_TEST_EDGE_TIME", p.unix_time, None,
        "Unix time the edge reads instead of the clock (links' expiry, clicks' times), pinning "
        "it: a test sees a link expired without waiting for it. Unset, the clock.", seam=True)]
    click_buffer_max: Annotated[int, Variable(
        "HOP_CLICK_BUFFER_MAX", p.positive_int, 200_000,
        "Most clicks an edge worker holds while Redis is unreachable; beyond it the oldest are "
        "dropped and counted in the log.")]
    country_header: Annotated[str | None, Variable(
        "HOP_COUNTRY_HEADER", p.header_name, None,
        "Request header a trusted proxy sets to the visitor's country (e.g. `CF-IPCountry`), "
        "believed only when the edge's peer is in HOP_TRUSTED_PROXIES. Unset, or from anyone "
        "else: country comes from the offline IP database.")]
    metrics_listen: Annotated[Listen | None, Variable(
        "HOP_EDGE_METRICS_LISTEN", p.listen, None,
        "HOST:PORT of the edge's Prometheus `/metrics` listener (all its worker processes "
        "together). Unset: no metrics listener. `hop dev`: 127.0.0.1:9101.")]


class WorkerSettings(msgspec.Struct, frozen=True, kw_only=True):
    name: Annotated[str | None, Variable(
        "HOP_WORKER_NAME", p.text, None,
        "Consumer name in the click stream's group. Default: host name and process id.")]
    read_count: Annotated[int, Variable(
        "HOP_TEST_WORKER_READ_COUNT", p.positive_int, 20,
        "Stream entries (each a batch of clicks) the worker reads at once. Tests and "
        "loadtest/bench_worker.py vary it.", seam=True)]
    batches_in_flight: Annotated[int, Variable(
        "HOP_TEST_WORKER_BATCHES_IN_FLIGHT", p.positive_int, 2,
        "Click batches one consumer stores at once, each in its own transaction on its own "
        "connection. loadtest/bench_worker.py varies it.", seam=True)]
    claim_idle_ms: Annotated[int, Variable(
        "HOP_TEST_WORKER_CLAIM_IDLE_MS", p.positive_int, 30_000,
        "Milliseconds a click batch stays pending on a dead consumer before another claims it. "
        "Fault tests shorten it.", seam=True)]
    metrics_listen: Annotated[Listen | None, Variable(
        "HOP_WORKER_METRICS_LISTEN", p.listen, None,
        "HOST:PORT of the worker's Prometheus `/metrics` listener. Unset: no metrics listener. "
        "`hop dev`: 127.0.0.1:9102.")]
    click_retention_days: Annotated[int, Variable(
        "HOP_CLICK_RETENTION", p.non_negative_int, 0,
        "Days raw clicks are kept: the worker drops each monthly partition of the clicks table "
        "once all of it is older. Daily counts and unique-visitor sketches stay. 0 (default): "
        "keep every click.")]
    geoip_db: Annotated[str | None, Variable(
        "HOP_GEOIP_DB", p.text, None,
        "Path to a GeoIP2/GeoLite2-City or DB-IP City database (`.mmdb`) the worker reads at "
        "start (it refuses to start if it cannot): clicks then carry the visitor's region and "
        "city, and their country comes from it too. Unset: country from the bundled "
        "RIR-delegation table, no region or city (docs/analytics.md#cities-and-regions).")]
    click_anonymize_days: Annotated[int, Variable(
        "HOP_CLICK_ANONYMIZE_DAYS", p.non_negative_int, 0,
        "Days a raw click keeps its visitor id and user agent: the worker's housekeeping then "
        "blanks both (device, OS, browser and bot stay, parsed; docs/privacy.md). Counts and "
        "unique-visitor sketches are unchanged. 0 (default): never.")]
    delivery_retention_days: Annotated[int, Variable(
        "HOP_DELIVERY_RETENTION", p.non_negative_int, 30,
        "Days a finished webhook delivery (succeeded or failed) and its attempt log are kept; "
        "pending deliveries are never pruned. 0: keep forever.")]
    event_retention_days: Annotated[int, Variable(
        "HOP_EVENT_RETENTION", p.non_negative_int, 30,
        "Days an event is kept once no delivery of it is pending. 0: keep forever.")]
    audit_retention_days: Annotated[int, Variable(
        "HOP_AUDIT_RETENTION", p.non_negative_int, 365,
        "Days an entry of a workspace's audit log is kept (GET /v1/workspaces/:id/audit-log); "
        "the worker purges older ones. 0: keep forever.")]
    import_lease: Annotated[float, Variable(
        "HOP_TEST_IMPORT_LEASE", p.positive_seconds, 60.0,
        "Seconds a worker holds an import job between pages without renewing it; once it has "
        "lapsed (the worker died), another worker takes the job over where it stopped. Fault "
        "tests shorten it.", seam=True)]
    import_poll_interval: Annotated[float, Variable(
        "HOP_TEST_IMPORT_POLL_INTERVAL", p.positive_seconds, 1.0,
        "Seconds an idle worker waits before looking for an import job again. Tests shorten "
        "it.", seam=True)]
    link_health_interval: Annotated[float, Variable(
        "HOP_LINK_HEALTH_INTERVAL", p.non_negative_seconds, 86_400.0,
        "Seconds between the worker's checks of each live link's destinations (HEAD, else a "
        "one-byte GET, under the webhooks' outbound rules; docs/api.md#link-health): a link "
        "whose destination broke emits `link.broken` and is listed in its workspace owners' "
        "daily digest. 0: no checks.")]
    link_health_digest_interval: Annotated[float, Variable(
        "HOP_TEST_LINK_HEALTH_DIGEST_INTERVAL", p.positive_seconds, 86_400.0,
        "Seconds between two digests of broken links to one workspace's owners (a day). "
        "Tests shorten it.", seam=True)]
    link_health_host_gap: Annotated[float, Variable(
        "HOP_TEST_LINK_HEALTH_HOST_GAP", p.positive_seconds, 1.0,
        "Seconds the link health checks leave between two requests to one host (and before "
        "the retry of a broken answer). Tests shorten it.", seam=True)]
# fmt: on
