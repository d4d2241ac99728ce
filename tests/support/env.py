"""Environment for the project's processes under test (and under benchmark)."""

from __future__ import annotations

from tests.support.processes import clean_environment

# Random-looking, as the settings refuse placeholder-shaped secrets (common/weak_secrets.py).
JWT_SECRET = "lEqjY6icK6YU7IEa0l02JjoWcPtWdDt4SH9zk8qOpI6rzDam"
WEBHOOK_SECRET_KEY = "nStD-NZ4cQNh29QvwkFkPOaleNaTyBbgOyc3KNC-z5UyfeTG"
LINK_PASSWORD_KEY = "q8Vd0rJmT3wZk6LxHp2NcYbE5sUaGi9fRoW1tKjQ7vXy"
# Test processes deliver to loopback receivers only: never anywhere else.
LOOPBACK_NETWORKS = "127.0.0.0/8,::1/128"
# HOP_TEST_WINDOW_TIME of the processes whose minute windows a test fills: half past a
# minute, so a test's requests never straddle a boundary and Retry-After reads 30.
PINNED_WINDOW_TIME = 1_800_000_030
# Small enough to reach in a test, for accounts on the free plan; pro is effectively unlimited.
FREE_PER_MINUTE = 8
# The dashboard's own per-minute limit: browser tests click through many pages a minute.
DASHBOARD_PER_MINUTE = 100_000


def process_environment(database_url: str, redis_url: str, **settings: str) -> dict[str, str]:
    """What every process a stack starts needs (its stores, its secrets, a quiet log)
    and no HOP_* setting of the parent's: the tests' and the benchmarks' common base."""
    return clean_environment(
        {
            "HOP_DATABASE_URL": database_url,
            "HOP_REDIS_URL": redis_url,
            "HOP_JWT_SECRET": JWT_SECRET,
            "HOP_WEBHOOK_SECRET_KEY": WEBHOOK_SECRET_KEY,
            "HOP_LOG_LEVEL": "warning",
            **settings,
        }
    )


# What tests add to that base. Benchmarks leave these out: the limits, the key usage
# interval and the safety threshold would change what they measure.
TEST_SETTINGS = {
    "HOP_LINK_PASSWORD_KEY": LINK_PASSWORD_KEY,
    "HOP_WEBHOOK_ALLOW_HTTP": "true",
    # As under `hop dev`: open sign-up with no mail server. Tests read account
    # e-mails from the outbox (tests/support/web.py).
    "HOP_DEV_MAIL_LOG": "true",
    "HOP_WEBHOOK_NETWORKS": LOOPBACK_NETWORKS,
    "HOP_LIMIT_FREE_PER_MINUTE": str(FREE_PER_MINUTE),
    "HOP_LIMIT_DASHBOARD_PER_MINUTE": str(DASHBOARD_PER_MINUTE),
    "HOP_LIMIT_PRO_PER_MINUTE": "1000000",
    "HOP_LIMIT_PRO_PER_MONTH": "100000000",
    "HOP_LIMIT_ANONYMOUS_PER_MINUTE": "1000000",
    "HOP_LOGIN_PER_NETWORK_PER_MINUTE": "1000000",
    # Every test signs up from 127.0.0.1; tests of the limit set their own.
    "HOP_SIGNUPS_PER_NETWORK_PER_HOUR": "1000000",
    # Tests wait for lastUsedAt; production writes it once a minute.
    "HOP_API_KEY_USAGE_INTERVAL": "0.5",
    # Every test links to example.com from its own accounts: enough, over a slow
    # run, to look like a spam wave and turn redirects into warnings. The wave
    # tests set their own threshold.
    "HOP_SAFETY_WAVE_LINKS": "1000000",
    # Workers would check every test's links' destinations (example.com and loopback
    # receivers) and emit link.broken to other tests' webhooks: off unless a test turns
    # them on (tests/e2e/test_link_health.py).
    "HOP_LINK_HEALTH_INTERVAL": "0",
}
