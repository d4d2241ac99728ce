"""Backup and restore drill (issue 33): back up under load, destroy the data directory,
restore to a point in time, start the stack, and check that everything up to that point
answers as before.

    .venv/bin/python -m loadtest.drill_backup [--links 20] [--keep]

On a PostgreSQL of its own with WAL archiving on (docs/operations.md#backup-and-restore):

1. links, a Bio page and a webhook; the worker, admin and edge running;
2. redirects and link creations keep running while `hop backup` takes a base backup;
3. once the clicks are stored, every link (with its click count), the Bio page (API and
   edge), the webhooks and the per-link analytics are read: the state at the target time;
4. after the target: more links and clicks, which the restore must not bring back;
5. every process stopped, PostgreSQL killed and its data directory deleted;
6. `hop restore --target-time`, PostgreSQL started (it replays the archive up to the
   target and opens for writes), Redis flushed, the worker (which rebuilds the link and
   Bio page caches from PostgreSQL), the admin and the edge started;
7. the same reads compared, every link redirected by the edge, the later links gone.

Prints what it counted as JSON; exits 1 if anything differs. The slow test
(tests/e2e/test_backup_restore.py) runs the same ``drill``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg

from tests.support.accounts import Account
from tests.support.cli import run_hop
from tests.support.stack import Stack
from tests.support.waiting import wait_until

# Subscribed to an event the drill never causes: the webhook is compared, not delivered to.
WEBHOOK = {"endpoint": "http://127.0.0.1:9/hooks", "events": ["link.deleted"], "secret": "auto"}


@dataclass
class Report:
    links: int = 0  # links that existed at the target time, each compared
    bio_pages: int = 0
    webhooks: int = 0
    clicks: int = 0  # clicks stored at the target time
    redirects_during_backup: int = 0
    creates_during_backup: int = 0
    later_links: int = 0  # created after the target, each checked gone
    backup_seconds: float = 0.0
    restore_seconds: float = 0.0  # hop restore to PostgreSQL open for writes
    differences: list[str] = field(default_factory=list)


class Load:
    """Redirects over ``codes`` and link creations, in a thread, until stopped."""

    def __init__(self, stack: Stack, account: Account, codes: list[str]) -> None:
        self.stack, self.account, self.codes = stack, account, codes
        self.redirects = self.creates = 0
        self.failures: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run)

    def __enter__(self) -> Load:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        with self.stack.client() as edge, self.stack.api() as api:
            n = 0
            while not self._stop.is_set():
                for code in self.codes:
                    status = edge.get(f"/{code}").status_code
                    if status != 302:
                        self.failures.append(f"/{code}: {status}")
                    self.redirects += 1
                created = api.post(
                    "/v1/links",
                    json={"longUrl": f"https://example.com/load{n}"},
                    headers=self.account.headers(),
                )
                if created.status_code != 201:
                    self.failures.append(f"create: {created.status_code}")
                self.creates += 1
                n += 1


def _json(response: httpx.Response) -> Any:
    assert response.status_code == 200, f"{response.request.url}: {response.status_code}"
    return response.json()


def link_ids(stack: Stack, account: Account) -> list[str]:
    rows = stack.sql(
        "SELECT id FROM links WHERE workspace_id = %s ORDER BY id", account.workspace_id
    )
    return [str(row[0]) for row in rows]


def clicks_stored(stack: Stack, account: Account) -> int:
    (row,) = stack.sql(
        "SELECT count(*) FROM clicks WHERE link_id IN "
        "(SELECT id FROM links WHERE workspace_id = %s)",
        account.workspace_id,
    )
    return int(row[0])


def state(stack: Stack, account: Account, username: str, ids: list[str]) -> dict[str, Any]:
    """What the API and the edge answer about everything of ``account``."""
    headers = account.headers()
    with stack.api() as api, stack.client() as edge:
        links = {
            link_id: _json(api.get(f"/v1/links/{link_id}", headers=headers)) for link_id in ids
        }
        analytics = {
            link_id: _json(api.get(f"/v1/links/{link_id}/clicks", headers=headers))
            for link_id in ids[:5]
        }
        # HEAD: a probe, not a visit (no click to store, so the counts stay comparable).
        redirects = {
            link["shortCode"]: edge.head(f"/{link['shortCode']}").headers.get("location")
            for link in links.values()
        }
        page = edge.head(f"/@{username}")
        return {
            "links": links,
            "analytics": analytics,
            "redirects": redirects,
            "bio": _json(api.get("/v1/bio", headers=headers)),
            "public_bio": _json(api.get(f"/v1/bio/{username}")),
            "bio_page": page.status_code,
            "webhooks": _json(api.get("/v1/webhooks", headers=headers)),
        }


def _differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for part, value in before.items():
        if isinstance(value, dict):
            found.extend(
                f"{part}[{key}]: {value.get(key)!r:.300} != {after[part].get(key)!r:.300}"
                for key in value.keys() | after[part].keys()
                if value.get(key) != after[part].get(key)
            )
        elif value != after[part]:
            found.append(f"{part}: {value!r} != {after[part]!r}")
    return found


def _hop(stack: Stack, *args: str) -> dict[str, Any]:
    result = run_hop(*args, env=stack.env, clean=False)
    if result.returncode != 0:
        raise RuntimeError(f"hop {' '.join(args)}: {result.stderr}")
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


def _archived(stack: Stack) -> None:
    """Close the current WAL segment and wait until archive_command has copied it."""
    with psycopg.connect(stack.database_url, autocommit=True) as conn:
        row = conn.execute("SELECT pg_walfile_name(pg_switch_wal())").fetchone()
        assert row is not None
        segment = row[0]

        def copied() -> bool:
            last = conn.execute("SELECT last_archived_wal FROM pg_stat_archiver").fetchone()
            return last is not None and last[0] is not None and last[0] >= segment

        wait_until(copied, 60, 0.1, f"WAL segment {segment} not archived")


def _writable(url: str) -> bool:
    try:
        with psycopg.connect(url, connect_timeout=2) as conn:
            row = conn.execute("SELECT NOT pg_is_in_recovery()").fetchone()
            return bool(row and row[0])
    except psycopg.OperationalError:
        return False


def drill(root: Path, links: int = 20) -> Report:  # noqa: PLR0915 - one drill, top to bottom
    report = Report()
    archive = root / "postgres" / "wal-archive"
    server = {
        "archive_mode": "on",
        # PostgreSQL's documented form: never overwrite a segment already archived.
        "archive_command": f"mkdir -p {archive} && test ! -f {archive}/%f && cp %p {archive}/%f",
    }
    with Stack.embedded(root, server_settings=server, HOP_EDGE_WORKERS="1") as stack:
        postgres = stack.postgres_server
        stack.start_worker("first")
        stack.start_admin()
        account = stack.account()
        username = f"drill{int(time.time())}"
        with stack.api() as api:
            for n in range(links):
                made = api.post(
                    "/v1/links",
                    json={"longUrl": f"https://example.com/drill{n}"},
                    headers=account.headers(),
                )
                assert made.status_code == 201, made.text
            codes = [str(row[0]) for row in stack.sql("SELECT short_code FROM links")]
            bio = api.put(
                "/v1/bio",
                json={
                    "username": username,
                    "displayName": "Drill",
                    "links": [{"title": "Blog", "url": "https://example.com/blog"}],
                },
                headers=account.headers(),
            )
            assert bio.status_code in (200, 201), bio.text
            hook = api.post("/v1/webhooks", json=WEBHOOK, headers=account.headers())
            assert hook.status_code == 201, hook.text
        stack.wait_for_links(codes)
        stack.start_edge()

        # --- back up under load
        with Load(stack, account, codes) as load:
            time.sleep(1)
            started = time.monotonic()
            backup = _hop(stack, "backup", "--to", str(root / "backups"))
            report.backup_seconds = round(time.monotonic() - started, 2)
            time.sleep(1)
        if load.failures:
            report.differences.append(f"load failures: {load.failures[:5]}")
        report.redirects_during_backup, report.creates_during_backup = load.redirects, load.creates

        # --- the target: everything stored, then read
        answered = load.redirects
        wait_until(lambda: clicks_stored(stack, account) >= answered, 120, 0.2, "clicks not stored")
        ids = link_ids(stack, account)
        before = state(stack, account, username, ids)
        report.clicks = clicks_stored(stack, account)
        (row,) = stack.sql("SELECT now()")
        target = row[0]
        time.sleep(0.5)

        # --- after the target: must not come back
        with stack.api() as api:
            later = [
                api.post(
                    "/v1/links",
                    json={"longUrl": f"https://example.com/later{n}"},
                    headers=account.headers(),
                ).json()
                for n in range(3)
            ]
        _archived(stack)

        # --- disaster: every process stopped, the data directory gone
        stack.stop_workers()
        for process in (stack.edge, stack.admin):
            assert process is not None
            process.stop()
        postgres.stop(immediate=True)
        shutil.rmtree(postgres.data)

        started = time.monotonic()
        _hop(
            stack,
            "restore",
            "--from",
            str(backup["backup"]),
            "--data-dir",
            str(postgres.data),
            "--wal-archive",
            str(archive),
            "--target-time",
            target.isoformat(),
        )
        postgres.start()
        wait_until(lambda: _writable(stack.database_url), 120, 0.2, "PostgreSQL did not promote")
        report.restore_seconds = round(time.monotonic() - started, 2)

        # --- Redis rebuilt from PostgreSQL: a fresh Redis, the worker's start-up rebuild
        stack.redis.flushall()
        stack.start_worker("second")
        stack.start_admin()
        stack.start_edge()
        after = state(stack, account, username, ids)
        unserved = [code for code, location in before["redirects"].items() if not location]
        if unserved:
            report.differences.append(f"not redirected before the restore: {unserved}")
        report.differences += _differences(before, after)
        if link_ids(stack, account) != ids:
            report.differences.append("links other than those of the target time")
        if clicks_stored(stack, account) != report.clicks:
            report.differences.append(f"clicks: {clicks_stored(stack, account)} != {report.clicks}")
        with stack.api() as api, stack.client() as edge:
            for link in later:
                gone_api = api.get(f"/v1/links/{link['id']}", headers=account.headers())
                gone_edge = edge.get(f"/{link['shortCode']}")
                if gone_api.status_code != 404 or gone_edge.status_code != 404:
                    report.differences.append(f"later link {link['id']} came back")
        report.links, report.later_links = len(ids), len(later)
        report.bio_pages, report.webhooks = 1, len(before["webhooks"]["data"])
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=20)
    parser.add_argument("--keep", action="store_true", help="keep the drill's folder")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="hop-drill-backup-"))
    try:
        report = drill(root, args.links)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    sys.stdout.write(json.dumps(asdict(report), indent=2) + "\n")
    return 1 if report.differences else 0


if __name__ == "__main__":
    sys.exit(main())
