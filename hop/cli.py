"""`hop`: the one command that runs and administers every Hop process.

This module and the process factories are the only places that read the
environment: they hand it to ``load_settings`` once, at start.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import sys
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Literal

import msgspec

from admin.auth.scopes import parse_scopes
from admin.errors import HopError
from common.settings import VARIABLES, Settings, SettingsError, load_settings
from hop import dev as dev_stack
from hop.backup import add_backup_commands
from hop.import_commands import add_import_commands
from hop.safety_commands import add_safety_commands
from hop.servers import serve_admin, serve_edge


def _run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(coroutine)


def cmd_clicks_replay(settings: Settings, _: argparse.Namespace) -> int:
    from admin.worker.clicks import replay_dead_letters
    from common.redis_store import connect

    async def run() -> int:
        redis = connect(dev_stack.redis_url(settings), socket_timeout=10, socket_connect_timeout=5)
        try:
            return await replay_dead_letters(redis, settings.click_stream_shards)
        finally:
            await redis.aclose()

    _print_json({"replayed": _run(run())})
    return 0


def _print_json(value: Any) -> None:
    sys.stdout.write(msgspec.json.encode(value).decode() + "\n")


async def _with_db(settings: Settings, action: Callable[[Any], Coroutine[Any, Any, Any]]) -> Any:
    from admin.db import Database, create_pool

    url = dev_stack.database_url(settings)
    async with create_pool(url, 2) as pool:
        return await action(Database(pool))


def _password(args: argparse.Namespace) -> str:
    """The new user's password, kept out of argv (the process list, shell history).

    ``--password-stdin`` reads one line from standard input (like ``docker login``);
    otherwise a terminal is asked twice. ``--password`` still works for scripts that
    accept the exposure.
    """
    if args.password is not None:
        password: str = args.password
        return password
    if args.password_stdin:
        line = sys.stdin.readline()
        if not line:
            raise SystemExit("hop: --password-stdin: standard input is empty")
        return line.removesuffix("\n").removesuffix("\r")
    if not sys.stdin.isatty():
        raise SystemExit(
            "hop: no password: give it on standard input with --password-stdin "
            "(or run in a terminal to be asked for it)"
        )
    first = getpass.getpass("Password: ")
    if getpass.getpass("Password (again): ") != first:
        raise SystemExit("hop: the passwords do not match; nothing was created")
    return first


def cmd_user_create(settings: Settings, args: argparse.Namespace) -> int:
    from admin.accounts.service import AccountService

    password = _password(args)
    created = _run(
        _with_db(
            settings,
            lambda db: AccountService(db, _passwords(settings)).create_user(
                args.email, password, args.plan
            ),
        )
    )
    _print_json(created)
    return 0


def _passwords(settings: Settings) -> Any:
    from admin.auth.passwords import Passwords

    auth = settings.auth
    return Passwords(auth.password_hash_memory_kib, auth.password_hash_concurrency)


async def _with_redis(settings: Settings, action: Callable[[Any], Coroutine[Any, Any, Any]]) -> Any:
    """Run ``action(redis)``; ``redis`` is None when no Redis is configured or running."""
    from common.redis_store import connect

    try:
        url = dev_stack.redis_url(settings)
    except SettingsError:
        url = None
    redis = connect(url, socket_timeout=10, socket_connect_timeout=5) if url else None
    try:
        return await action(redis)
    finally:
        if redis is not None:
            await redis.aclose()


def _warn_unannounced(settings: Settings, announced: bool, what: str) -> None:
    if not announced:
        sys.stderr.write(
            f"hop: {what}, but Redis could not be told: admin processes may use the old values "
            f"for up to {settings.auth.cache_ttl} s (HOP_AUTH_CACHE_TTL)\n"
        )


# A limit option not given: the workspace keeps the limit it has.
_KEEP: Any = object()


def _limit(raw: str) -> int | None:
    """A positive number of requests, or `plan` for the plan's own limit."""
    if raw.strip().lower() == "plan":
        return None
    try:
        value = int(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{raw!r} is not a whole number or 'plan'") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{raw!r} must be greater than 0")
    return value


