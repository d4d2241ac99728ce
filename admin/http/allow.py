"""OPTIONS answers list every method of their path.

Litestar 2 builds one automatic OPTIONS handler per path, but when further handlers join
a path (a controller's GET after its POST) the route is rebuilt and keeps the first OPTIONS
handler, whose ``Allow`` still names the methods of the route it was made for: ``OPTIONS,
POST`` on /v1/links. Litestar 3 fixes this; until then ``fix_options`` rebuilds each
automatic OPTIONS handler from its final route once the app is composed.
"""

from __future__ import annotations

from litestar import Litestar
from litestar.routes import HTTPRoute

_AUTOMATIC = "options_handler"  # the name Litestar gives its automatic OPTIONS handlers


def fix_options(app: Litestar) -> None:
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for index, handler in enumerate(route.route_handlers):
            if handler.http_methods == {"OPTIONS"} and handler.handler_name == _AUTOMATIC:
                fresh = route.create_options_handler(route.path)
                fresh.owner = handler.owner
                fresh.on_registration(app)
                route.route_handlers[index] = fresh
                route.route_handler_map = {}
                route.create_handler_map()
    app.asgi_router.construct_routing_trie()
