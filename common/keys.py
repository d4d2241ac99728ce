"""Redis key, channel and stream names shared by the admin, the edge and the worker.

Everything Hop keeps in Redis lives under ``hop:``. Links are keyed by short code
because that is what the edge has in hand; the value is a ``wire.LinkEntry``. A link
on a custom domain is keyed ``<hostname>/<code>`` instead (codes never hold "/", so
the two kinds cannot collide), and the edge looks it up only for a request whose
``Host`` is in ``DOMAINS_KEY``.
Sandbox (``svc_test_``) links and Bio pages are a namespace of their own, under
``hop:test:`` (no live key starts with it), served by the edge only below
``SANDBOX_PATH``.
"""

from __future__ import annotations

import zlib

LINK_PREFIX = "hop:link:"
# Published (payload: the link's cache key, ``link_cache_key``) after every
# write-through so each edge worker drops its in-process copy; see edge/cache.py.
LINK_CHANGES_CHANNEL = "hop:link-changes"
FLUSH_ALL = "*"  # the payload on LINK_CHANGES_CHANNEL that drops every cached link
# Set (always to the same byte) before a link change is recorded: a Redis too full to take
# writes answers OOM to it, and the change is refused with 503 instead of being recorded
# in PostgreSQL with no entry for the edge (admin/links/cache.py, ``require_room``).
WRITE_PROBE_KEY = "hop:write-probe"
# The set of verified custom hostnames (lower case), kept by the admin when a domain is
# verified or deleted and by `hop cache rebuild`; a change is announced (payload: the
# hostname) on DOMAIN_CHANGES_CHANNEL so every edge worker reloads the set.
DOMAINS_KEY = "hop:domains"
DOMAIN_CHANGES_CHANNEL = "hop:domain-changes"
# Verified hostname → its owner's "not found" destination (issue 29), for the domains
# that set one: the edge redirects unknown codes there. Kept with DOMAINS_KEY and
# announced on the same channel.
DOMAIN_NOT_FOUND_KEY = "hop:domain-not-found"
# The verified hostnames whose codes are case-insensitive (issue 30): the edge folds a
# code asked on one of them (``fold_code``) before its one lookup. Kept with DOMAINS_KEY
# and announced on the same channel.
CASE_INSENSITIVE_DOMAINS_KEY = "hop:domains-case-insensitive"
# Published when credentials change (a key revoked, a plan changed) so every
# admin process drops what it cached; see admin/auth/cache.py.
AUTH_CHANGES_CHANNEL = "hop:auth-changes"
# The click stream is HOP_CLICK_STREAM_SHARDS streams (docs/operations.md#redis). Shard 0
# keeps the name a single stream always had; shard i > 0 is ``{hop:clicks:i}``. Each
# shard's dead-letter stream carries its shard's hash tag (``{hop:clicks}`` hashes like
# the bare ``hop:clicks``), so a shard and its dead letters share one cluster slot and
# the dead-lettering transaction (XADD + XACK) never crosses nodes.
CLICK_STREAM = "hop:clicks"
CLICK_DEAD_LETTER_STREAM = "{hop:clicks}:dead"
# Where single-stream versions kept dead letters; `hop clicks replay-dead` drains it too.
LEGACY_CLICK_DEAD_LETTER_STREAM = "hop:clicks:dead"
CLICK_CONSUMER_GROUP = "hop-worker"
# Rendered Bio pages by username; the value is a ``wire.BioEntry``. The edge reads
# the key on every visit, so no invalidation channel is needed.
BIO_PREFIX = "hop:bio:"
SANDBOX_LINK_PREFIX = "hop:test:link:"
SANDBOX_BIO_PREFIX = "hop:test:bio:"
# <short_base_url>/test/<code> and /test/@<username>: sandbox links and pages. No live
# code can take the path: codes have no "/".
SANDBOX_PATH = "/test"
# The key every edge signs interstitial continue links with (edge/safety.py), created by
# the first edge that needs it.
SAFETY_CONTINUE_KEY = "hop:safety:continue-key"
# Published after threat feeds or operator host rules change, so every admin process
# reloads its copy (admin/safety/index.py).
SAFETY_CHANGES_CHANNEL = "hop:safety-changes"


def link_key(short_code: str) -> str:
    return LINK_PREFIX + short_code


def bio_key(username: str) -> str:
    return BIO_PREFIX + username


def sandbox_link_key(short_code: str) -> str:
    return SANDBOX_LINK_PREFIX + short_code


def sandbox_bio_key(username: str) -> str:
    return SANDBOX_BIO_PREFIX + username


def link_cache_key(short_code: str, domain: str = "") -> str:
    """What names a link within its environment: the code on the default host (domain
    ""), ``<hostname>/<code>`` on a custom domain. The edge caches by it and the
    invalidation channel carries it."""
    return f"{domain}/{short_code}" if domain else short_code


def fold_code(short_code: str) -> str:
    """A code as a case-insensitive host names it (codes are ASCII: ``lower`` is exact).
    The same fold as ``hop_code_key`` in admin/db/schema.sql, which names the code's entry
    in Redis: the edge folds a requested code once and looks up that one key."""
    return short_code.lower()


