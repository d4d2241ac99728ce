"""Run the admin (ASGI) and the edge (RSGI) under granian."""

from __future__ import annotations

from granian import Granian
from granian.constants import Interfaces, Loops

from common.settings import Settings, SettingsError


def serve_admin(settings: Settings) -> int:
    if settings.database_url is None:
        raise SettingsError("HOP_DATABASE_URL: required to run the admin (or use `hop dev`)")
    if settings.redis_url is None:
        raise SettingsError("HOP_REDIS_URL: required to run the admin (or use `hop dev`)")
    if settings.auth.jwt_secret is None:
        raise SettingsError("HOP_JWT_SECRET: required to run the admin (32+ random characters)")
    if settings.webhooks.secret_key is None:
        raise SettingsError(
            "HOP_WEBHOOK_SECRET_KEY: required to run the admin (32+ random characters)"
        )
    Granian(
        "admin.app:create_app",
        factory=True,
        interface=Interfaces.ASGI,
        address=settings.admin.listen.host,
        port=settings.admin.listen.port,
        workers=settings.admin.workers,
        loop=Loops.uvloop,
        log_access=False,
        backlog=2048,
        websockets=False,
    ).serve()
    return 0


def serve_edge(settings: Settings) -> int:
    if settings.redis_url is None:
        raise SettingsError("HOP_REDIS_URL: required to run the edge (or use `hop dev`)")
    Granian(
        "edge.app:create_app",
        factory=True,
        interface=Interfaces.RSGI,
        address=settings.edge.listen.host,
        port=settings.edge.listen.port,
        workers=settings.edge.workers,
        loop=Loops.uvloop,
        log_access=False,
        backlog=4096,
        websockets=False,
    ).serve()
    return 0
