"""What the benchmarks run on: the tests' ``Stack`` on fresh embedded servers, tuned and
configured as a benchmark measures, and links written in bulk.

The processes (admin, edge, workers, the constant-302 reference app) start through
tests/support/stack.py, as in the tests; only the settings differ (``BENCH_SETTINGS``).
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
from redis.asyncio import Redis

from admin.links.cache import rebuild
from common.ids import new_id, new_short_code
from tests.support.stack import Stack

# PostgreSQL as a production server would run for this write load, not as initdb leaves
# it: with the default max_wal_size (1 GB) a click drain checkpoints every ~12 s, and
# every page a batch touches first after a checkpoint is written whole into the WAL
# (PostgreSQL logs "checkpoints are occurring too frequently"). docs/operations.md.
SERVER_SETTINGS = {"max_wal_size": "8GB", "checkpoint_timeout": "15min"}

# In place of the tests' settings (their limits, key usage interval and safety threshold
# would change what is measured): the settings' own defaults, but for sign-up.
BENCH_SETTINGS = {
    # Benchmarks make accounts as an operator does; open sign-up would need a mail
    # server (or HOP_DEV_MAIL_LOG) to start.
    "HOP_SIGNUP": "closed",
}


@contextlib.contextmanager
def bench_stack(*, durable: bool = True) -> Iterator[Stack]:
    """Embedded PostgreSQL and Redis in a temporary folder, migrated; every process the
    stack started is stopped, and the folder removed, at the end."""
    with (
        tempfile.TemporaryDirectory(prefix="hop-bench-", ignore_cleanup_errors=True) as root,
        Stack.embedded(
            Path(root), durable=durable, server_settings=SERVER_SETTINGS, defaults=BENCH_SETTINGS
        ) as stack,
    ):
        yield stack


def bulk_links(
    stack: Stack, workspace_id: str, count: int, *, case_insensitive: bool = False
) -> list[str]:
    """Insert ``count`` links straight into PostgreSQL and write them to Redis (with
    ``case_insensitive``, as HOP_CASE_INSENSITIVE_CODES has the worker's start name them)."""
    codes = list({new_short_code() for _ in range(count * 2)})[:count]
    ids = [new_id("lnk") for _ in codes]
    with psycopg.connect(stack.database_url) as conn, conn.cursor() as cursor:
        with cursor.copy(
            "COPY links (id, workspace_id, environment, short_code, long_url) FROM STDIN"
        ) as copy:
            for n, (link_id, code) in enumerate(zip(ids, codes, strict=True)):
                copy.write_row(
                    (
                        link_id,
                        workspace_id,
                        "live",
                        code,
                        f"https://example.com/products/{n}?ref=hop",
                    )
                )
        # Who holds each code (what the API's create does in the same statement).
        with cursor.copy(
            "COPY short_codes (environment, short_code, workspace_id, link_id, code_key) FROM STDIN"
        ) as copy:
            for link_id, code in zip(ids, codes, strict=True):
                copy.write_row(("live", code, workspace_id, link_id, code))
    asyncio.run(rebuild_link_cache(stack, case_insensitive=case_insensitive))
    return codes


async def rebuild_link_cache(stack: Stack, *, case_insensitive: bool = False) -> None:
    """Write every link from PostgreSQL to Redis, as a worker's start-up does."""
    redis = Redis.from_url(stack.redis_url)
    try:
        async with await psycopg.AsyncConnection.connect(stack.database_url) as conn:
            await rebuild(conn, redis, case_insensitive_codes=case_insensitive)
    finally:
        await redis.aclose()
