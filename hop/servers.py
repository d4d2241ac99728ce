"""Run the admin (ASGI) and the edge (RSGI) under granian."""

from __future__ import annotations

from typing import Any

from granian import Granian
from granian.constants import HTTPModes, Interfaces, Loops

from common.settings import Listen, Settings, SettingsError

EDGE_TARGET = "edge.app:create_app"


def granian_options(listen: Listen, workers: int, backlog: int) -> dict[str, Any]:
    """The server settings both planes run with (the edge benchmark's reference uses them too)."""
    return {
        "address": listen.host,
        "port": listen.port,
        "workers": workers,
        "loop": Loops.uvloop,
        "http": HTTPModes.auto,
        "websockets": False,
        "log_access": False,
        "backlog": backlog,
    }


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
        **granian_options(settings.admin.listen, settings.admin.workers, 2048),
    ).serve()
    return 0


def serve_edge(settings: Settings, target: str = EDGE_TARGET, *, factory: bool = True) -> int:
    if settings.redis_url is None and target == EDGE_TARGET:
        raise SettingsError("HOP_REDIS_URL: required to run the edge (or use `hop dev`)")
    Granian(
        target,
        factory=factory,
        interface=Interfaces.RSGI,
        **granian_options(settings.edge.listen, settings.edge.workers, 4096),
    ).serve()
    return 0
