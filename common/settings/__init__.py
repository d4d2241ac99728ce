"""Every setting of every Hop process, read once from ``HOP_*`` variables.

``load_settings(os.environ)`` is called by each process's composition root and
nowhere else. Each variable is declared once, in the annotation of the field it fills
(``Annotated[int, Variable("HOP_...", parser, default, "what it means")]``): this
package's structs are the registry, and ``VARIABLES`` is read off them. ``hop settings``
prints the README's table from it. A bad value raises ``SettingsError`` whose message
names the variable, and the ``hop`` command prints that one line and exits.

Knobs no operator needs are constants where they are used; the few that tests must
move are test seams (``HOP_TEST_*``, ``Variable(..., seam=True)``), listed in the
README's Tests section, not its settings table.
"""

from collections.abc import Mapping
from typing import Annotated

import msgspec

from common.settings import parsers as p
from common.settings.outbound import (
    AiSettings,
    GenerationQuota,
    MailSettings,
    SafetySettings,
    ShopifySettings,
    SignInSettings,
    StoreSettings,
    WebhookSettings,
)
from common.settings.processes import (
    AccountSettings,
    AdminSettings,
    AuthSettings,
    EdgeSettings,
    LimitSettings,
    Listen,
    LoginLimits,
    PlanLimit,
    WorkerSettings,
)
from common.settings.registry import RETIRED, load_from, walk
from common.settings.variable import Fields, SettingsError, Variable


# fmt: off
class Settings(msgspec.Struct, frozen=True, kw_only=True):
    database_url: Annotated[str | None, Variable(
        "HOP_DATABASE_URL", p.postgres_url, None,
        "PostgreSQL URL. Unset: `hop dev` and the tests start an embedded PostgreSQL.")]
    redis_url: Annotated[str | None, Variable(
        "HOP_REDIS_URL", p.redis_url, None,
        "Redis 6.2 or later (7.0 for a cluster; checked at start): `redis[s]://host:port/db` (one "
        "server), `redis[s]+cluster://host:port[,host:port...]` (Redis Cluster seed nodes) or "
        "`redis[s]+sentinel://host:port[,host:port...]/service/db` (Sentinel). Unset: `hop dev` "
        "and the tests start an embedded Redis.")]
    click_stream_shards: Annotated[int, Variable(
        "HOP_CLICK_STREAM_SHARDS", p.shards, 1,
        "How many streams the click stream is split into (hash of the short code); every worker "
        "reads every shard. 1 keeps the single `hop:clicks` stream. Raise it, never lower it "
        "without draining (docs/operations.md#redis).")]
    base_url: Annotated[str, Variable(
        "HOP_BASE_URL", p.http_url, "http://127.0.0.1:8000",
        "Public address of the admin API.")]
    short_base_url: Annotated[str, Variable(
        "HOP_SHORT_BASE_URL", p.http_url, "http://127.0.0.1:8080",
        "Public address of the edge; short URLs are HOP_SHORT_BASE_URL/<code> (sandbox ones "
        "HOP_SHORT_BASE_URL/test/<code>).")]
    short_host_aliases: Annotated[tuple[str, ...], Variable(
        "HOP_SHORT_HOST_ALIASES", p.host_names, (),
        "Comma-separated further host names (or IP addresses, no port) on which the edge answers "
        "the default short host's links, e.g. the name a proxy in front rewrites `Host` to. Those "
        "links answer only on HOP_SHORT_BASE_URL's host and these (any port); any other `Host` "
        "that is not a verified custom domain gets 404 (docs/operations.md#upgrading). `hop dev`: "
        "`localhost,127.0.0.1`.")]
    case_insensitive_codes: Annotated[bool, Variable(
        "HOP_CASE_INSENSITIVE_CODES", p.boolean, False,
        "On: the default short host's codes are case-insensitive (`/Sale`, `/SALE` and `/sale` "
        "are one link; a new code clashes with one differing only in case). The same on the "
        "admin, the worker and every edge; it takes effect at the worker's start (`hop cache "
        "rebuild`), which folds existing codes and logs clashes: the older link keeps the code "
        "(docs/decisions.md#case-insensitive-codes). Custom domains choose their own "
        "(`caseSensitive`).")]
    data_dir: Annotated[str, Variable(
        "HOP_DATA_DIR", p.text, ".hop",
        "Folder for the embedded PostgreSQL and Redis data and dev secrets.")]
    log_level: Annotated[str, Variable(
        "HOP_LOG_LEVEL", p.choice("debug", "info", "warning", "error"), "info",
        "Lowest level logged.")]
    log_format: Annotated[str, Variable(
        "HOP_LOG_FORMAT", p.choice("json", "text"), "json",
        "`json`: one JSON object per line; `text`: for people.")]
    trusted_proxies: Annotated[tuple[str, ...], Variable(
        "HOP_TRUSTED_PROXIES", p.networks, (),
        "Comma-separated networks whose X-Forwarded-For (and HOP_COUNTRY_HEADER) is believed: the "
        "client IP for anonymous rate limits and for click analytics.")]
    link_password_key: Annotated[str | None, Variable(
        "HOP_LINK_PASSWORD_KEY", p.secret, None,
        "Key (32+ random chars) the admin derives password-protected links' verifiers with and "
        "the edge checks them and signs its access cookies with: the same on the admin and every "
        "edge. Changing it locks every protected link until its password is set again. Unset: "
        "links cannot be given a password (422). `hop dev` generates one in HOP_DATA_DIR.",
        secret=True)]
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
    sign_in: SignInSettings
# fmt: on


VARIABLES: tuple[Variable, ...] = tuple(walk(Settings))


def load_settings(environ: Mapping[str, str]) -> Settings:
    """Build the one Settings object from an environment mapping."""
    return load_from(environ, VARIABLES, Settings)


__all__ = [
    "RETIRED",
    "VARIABLES",
    "AccountSettings",
    "AdminSettings",
    "AiSettings",
    "AuthSettings",
    "EdgeSettings",
    "Fields",
    "GenerationQuota",
    "LimitSettings",
    "Listen",
    "LoginLimits",
    "MailSettings",
    "PlanLimit",
    "SafetySettings",
    "Settings",
    "SettingsError",
    "ShopifySettings",
    "SignInSettings",
    "StoreSettings",
    "Variable",
    "WebhookSettings",
    "WorkerSettings",
    "load_settings",
]
