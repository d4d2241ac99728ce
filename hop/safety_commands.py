"""`hop safety ...`: the operator's side of the safety layer (docs/safety.md#operators).

Decisions on links and hosts (kept until changed, each in the audit log with who made
it), the review queue, accounts' verified domains, the feeds' state, and an offline
check of a URL.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys
from collections.abc import Callable, Coroutine
from typing import Any

import msgspec

from common.settings import Settings
from hop import dev as dev_stack


def _run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(coroutine)


def _print_json(value: Any) -> None:
    sys.stdout.write(msgspec.json.encode(value).decode() + "\n")


async def _safety(settings: Settings, action: Callable[[Any], Coroutine[Any, Any, Any]]) -> Any:
    """Run ``action`` with a SafetyService on the configured stores (index loaded)."""
    from admin.db import Database, create_pool
    from admin.db.redis_batch import RedisBatcher
    from admin.links.cache import LinkCache
    from admin.safety.checker import checker_for
    from admin.safety.index import SafetyIndex
    from admin.safety.service import SafetyService
    from common.redis_store import connect

    redis = connect(dev_stack.redis_url(settings), socket_timeout=10, socket_connect_timeout=5)
    try:
        async with create_pool(dev_stack.database_url(settings), 2) as pool:
            db = Database(pool)
            index = SafetyIndex()
            async with db.connection() as conn:
                await index.reload(conn)
            checker = checker_for(settings.safety, db, index)
            cache = LinkCache(RedisBatcher(redis))
            service = SafetyService(db, checker, cache, settings.short_base_url, redis)
            return await action(service)
    finally:
        await redis.aclose()


def _operator(args: argparse.Namespace) -> str:
    return str(args.by or getpass.getuser())


def cmd_safety_decide(settings: Settings, args: argparse.Namespace) -> int:
    """``hop safety allow|block|clear --link ID | --host HOST``."""
    decision, by, note = args.decision, _operator(args), args.note

    async def run(service: Any) -> dict[str, Any]:
        if args.link:
            link = await service.decide_link(args.link, decision, by, note)
            return {
                "link": link.id,
                "verdict": link.safety_verdict,
                "reasons": link.safety_reasons,
                "override": link.safety_override,
            }
        changed = await service.decide_host(args.host, decision, by, note)
        return {
            "host": args.host,
            "decision": decision,
            "changed": [{"link": row.id, "verdict": row.safety_verdict} for row in changed],
        }

    _print_json(_run(_safety(settings, run)))
    return 0


def cmd_safety_queue(settings: Settings, args: argparse.Namespace) -> int:
    """The links waiting for an operator, oldest first, one JSON object a line."""

    async def run(service: Any) -> list[Any]:
        return list(await service.queue(args.limit))

    for row in _run(_safety(settings, run)):
        _print_json(row)
    return 0


def cmd_safety_verify(settings: Settings, args: argparse.Namespace) -> int:
    async def run(service: Any) -> None:
        await service.verify_domain(args.user, args.domain, _operator(args), remove=args.remove)

    _run(_safety(settings, run))
    _print_json({"user": args.user, "domain": args.domain, "verified": not args.remove})
    return 0


def cmd_safety_check(settings: Settings, args: argparse.Namespace) -> int:
    """Score a URL offline, as a create would (heuristics only), and print why."""
    from admin.safety.scorer import Scorer
    from admin.urls import InvalidUrl, parse_http_url

    try:
        parse_http_url(args.url)
    except InvalidUrl as exc:
        raise SystemExit(f"hop: the URL {exc}") from None
    safety = settings.safety
    scorer = Scorer(
        suspicious_tlds=safety.suspicious_tlds,
        allowlist=safety.allowlist,
        warn_score=safety.warn_score,
        block_score=safety.block_score,
    )
    _print_json(scorer.assess(args.url))
    return 0


def cmd_safety_feeds(settings: Settings, _: argparse.Namespace) -> int:
    """When each threat feed last loaded, how many entries, the next turn, the last error."""

    async def run(service: Any) -> list[Any]:
        return list(await service.feed_runs())

    for row in _run(_safety(settings, run)):
        _print_json(row)
    return 0


def add_safety_commands(commands: Any) -> None:
    """`hop safety ...` (README, docs/safety.md#operators)."""
    safety = commands.add_parser(
        "safety", help="the safety layer: decide on links and hosts, review queue, feeds"
    ).add_subparsers(dest="action", required=True, metavar="ACTION")
    for decision, words in (
        ("allow", "allow a link or host until changed (overrides heuristics and feeds)"),
        ("block", "block a link or host until changed"),
        ("clear", "remove an operator decision: the automatic layers decide again"),
    ):
        command = safety.add_parser(decision, help=words)
        target = command.add_mutually_exclusive_group(required=True)
        target.add_argument("--link", help="a link id (lnk_...)")
        target.add_argument("--host", help="a host; its subdomains too")
        command.add_argument("--note", help="why (kept in the audit log)")
        command.add_argument("--by", help="who decides (default: the system user name)")
        command.set_defaults(func=cmd_safety_decide, decision=decision)
    queue = safety.add_parser("queue", help="flagged links waiting for a review")
    queue.add_argument("--limit", type=int, default=100)
    queue.set_defaults(func=cmd_safety_queue)
    verify = safety.add_parser(
        "verify-domain", help="a domain checked to be the account's: never flagged by heuristics"
    )
    verify.add_argument("--user", required=True, help="the owner's e-mail")
    verify.add_argument("--domain", required=True)
    verify.add_argument("--remove", action="store_true", help="withdraw the verification")
    verify.add_argument("--by", help="who verified (default: the system user name)")
    verify.set_defaults(func=cmd_safety_verify)
    check = safety.add_parser("check", help="score a URL with the heuristics and print why")
    check.add_argument("url")
    check.set_defaults(func=cmd_safety_check)
    safety.add_parser("feeds", help="the threat feeds' last and next loads").set_defaults(
        func=cmd_safety_feeds
    )