def cmd_user_limits(settings: Settings, args: argparse.Namespace) -> int:
    from admin.accounts.service import AccountService

    async def apply(db: Any) -> Any:
        service = AccountService(db)
        return await _with_redis(
            settings,
            lambda redis: service.set_limits(args.email, args.per_minute, args.per_month, redis),
        )

    announced = _run(_with_db(settings, apply))
    _warn_unannounced(settings, announced, "limits set")
    _print_json(_run(_with_db(settings, lambda db: _me(db, settings, args.email))))
    return 0


def cmd_user_plan(settings: Settings, args: argparse.Namespace) -> int:
    from admin.accounts.service import AccountService

    async def apply(db: Any) -> Any:
        service = AccountService(db)
        return await _with_redis(
            settings, lambda redis: service.set_plan(args.email, args.plan, redis)
        )

    announced = _run(_with_db(settings, apply))
    _warn_unannounced(settings, announced, "plan set")
    _print_json(_run(_with_db(settings, lambda db: _me(db, settings, args.email))))
    return 0


def cmd_workspace_plan(settings: Settings, args: argparse.Namespace) -> int:
    from admin.accounts.service import AccountService

    async def apply(db: Any) -> Any:
        service = AccountService(db)
        return await _with_redis(
            settings, lambda redis: service.set_workspace_plan(args.id, args.plan, redis)
        )

    announced = _run(_with_db(settings, apply))
    _warn_unannounced(settings, announced, "plan set")
    _print_json(_run(_with_db(settings, lambda db: _workspace(db, settings, args.id))))
    return 0


def cmd_workspace_limits(settings: Settings, args: argparse.Namespace) -> int:
    from admin.accounts.service import AccountService

    async def apply(db: Any) -> Any:
        service = AccountService(db)
        current = await service.workspace_limits(args.id, settings.limits)
        # A limit not given keeps its value (negotiated, or the plan's).
        per_minute = current.custom_per_minute if args.per_minute is _KEEP else args.per_minute
        per_month = current.custom_per_month if args.per_month is _KEEP else args.per_month
        return await _with_redis(
            settings,
            lambda redis: service.set_workspace_limits(args.id, per_minute, per_month, redis),
        )

    announced = _run(_with_db(settings, apply))
    _warn_unannounced(settings, announced, "limits set")
    _print_json(_run(_with_db(settings, lambda db: _workspace(db, settings, args.id))))
    return 0


async def _workspace(db: Any, settings: Settings, workspace_id: str) -> Any:
    """The workspace's plan and the limits in force."""
    from admin.accounts.service import AccountService

    return await AccountService(db).workspace_limits(workspace_id, settings.limits)


async def _me(db: Any, settings: Settings, email: str) -> Any:
    """The account as GET /v1/users/me shows it."""
    from admin.accounts.service import AccountService

    return await AccountService(db).me_by_email(email, settings.limits)


def cmd_key_create(settings: Settings, args: argparse.Namespace) -> int:
    from admin.accounts.service import AccountService

    try:
        scopes = parse_scopes(args.scopes)
    except ValueError as exc:
        raise SystemExit(f"hop: --scopes: {exc}") from None
    environment: Literal["live", "test"] = "test" if args.test else "live"
    key = _run(
        _with_db(settings, lambda db: AccountService(db).create_key(args.user, scopes, environment))
    )
    _print_json({"key": key})
    return 0


