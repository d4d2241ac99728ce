"""Probes for load balancers and orchestrators; outside the gate, never rate limited."""

from __future__ import annotations

import msgspec
from litestar import Response, get
from redis.asyncio import Redis

from admin.db import Database
from admin.errors import ServiceUnavailable
from common.redis_store import RedisUnavailable, redis_outage


class Health(msgspec.Struct, frozen=True):
    status: str


_OK = Health("ok")


@get("/health", security=[{}], tags=["health"], include_in_schema=False)
async def health() -> Health:
    """Liveness: the process answers. Touches neither PostgreSQL nor Redis."""
    return _OK


@get("/health/ready", security=[{}], tags=["health"], include_in_schema=False)
async def ready(db: Database, redis: Redis) -> Response[Health]:
    """Readiness: PostgreSQL and Redis both answer."""
    try:
        await db.ping()
        with redis_outage():
            await redis.ping()
    except (ServiceUnavailable, RedisUnavailable):
        return Response(Health("unavailable"), status_code=503)
    return Response(_OK)
