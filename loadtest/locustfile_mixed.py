"""Locust scenario mixing visitors on the edge with API clients on the admin.

Before the load starts it creates ``--links`` short links through the API; then
``Visitor`` users follow them (Zipf-like: a few links get most visits) at
``--visits-per-user`` requests/s each, while ``ApiClient`` users create, list and
read analytics. Redirects are requested with redirects not followed, like a
browser's first hop.

    .venv/bin/locust -f loadtest/locustfile_mixed.py --host http://127.0.0.1:8000 \\
        --edge-host http://127.0.0.1:8080 --api-key svc_live_… \\
        --headless -u 120 -r 30 -t 2m

With ``-u 120`` the default weights give about 100 visitors and 20 API clients.
"""

from __future__ import annotations

import random
from typing import Any

import requests
from locust import HttpUser, between, constant_throughput, events, task

_CODES: list[str] = []
_WEIGHTS: list[float] = []


@events.init_command_line_parser.add_listener
def _options(parser: Any) -> None:
    parser.add_argument("--api-key", default="", is_secret=True, help="Bearer token")
    parser.add_argument("--edge-host", default="http://127.0.0.1:8080", help="Short-link host")
    parser.add_argument("--links", type=int, default=200, help="Links to create first")
    parser.add_argument(
        "--visits-per-user",
        type=float,
        default=5.0,
        help="Redirects per second each visitor asks for",
    )


@events.test_start.add_listener
def _create_links(environment: Any, **_: Any) -> None:
    options = environment.parsed_options
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {options.api_key}"
    for n in range(options.links):
        response = session.post(
            f"{environment.host}/v1/links",
            json={"longUrl": f"https://example.com/landing/{n}"},
            timeout=10,
        )
        response.raise_for_status()
        _CODES.append(response.json()["shortCode"])
    _WEIGHTS[:] = [1 / rank**1.1 for rank in range(1, len(_CODES) + 1)]


class Visitor(HttpUser):
    weight = 5

    def wait_time(self) -> float:
        return constant_throughput(self.environment.parsed_options.visits_per_user)(self)

    def on_start(self) -> None:
        self.client.base_url = self.environment.parsed_options.edge_host

    @task
    def follow(self) -> None:
        code = random.choices(_CODES, weights=_WEIGHTS)[0]
        with self.client.get(
            f"/{code}", allow_redirects=False, name="GET /:code", catch_response=True
        ) as response:
            if response.status_code != 302:
                response.failure(f"expected 302, got {response.status_code}")


class ApiClient(HttpUser):
    weight = 1
    wait_time = between(0.5, 2.0)

    def on_start(self) -> None:
        self.client.headers["Authorization"] = f"Bearer {self.environment.parsed_options.api_key}"

    @task(2)
    def create(self) -> None:
        self.client.post(
            "/v1/links", json={"longUrl": "https://example.com/new"}, name="POST /v1/links"
        )

    @task(3)
    def list_page(self) -> None:
        self.client.get("/v1/links", params={"limit": 20}, name="GET /v1/links")