def cmd_key_revoke(settings: Settings, args: argparse.Namespace) -> int:
    from admin.accounts.service import AccountService
    from common.redis_store import connect

    async def revoke(db: Any) -> bool:
        try:
            url = dev_stack.redis_url(settings)
        except SettingsError:
            url = None
        redis = connect(url, socket_timeout=10, socket_connect_timeout=5) if url else None
        try:
            return await AccountService(db).revoke_key(args.user, args.prefix, redis)
        finally:
            if redis is not None:
                await redis.aclose()

    announced = _run(_with_db(settings, revoke))
    if not announced:
        sys.stderr.write(
            f"hop: revoked, but Redis could not be told: admin processes may accept the key for "
            f"up to {settings.auth.cache_ttl} s (HOP_AUTH_CACHE_TTL)\n"
        )
    _print_json({"revoked": args.prefix})
    return 0


def cmd_migrate(settings: Settings, _: argparse.Namespace) -> int:
    from admin.db.migrate import migrate

    applied = migrate(dev_stack.database_url(settings))
    _print_json({"applied": [f"{m.version:04d}_{m.name}" for m in applied]})
    return 0


def cmd_cache_rebuild(settings: Settings, _: argparse.Namespace) -> int:
    from admin.bio.cache import rebuild_bio_pages
    from admin.links.cache import rebuild
    from common.redis_store import connect

    async def run(db: Any) -> dict[str, int]:
        redis = connect(dev_stack.redis_url(settings), socket_timeout=10, socket_connect_timeout=5)
        try:
            # One transaction: the rebuild walks server-side cursors.
            async with db.transaction() as conn:
                links = await rebuild(
                    conn, redis, case_insensitive_codes=settings.case_insensitive_codes
                )
                return {"links": links, "bioPages": await rebuild_bio_pages(conn, redis)}
        finally:
            await redis.aclose()

    _print_json(_run(_with_db(settings, run)))
    return 0


def _shown(default: Any) -> str:
    if callable(default):
        return "(derived)"
    if default is None:
        return "(unset)"
    if isinstance(default, tuple):
        return f"`{','.join(_plain(item) for item in default)}`" if default else "(none)"
    return f"`{_plain(default)}`"


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}" if isinstance(value, float) else str(value)


def cmd_settings(_: Settings, args: argparse.Namespace) -> int:
    """Print the settings table the README carries (``--seams``: its Tests section's)."""
    sys.stdout.write("| Variable | Default | Meaning |\n|---|---|---|\n")
    for variable in VARIABLES:
        if variable.seam != args.seams:
            continue
        shown = _shown(variable.default)
        suffix = f" Also `{variable.name}_FILE`." if variable.secret else ""
        sys.stdout.write(f"| `{variable.name}` | {shown} | {variable.doc}{suffix} |\n")
    return 0


