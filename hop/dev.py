"""`hop dev`: the whole service on one machine, and how other commands find it.

Without HOP_DATABASE_URL / HOP_REDIS_URL it starts real PostgreSQL and Redis
servers in HOP_DATA_DIR (see hop/embedded.py), migrates, then supervises the
admin, the edge and the worker as child processes. Ctrl-C (or SIGTERM) stops
the children, then the servers. While it runs, ``HOP_DATA_DIR/dev.json`` tells
other `hop` commands (``hop user create`` in a second terminal) where the
embedded servers listen.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

import msgspec

from common.logs import configure_logging
from common.settings import Settings, SettingsError
from hop.embedded import EmbeddedPostgres, EmbeddedRedis

logger = logging.getLogger("hop.dev")
_DEV_DATABASE = "hop"
# Where `hop dev` serves each process's /metrics unless told otherwise.
DEV_METRICS = {
    "HOP_ADMIN_METRICS_LISTEN": "127.0.0.1:9100",
    "HOP_EDGE_METRICS_LISTEN": "127.0.0.1:9101",
    "HOP_WORKER_METRICS_LISTEN": "127.0.0.1:9102",
}
# A developer's browser may say localhost where HOP_SHORT_BASE_URL says 127.0.0.1 (or the
# other way round): the edge answers short links on both.
DEV_SHORT_HOST_ALIASES = "localhost,127.0.0.1"


class DevState(msgspec.Struct, rename="camel"):
    pid: int
    database_url: str
    redis_url: str


def _state_file(settings: Settings) -> Path:
    return Path(settings.data_dir) / "dev.json"


def _running_dev(settings: Settings) -> DevState | None:
    try:
        state = msgspec.json.decode(_state_file(settings).read_bytes(), type=DevState)
        os.kill(state.pid, 0)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return state


def database_url(settings: Settings) -> str:
    if settings.database_url:
        return settings.database_url
    if state := _running_dev(settings):
        return state.database_url
    raise SettingsError(f"HOP_DATABASE_URL: not set, and no `hop dev` runs in {settings.data_dir}")


def redis_url(settings: Settings) -> str:
    if settings.redis_url:
        return settings.redis_url
    if state := _running_dev(settings):
        return state.redis_url
    raise SettingsError(f"HOP_REDIS_URL: not set, and no `hop dev` runs in {settings.data_dir}")


def webhook_secret_key(settings: Settings) -> str:
    """The key import credentials (and webhook secrets) are sealed with: the setting,
    else the running `hop dev`'s own (its worker must open what `hop import` seals)."""
    if settings.webhooks.secret_key:
        return settings.webhooks.secret_key
    path = Path(settings.data_dir) / "webhook-secret-key"
    if _running_dev(settings) and path.exists():
        return path.read_text().strip()
    raise SettingsError(
        "HOP_WEBHOOK_SECRET_KEY: required (the worker's own: it opens what this seals), "
        f"and no `hop dev` runs in {settings.data_dir}"
    )


def _dev_secret(data_dir: Path, name: str) -> Path:
    path = data_dir / name
    if not path.exists():
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path


def _spawn(command: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "hop.cli", command], env=env)


def run_dev(settings: Settings, _: argparse.Namespace) -> int:
    from admin.db import ensure_database
    from admin.db.migrate import migrate

    configure_logging(settings.log_level, "text")
    data_dir = Path(settings.data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    if _running_dev(settings):
        raise SettingsError(f"HOP_DATA_DIR: another `hop dev` already runs in {data_dir}")
    stopping = False

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    with contextlib.ExitStack() as stack:
        env = dict(os.environ)
        db_url, store_url = settings.database_url, settings.redis_url
        if db_url is None:
            postgres = EmbeddedPostgres(data_dir / "postgres")
            server = postgres.start()
            stack.callback(postgres.stop)
            db_url = ensure_database(server, _DEV_DATABASE)
        if store_url is None:
            redis = EmbeddedRedis(data_dir / "redis")
            store_url = redis.start()
            stack.callback(redis.stop)
        env.update(HOP_DATABASE_URL=db_url, HOP_REDIS_URL=store_url)
        env.setdefault("HOP_LOG_FORMAT", "text")  # a person reads this terminal
        # With no mail server, account e-mails (their links included) go to this terminal:
        # how a developer confirms an account. Never outside `hop dev`.
        env.setdefault("HOP_DEV_MAIL_LOG", "true")
        if settings.auth.jwt_secret is None and "HOP_JWT_SECRET_FILE" not in env:
            env["HOP_JWT_SECRET_FILE"] = str(_dev_secret(data_dir, "jwt-secret"))
        if settings.webhooks.secret_key is None and "HOP_WEBHOOK_SECRET_KEY_FILE" not in env:
            env["HOP_WEBHOOK_SECRET_KEY_FILE"] = str(_dev_secret(data_dir, "webhook-secret-key"))
        for name, listen in DEV_METRICS.items():
            env.setdefault(name, listen)
        env.setdefault("HOP_SHORT_HOST_ALIASES", DEV_SHORT_HOST_ALIASES)
        if settings.link_password_key is None and "HOP_LINK_PASSWORD_KEY_FILE" not in env:
            env["HOP_LINK_PASSWORD_KEY_FILE"] = str(_dev_secret(data_dir, "link-password-key"))
        migrate(db_url)

        state_file = data_dir / "dev.json"
        state_file.write_bytes(msgspec.json.encode(DevState(os.getpid(), db_url, store_url)))
        stack.callback(state_file.unlink, missing_ok=True)
        children = {name: _spawn(name, env) for name in ("admin", "edge", "worker")}
        stack.callback(_stop_children, children)
        logger.info(
            "hop dev running: admin %s, edge %s; PostgreSQL %s, Redis %s; metrics: admin "
            "http://%s/metrics, edge http://%s/metrics, worker http://%s/metrics. "
            "Ctrl-C stops everything.",
            settings.base_url,
            settings.short_base_url,
            db_url,
            store_url,
            *(env[name] for name in DEV_METRICS),
        )
        while not stopping:
            for name, child in children.items():
                if child.poll() is not None:
                    logger.error("%s exited with %s; stopping", name, child.returncode)
                    return 1
            time.sleep(0.2)
    return 0


def _stop_children(children: dict[str, subprocess.Popen[bytes]]) -> None:
    for child in children.values():
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 15
    for child in children.values():
        try:
            child.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def run_worker(settings: Settings, _: argparse.Namespace) -> int:
    from admin.worker.main import run

    result: int = run(settings)
    return result