def link_key_in(environment: str, short_code: str, domain: str = "") -> str:
    """The link's key in its environment's namespace (``live`` or ``test``) and domain."""
    name = link_cache_key(short_code, domain)
    return link_key(name) if environment == "live" else sandbox_link_key(name)


def bio_key_in(environment: str, username: str) -> str:
    return bio_key(username) if environment == "live" else sandbox_bio_key(username)


def click_stream(shard: int) -> str:
    """The stream of click shard ``shard`` (0-based)."""
    return CLICK_STREAM if shard == 0 else f"{{hop:clicks:{shard}}}"


def click_dead_letter_stream(shard: int) -> str:
    """Shard ``shard``'s dead-letter stream, in the shard's cluster slot."""
    return CLICK_DEAD_LETTER_STREAM if shard == 0 else f"{{hop:clicks:{shard}}}:dead"


def click_shard(short_code: str, shards: int) -> int:
    """The shard a code's clicks go to: a stable hash, so one link's clicks stay in order
    on one stream (CRC-32: cheap, and the same in every process and version)."""
    return zlib.crc32(short_code.encode()) % shards if shards > 1 else 0


def rate_limit_keys(bucket: str, minute: int, month: str) -> tuple[str, str]:
    """Fixed-window counters: one per minute, one per calendar month (UTC). The bucket is
    the hash tag: one Lua script updates both, so they must share a cluster slot."""
    return f"hop:rl:{{{bucket}}}:m:{minute}", f"hop:rl:{{{bucket}}}:mo:{month}"


def login_failures_key(email_digest: str) -> str:
    """A hash of failed sign-ins and the lock-out for one e-mail address (by its digest)."""
    return f"hop:login:fail:{email_digest}"


def login_network_key(network: str, minute: int) -> str:
    """Sign-in and refresh attempts from one client network in one minute."""
    return f"hop:login:net:{network}:{minute}"


def signup_network_key(network: str, hour: int) -> str:
    """Sign-ups from one client network in one hour."""
    return f"hop:signup:net:{network}:{hour}"


def account_mail_key(email_digest: str, hour: int) -> str:
    """Account e-mails (verification, reset) sent to one address in one hour."""
    return f"hop:acctmail:{email_digest}:{hour}"


WEB_SESSION_PREFIX = "hop:websess:"


def web_session_key(session_digest: str) -> str:
    """A dashboard session, by the SHA-256 of its cookie (the cookie itself is not kept)."""
    return WEB_SESSION_PREFIX + session_digest


def web_sessions_of_key(user_id: str) -> str:
    """The set of a user's dashboard sessions (their digests), to end them all at once."""
    return f"hop:websess-of:{user_id}"


def link_password_tries_key(link_id: str, network: str, window: int) -> str:
    """Wrong passwords one visitor network gave for one link in one window (edge)."""
    return f"hop:pwtries:{link_id}:{network}:{window}"


def sign_in_flow_key(state_digest: str) -> str:
    """A started sign-in through a provider (OIDC, GitHub), under the SHA-256 of its
    ``state``; taken with GETDEL by its callback (admin/auth/oidc.py)."""
    return f"hop:signin:flow:{state_digest}"


def install_state_used_key(nonce: str) -> str:
    """Set (NX) by the first callback that spends an install state; outlives the state."""
    return f"hop:install:used:{nonce}"


def install_keys_key(nonce: str) -> str:
    """WooCommerce keys delivered for an install (sealed), waiting for its browser."""
    return f"hop:install:keys:{nonce}"


def shopify_webhook_key(webhook_id: str) -> str:
    """A Shopify webhook delivery already handled (its ``X-Shopify-Webhook-Id``)."""
    return f"hop:shopify:webhook:{webhook_id}"


def passkey_challenge_key(purpose: str, binding_digest: str) -> str:
    """A passkey ceremony's challenge (``purpose``: register or sign-in), single-use, by
    the SHA-256 of what it is bound to (the dashboard session, or the sign-in cookie)."""
    return f"hop:passkey:{purpose}:{binding_digest}"


def sso_state_key(state_digest: str) -> str:
    """A workspace single sign-on in flight (its nonce and PKCE verifier), by the SHA-256
    of its ``state``; taken once (GETDEL) by the callback (admin/workspaces/sso.py)."""
    return f"hop:sso:state:{state_digest}"


def live_clicks_stream(workspace_id: str, environment: str) -> str:
    """A workspace's recent clicks in one environment, newest last, for the live streams
    (admin/analytics/live.py): a short window, trimmed as the worker appends."""
    return f"hop:live:{{{workspace_id}}}:{environment}"


def live_watch_key(workspace_id: str, environment: str) -> str:
    """Present while someone watches the environment's live clicks (and a while after,
    for resumes): its value is when the watch began (ms). The worker appends to
    ``live_clicks_stream`` only while it exists."""
    return f"hop:live:{{{workspace_id}}}:{environment}:watched"


def live_slots_key(workspace_id: str) -> str:
    """The live streams a workspace has open (a sorted set: stream token → lease end)."""
    return f"hop:live:{{{workspace_id}}}:slots"