def _add_workspace_commands(commands: Any) -> None:
    workspace = commands.add_parser("workspace", help="manage workspaces").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    ws_plan = workspace.add_parser("plan", help="move a workspace to another plan, applied at once")
    ws_plan.add_argument("--id", required=True, help="the workspace's id (ws_…)")
    ws_plan.add_argument("plan", choices=("free", "pro", "business"))
    ws_plan.set_defaults(func=cmd_workspace_plan)
    ws_limits = workspace.add_parser(
        "limits", help="set a workspace's own (negotiated) rate limits, applied at once"
    )
    ws_limits.add_argument("--id", required=True, help="the workspace's id (ws_…)")
    ws_limits.add_argument(
        "--per-minute",
        type=_limit,
        default=_KEEP,
        help="requests per minute, or 'plan' for the plan's limit (default: unchanged)",
    )
    ws_limits.add_argument(
        "--per-month",
        type=_limit,
        default=_KEEP,
        help="requests per calendar month (UTC), or 'plan' for the plan's limit "
        "(default: unchanged)",
    )
    ws_limits.set_defaults(func=cmd_workspace_limits)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hop", description="Run and administer Hop.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    commands.add_parser(
        "dev", help="everything on this machine: stores, migrations, admin, edge, worker"
    ).set_defaults(func=dev_stack.run_dev)
    commands.add_parser("admin", help="the admin API (granian, ASGI)").set_defaults(
        func=lambda settings, _: serve_admin(settings)
    )
    commands.add_parser("edge", help="the redirect edge (granian, RSGI)").set_defaults(
        func=lambda settings, _: serve_edge(settings)
    )
    commands.add_parser("worker", help="the click consumer and webhook dispatcher").set_defaults(
        func=dev_stack.run_worker
    )
    commands.add_parser("migrate", help="apply pending database migrations").set_defaults(
        func=cmd_migrate
    )
    settings = commands.add_parser("settings", help="print every HOP_* setting as a Markdown table")
    settings.add_argument(
        "--seams", action="store_true", help="the test seams (HOP_TEST_*) instead"
    )
    settings.set_defaults(func=cmd_settings)

    user = commands.add_parser("user", help="manage users").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    create = user.add_parser("create", help="create a user with a live and a test key")
    create.add_argument("--email", required=True)
    given = create.add_mutually_exclusive_group()
    given.add_argument(
        "--password-stdin",
        action="store_true",
        help="read the password from the first line of standard input",
    )
    given.add_argument(
        "--password",
        help="the password itself (visible in the process list and shell history: "
        "prefer the prompt or --password-stdin)",
    )
    create.add_argument("--plan", choices=("free", "pro", "business"), default="free")
    create.set_defaults(func=cmd_user_create)
    limits = user.add_parser(
        "limits", help="set an account's own (negotiated) rate limits, applied at once"
    )
    limits.add_argument("--email", required=True)
    limits.add_argument(
        "--per-minute",
        type=_limit,
        required=True,
        help="requests per minute, or 'plan' for the plan's limit",
    )
    limits.add_argument(
        "--per-month",
        type=_limit,
        required=True,
        help="requests per calendar month (UTC), or 'plan' for the plan's limit",
    )
    limits.set_defaults(func=cmd_user_limits)
    plan = user.add_parser("plan", help="move an account to another plan, applied at once")
    plan.add_argument("--email", required=True)
    plan.add_argument("--plan", choices=("free", "pro", "business"), required=True)
    plan.set_defaults(func=cmd_user_plan)

    _add_workspace_commands(commands)

    key = commands.add_parser("key", help="manage API keys").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    key_create = key.add_parser("create", help="create an API key with chosen scopes")
    key_create.add_argument("--user", required=True, help="the owner's e-mail")
    key_create.add_argument("--scopes", required=True, help="e.g. links:read,links:write")
    key_create.add_argument("--test", action="store_true", help="a sandbox (svc_test_) key")
    key_create.set_defaults(func=cmd_key_create)
    key_revoke = key.add_parser("revoke", help="revoke an API key by its visible prefix")
    key_revoke.add_argument("--user", required=True, help="the owner's e-mail")
    key_revoke.add_argument("--prefix", required=True, help="e.g. svc_live_AbCdEfGh")
    key_revoke.set_defaults(func=cmd_key_revoke)

    cache = commands.add_parser("cache", help="manage the Redis link cache").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    cache.add_parser(
        "rebuild", help="restore every link's and Bio page's Redis entry from PostgreSQL"
    ).set_defaults(func=cmd_cache_rebuild)

    clicks = commands.add_parser("clicks", help="manage the click stream").add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )
    clicks.add_parser(
        "replay-dead", help="put dead-lettered click batches back on the stream"
    ).set_defaults(func=cmd_clicks_replay)
    add_safety_commands(commands)
    add_import_commands(commands)
    add_backup_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        settings = load_settings(os.environ)
        result: int = args.func(settings, args)
    except SettingsError as exc:
        sys.stderr.write(f"hop: {exc}\n")
        return 2
    except HopError as exc:
        sys.stderr.write(f"hop: {exc.detail}\n")
        for error in exc.errors:
            sys.stderr.write(f"hop: {error.field}: {error.message}\n")
        return 1
    return result


if __name__ == "__main__":
    sys.exit(main())
