"""The set of verified custom hostnames in Redis (``keys.DOMAINS_KEY``), which tells
every edge which ``Host`` headers name a custom domain (common/domains.py).

The admin adds a hostname when its domain is verified and removes it when the domain is
deleted, each time announcing the change on ``DOMAIN_CHANGES_CHANNEL``; ``hop cache
rebuild`` (and the worker at start) makes the set PostgreSQL's again. As with link
entries, a failed write is logged, not raised: the change is recorded, and a rebuild
restores the set. A deleted domain's link entries go with it (``forget_domain``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, cast

from redis.asyncio import Redis

from admin.db import Connection
from admin.domains.repository import (
    CASE_INSENSITIVE_FLAG,
    KeyMove,
    install_flag,
    refold,
    set_install_flag,
    shadowed_codes,
    verified_case_insensitive,
    verified_hostnames,
    verified_not_found,
)
from common.channels import publish
from common.keys import (
    CASE_INSENSITIVE_DOMAINS_KEY,
    DOMAIN_CHANGES_CHANNEL,
    DOMAIN_NOT_FOUND_KEY,
    DOMAINS_KEY,
    FLUSH_ALL,
    LINK_CHANGES_CHANNEL,
    link_key_in,
)
from common.redis_store import RedisUnavailable, redis_outage

logger = logging.getLogger(__name__)


class DomainSet:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    async def add(
        self, hostname: str, not_found_url: str | None = None, *, case_insensitive: bool = False
    ) -> None:
        await self._change(
            hostname, add=True, not_found_url=not_found_url, case_insensitive=case_insensitive
        )

    async def remove(self, hostname: str) -> None:
        await self._change(hostname, add=False)

    async def holds(self, hostname: str, known: Callable[[], frozenset[str]]) -> bool:
        """Whether the set holds ``hostname``; while Redis cannot be asked, whether
        ``known`` (this process's last copy of it) does."""
        try:
            with redis_outage():
                return bool(await self.redis.sismember(DOMAINS_KEY, hostname))
        except RedisUnavailable:
            return hostname in known()

    async def set_not_found(self, hostname: str, url: str | None) -> None:
        """Where the edges redirect the verified ``hostname``'s unknown codes (None: the
        404 page); announced like a change of the set."""
        try:
            with redis_outage():
                if url:
                    await self.redis.hset(DOMAIN_NOT_FOUND_KEY, hostname, url)
                else:
                    await self.redis.hdel(DOMAIN_NOT_FOUND_KEY, hostname)
                await publish(self.redis, DOMAIN_CHANGES_CHANNEL, hostname)
        except RedisUnavailable:
            logger.exception(
                "domain's not-found destination not written; `hop cache rebuild` writes it",
                extra={"action": "domains.write_failed", "hostname": hostname},
            )

    async def refolded(
        self, hostname: str, moves: list[KeyMove], *, case_insensitive: bool
    ) -> None:
        """A domain's codes became case-insensitive (or sensitive again), their names
        ``moves``: each entry copied to its new key, then the edges told to look codes up
        the new way, then the old keys (no longer the name of any code) deleted."""
        old = [link_key_in(m.environment, m.old_key, hostname) for m in moves]
        new = [link_key_in(m.environment, m.new_key, hostname) for m in moves]
        try:
            with redis_outage():
                for start in range(0, len(moves), _DELETE_BATCH):
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for key in old[start : start + _DELETE_BATCH]:
                            pipe.get(key)
                        values = await pipe.execute()
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for key, value in zip(
                            new[start : start + _DELETE_BATCH], values, strict=True
                        ):
                            if value is not None:
                                pipe.set(key, value)
                        await pipe.execute()
                if case_insensitive:
                    await self.redis.sadd(CASE_INSENSITIVE_DOMAINS_KEY, hostname)
                else:
                    await self.redis.srem(CASE_INSENSITIVE_DOMAINS_KEY, hostname)
                await publish(self.redis, DOMAIN_CHANGES_CHANNEL, hostname)
                gone = sorted(set(old) - set(new))
                for start in range(0, len(gone), _DELETE_BATCH):
                    await self.redis.delete(*gone[start : start + _DELETE_BATCH])
                await publish(self.redis, LINK_CHANGES_CHANNEL, FLUSH_ALL)
        except RedisUnavailable:
            logger.exception(
                "domain's codes not moved to their new names; `hop cache rebuild` moves them",
                extra={"action": "domains.write_failed", "hostname": hostname},
            )

    async def _change(
        self,
        hostname: str,
        *,
        add: bool,
        not_found_url: str | None = None,
        case_insensitive: bool = False,
    ) -> None:
        try:
            with redis_outage():
                if add:
                    await self.redis.sadd(DOMAINS_KEY, hostname)
                    if not_found_url:
                        await self.redis.hset(DOMAIN_NOT_FOUND_KEY, hostname, not_found_url)
                    if case_insensitive:
                        await self.redis.sadd(CASE_INSENSITIVE_DOMAINS_KEY, hostname)
                else:
                    await self.redis.srem(DOMAINS_KEY, hostname)
                    await self.redis.hdel(DOMAIN_NOT_FOUND_KEY, hostname)
                    await self.redis.srem(CASE_INSENSITIVE_DOMAINS_KEY, hostname)
                await publish(self.redis, DOMAIN_CHANGES_CHANNEL, hostname)
        except RedisUnavailable:
            logger.exception(
                "domain set write failed; `hop cache rebuild` restores it",
                extra={"action": "domains.write_failed", "hostname": hostname},
            )


async def rebuild_domains(conn: Connection, redis: Redis) -> int:
    """Make the set PostgreSQL's verified hostnames by adding and removing members (never
    emptied on the way, so an edge reading it meanwhile keeps every domain that stays);
    announce it. How many hostnames the set holds."""
    wanted = set(await verified_hostnames(conn))
    members = cast("set[bytes]", await redis.smembers(DOMAINS_KEY))
    held = {member.decode() for member in members}
    if wanted - held:
        await redis.sadd(DOMAINS_KEY, *(wanted - held))
    if held - wanted:
        await redis.srem(DOMAINS_KEY, *(held - wanted))
    await _rebuild_not_found(redis, await verified_not_found(conn))
    folded = set(await verified_case_insensitive(conn))
    held_folded = {
        m.decode() for m in cast("set[bytes]", await redis.smembers(CASE_INSENSITIVE_DOMAINS_KEY))
    }
    if folded - held_folded:
        await redis.sadd(CASE_INSENSITIVE_DOMAINS_KEY, *(folded - held_folded))
    if held_folded - folded:
        await redis.srem(CASE_INSENSITIVE_DOMAINS_KEY, *(held_folded - folded))
    await publish(redis, DOMAIN_CHANGES_CHANNEL, "*")
    return len(wanted)


async def _rebuild_not_found(redis: Redis, pages: dict[str, str]) -> None:
    """Make the "not found" destinations PostgreSQL's (changed ones written, gone ones
    deleted, never emptied on the way)."""
    held = cast("dict[bytes, bytes]", await redis.hgetall(DOMAIN_NOT_FOUND_KEY))
    stale = [host for host in (key.decode() for key in held) if host not in pages]
    if pages:
        mapping: dict[Any, Any] = dict(pages)  # redis-py's key type is a union: invariant
        await redis.hset(DOMAIN_NOT_FOUND_KEY, mapping=mapping)
    if stale:
        await redis.hdel(DOMAIN_NOT_FOUND_KEY, *stale)


# Keys deleted per DEL: a domain may hold many codes.
_DELETE_BATCH = 1000


async def forget_domain(redis: Redis, environment: str, domain: str, codes: list[str]) -> None:
    """Remove the entries of a deleted domain's codes (each edge stops routing the host
    once the domain set says so; this leaves nothing behind to serve should it return)."""
    keys = [link_key_in(environment, code, domain) for code in codes]
    try:
        with redis_outage():
            for start in range(0, len(keys), _DELETE_BATCH):
                await redis.delete(*keys[start : start + _DELETE_BATCH])
            if environment == "live" and codes:
                await publish(redis, LINK_CHANGES_CHANNEL, FLUSH_ALL)
    except RedisUnavailable:
        # The deletion is committed; the edges stop routing the host once the domain set
        # says so, and a rebuild drops the entries left behind.
        logger.exception(
            "deleted domain's cache entries not removed; `hop cache rebuild` removes them",
            extra={"action": "cache.forget_domain_failed", "domain": domain},
        )


# Shadowed codes named in the start-up's log at most.
_SHADOWED_LISTED = 100


async def fold_default_host(conn: Connection, case_insensitive: bool) -> list[tuple[str, str]]:
    """Make the default short host's codes what HOP_CASE_INSENSITIVE_CODES says (run by
    ``hop cache rebuild``, so by the worker at start, before the entries are written):
    when the setting changed since the install's last run, record it (install_flags, which
    new codes are named by) and give every code its new name (``refold``: of codes that
    differ only in case, the older link keeps the code and the others are shadowed). The
    shadowed codes, each with the code answering for it, are returned (and logged) on
    every run while the setting is on, until their owners move them.
    In the caller's transaction: the flag's row lock keeps another run out meanwhile."""
    if await install_flag(conn, CASE_INSENSITIVE_FLAG) != case_insensitive:
        await set_install_flag(conn, CASE_INSENSITIVE_FLAG, case_insensitive)
        moves = await refold(conn, "", case_sensitive=not case_insensitive)
        logger.info(
            "default host's codes refolded",
            extra={
                "action": "codes.refolded",
                "case_insensitive": case_insensitive,
                "codes": len(moves),
            },
        )
    if not case_insensitive:
        return []
    shadowed = await shadowed_codes(conn, limit=_SHADOWED_LISTED)
    if shadowed:
        logger.warning(
            "codes on the default host differ only in case: the older link answers for both; "
            "give the newer ones another alias",
            extra={
                "action": "codes.case_clashes",
                "shadowed": [f"{code} (answered by {winner})" for code, winner in shadowed],
            },
        )
    return shadowed
