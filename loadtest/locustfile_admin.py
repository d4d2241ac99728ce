"""Locust scenario for the admin API: a realistic mix of link management calls.

Run against a running stack (e.g. `./scripts/dev`) with an API key of a pro or
business account (rate limits apply to the load too):

    .venv/bin/locust -f loadtest/locustfile_admin.py --host http://127.0.0.1:8000 \\
        --api-key svc_live_… --headless -u 50 -r 10 -t 1m

Mix per user, roughly what dashboards and integrations do: list and read most,
create often, update and delete now and then, read analytics.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

from locust import HttpUser, between, events, task


@events.init_command_line_parser.add_listener
def _options(parser: Any) -> None:
    parser.add_argument(
        "--api-key",
        default="",
        is_secret=True,
        help="Bearer token (svc_live_… or svc_test_…) the users act with",
    )


class LinkManager(HttpUser):
    wait_time = between(0.2, 1.0)

    def on_start(self) -> None:
        key = self.environment.parsed_options.api_key
        if not key:
            raise RuntimeError("pass --api-key svc_live_…")
        self.client.headers["Authorization"] = f"Bearer {key}"
        self.links: list[str] = []

    @task(3)
    def create(self) -> None:
        body = {
            "longUrl": f"https://shop.example.com/p/{random.randint(1, 10**6)}",
            "tags": random.sample(["spring", "summer", "mail", "social", "ads"], 2),
        }
        headers = {"Idempotency-Key": uuid.uuid4().hex}
        with self.client.post(
            "/v1/links", json=body, headers=headers, name="POST /v1/links", catch_response=True
        ) as response:
            if response.status_code == 201:
                self.links.append(response.json()["id"])
            else:
                response.failure(f"{response.status_code}: {response.text[:200]}")

    @task(5)
    def list_page(self) -> None:
        params = {"limit": 20}
        if random.random() < 0.2:
            params["tag"] = "spring"  # type: ignore[assignment]
        self.client.get("/v1/links", params=params, name="GET /v1/links")

    @task(5)
    def read(self) -> None:
        if self.links:
            self.client.get(f"/v1/links/{random.choice(self.links)}", name="GET /v1/links/:id")

    @task(2)
    def analytics(self) -> None:
        if self.links:
            self.client.get(
                f"/v1/links/{random.choice(self.links)}/clicks", name="GET /v1/links/:id/clicks"
            )

    @task(1)
    def update(self) -> None:
        if self.links:
            self.client.patch(
                f"/v1/links/{random.choice(self.links)}",
                json={"longUrl": f"https://shop.example.com/p/{uuid.uuid4().hex}"},
                name="PATCH /v1/links/:id",
            )

    @task(1)
    def delete(self) -> None:
        if len(self.links) > 10:
            link_id = self.links.pop(random.randrange(len(self.links)))
            self.client.delete(f"/v1/links/{link_id}", name="DELETE /v1/links/:id")
