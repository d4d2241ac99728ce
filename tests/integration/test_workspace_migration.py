"""Migration 0017 (workspaces) with data made before it: every user's rows move into
their personal workspace ('ws_' + the user's ULID) with their plan and negotiated limits,
and everything they had keeps working: their old API key resolves to an owner of that
workspace with every scope and those limits, and the real admin answers it with the old
links, webhook, Bio page, QR code, domain and analytics (issue 26, point 1)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg.types.json import Jsonb

from admin.auth import (
    ALL_SCOPES,
    AuthService,
    Principal,
    default_passwords,
    new_api_key,
    token_hash,
)
from admin.auth.cache import AuthCache
from admin.auth.throttle import LoginThrottle
from admin.auth.usage import KeyUsage
from admin.db import Database, create_pool
from admin.db import migrate as migrations
from admin.db.redis_batch import RedisBatcher
from admin.secretbox import SecretBox
from common.ids import new_id
from common.redis_store import connect
from common.settings import load_settings
from tests.support.env import WEBHOOK_SECRET_KEY
from tests.support.inprocess import admin_client
from tests.support.stack import Stack
from tests.support.stores import scratch_database

BEFORE = 16  # the last version before workspaces
PER_MINUTE = 4321  # negotiated: neither the business plan's default nor a test setting
PER_MONTH = 987_654
BRAND_HOST = "go.brand-before.example"

# The tables whose owner column 0017 renames to workspace_id, with the rows made below.
OWNED_TABLES = (
    "links",
    "short_codes",
    "events",
    "idempotency_keys",
    "qr_codes",
    "bio_pages",
    "bio_usernames",
    "webhooks",
    "domains",
    "api_keys",
)


class Before:
    """What the user had at version 16, by id."""

    def __init__(self) -> None:
        self.user_id = new_id("usr")
        self.workspace_id = "ws_" + self.user_id.removeprefix("usr_")
        self.email = f"before-{self.user_id[-8:].lower()}@example.com"
        self.key, self.key_prefix = new_api_key("live")
        self.key_id = new_id("key")
        self.link_id = new_id("lnk")
        self.brand_link_id = new_id("lnk")
        self.domain_id = new_id("dom")
        self.webhook_id = new_id("wh")
        self.bio_id = new_id("bio")
        self.qr_id = new_id("qr")
        self.event_id = new_id("evt")
        self.code = "old" + self.user_id[-6:].lower()
        self.bio_username = "before" + self.user_id[-6:].lower()


def _make_data_at_16(url: str, old: Before) -> None:
    box = SecretBox(WEBHOOK_SECRET_KEY)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO users (id, email, password_hash, plan, limit_per_minute,"
            " limit_per_month, email_verified_at) VALUES (%s, %s, %s, 'business', %s, %s, now())",
            (old.user_id, old.email, "not-a-real-hash", PER_MINUTE, PER_MONTH),
        )
        conn.execute(
            "INSERT INTO api_keys (id, user_id, environment, prefix, key_hash, scopes, name)"
            " VALUES (%s, %s, 'live', %s, %s, %s, 'made before workspaces')",
            (old.key_id, old.user_id, old.key_prefix, token_hash(old.key), list(ALL_SCOPES)),
        )
        conn.execute(
            "INSERT INTO domains (id, user_id, environment, hostname, token, verified_at,"
            " checked_at) VALUES (%s, %s, 'live', %s, 'tok-before', now(), now())",
            (old.domain_id, old.user_id, BRAND_HOST),
        )
        for link_id, code, domain, long_url, clicks in (
            (old.link_id, old.code, "", "https://example.com/before", 5),
            (old.brand_link_id, "brand", BRAND_HOST, "https://example.com/brand", 0),
        ):
            conn.execute(
                "INSERT INTO links (id, user_id, environment, short_code, long_url, tags,"
                " clicks, domain, title) VALUES (%s, %s, 'live', %s, %s, %s, %s, %s, %s)",
                (link_id, old.user_id, code, long_url, ["before"], clicks, domain, "Old " + code),
            )
            conn.execute(
                "INSERT INTO short_codes (environment, short_code, user_id, link_id, domain)"
                " VALUES ('live', %s, %s, %s, %s)",
                (code, old.user_id, link_id, domain),
            )
        conn.execute(
            "INSERT INTO click_rollups (link_id, day, is_bot, country, device, os, browser,"
            " referrer_host, clicks) VALUES (%s, current_date, false, 'DE', 'desktop',"
            " 'Linux', 'Firefox', '', 5)",
            (old.link_id,),
        )
        conn.execute(
            "INSERT INTO webhooks (id, user_id, environment, endpoint, events, secret)"
            " VALUES (%s, %s, 'live', 'https://hooks.before.example/hop', %s, %s)",
            (
                old.webhook_id,
                old.user_id,
                ["link.created"],
                box.seal("whsec_before_before_before_before", old.webhook_id),
            ),
        )
        conn.execute(
            "INSERT INTO bio_pages (id, user_id, environment, username, display_name,"
            " description, theme, language, links, socials, html) VALUES"
            " (%s, %s, 'live', %s, 'Before', 'Made before workspaces', 'ocean', 'en', %s, %s,"
            " '<p>before</p>')",
            (old.bio_id, old.user_id, old.bio_username, Jsonb([]), Jsonb([])),
        )
        conn.execute(
            "INSERT INTO bio_usernames (environment, username, user_id, bio_id)"
            " VALUES ('live', %s, %s, %s)",
            (old.bio_username, old.user_id, old.bio_id),
        )
        conn.execute(
            "INSERT INTO qr_codes (id, user_id, environment, type, title, data, dynamic,"
            " payload) VALUES (%s, %s, 'live', 'text', 'Before', %s, false, 'hello before')",
            (old.qr_id, old.user_id, Jsonb({"text": "hello before"})),
        )
        conn.execute(
            "INSERT INTO events (id, user_id, environment, type, data)"
            " VALUES (%s, %s, 'live', 'link.created', %s)",
            (old.event_id, old.user_id, Jsonb({"id": old.link_id})),
        )
        conn.execute(
            "INSERT INTO idempotency_keys (user_id, environment, key, request_hash,"
            " status_code) VALUES (%s, 'live', 'idem-before', %s, 201)",
            (old.user_id, b"\x00" * 32),
        )


@pytest.fixture(scope="module")
def migrated(postgres_url: str) -> Iterator[tuple[str, Before]]:
    """A database with the user's data made at version 16, then migrated to the end."""
    with scratch_database(postgres_url, migrated=False) as url:
        migrations.migrate(url, target=BEFORE)
        old = Before()
        _make_data_at_16(url, old)
        applied = [m.version for m in migrations.migrate(url)]
        assert applied[0] == BEFORE + 1
        yield url, old


def test_the_user_gets_a_personal_workspace_with_their_plan_and_limits(
    migrated: tuple[str, Before],
) -> None:
    url, old = migrated
    with psycopg.connect(url) as conn:
        workspace = conn.execute(
            "SELECT id, plan, limit_per_minute, limit_per_month, personal_of FROM workspaces"
        ).fetchall()
        members = conn.execute(
            "SELECT workspace_id, user_id, role FROM workspace_members"
        ).fetchall()
        contact = conn.execute("SELECT workspace_contact(%s)", (old.workspace_id,)).fetchone()
    assert workspace == [(old.workspace_id, "business", PER_MINUTE, PER_MONTH, old.user_id)]
    assert members == [(old.workspace_id, old.user_id, "owner")]
    assert contact == (old.email,)


def test_every_row_the_user_owned_now_belongs_to_the_workspace(
    migrated: tuple[str, Before],
) -> None:
    url, old = migrated
    with psycopg.connect(url) as conn:
        owners = {
            table: conn.execute(
                f"SELECT array_agg(DISTINCT workspace_id), count(*) FROM {table}"  # noqa: S608 - fixed names
            ).fetchone()
            for table in OWNED_TABLES
        }
        key = conn.execute(
            "SELECT created_by, maker_role FROM api_keys WHERE id = %s", (old.key_id,)
        ).fetchone()
    assert owners == {
        table: ([old.workspace_id], 2 if table in ("links", "short_codes") else 1)
        for table in OWNED_TABLES
    }
    assert key == (old.user_id, None)  # made by the user, who is still a member


def test_the_old_key_resolves_to_the_owner_of_the_personal_workspace(
    migrated: tuple[str, Before], session_stack: Stack
) -> None:
    url, old = migrated
    settings = load_settings({**session_stack.env, "HOP_DATABASE_URL": url})

    async def resolve() -> Principal:
        redis = connect(session_stack.redis_url, socket_timeout=5, socket_connect_timeout=5)
        async with create_pool(url, 2) as pool:
            db = Database(pool)
            auth = AuthService(
                db,
                AuthCache(ttl_seconds=60),  # never subscribed: every lookup reads PostgreSQL
                None,
                settings.limits,
                settings.auth.refresh_token_ttl,
                passwords=default_passwords(),
                throttle=LoginThrottle(RedisBatcher(redis), settings.limits.login),
                usage=KeyUsage(db, interval=3600),
            )
            try:
                return await auth.authenticate(f"Bearer {old.key}")
            finally:
                await redis.aclose()

    principal = asyncio.run(resolve())
    assert principal == Principal(
        workspace_id=old.workspace_id,
        user_id=old.user_id,
        role="owner",
        environment="live",
        scopes=frozenset(ALL_SCOPES),
        plan="business",
        limit_per_minute=PER_MINUTE,
        limit_per_month=PER_MONTH,
        key_id=old.key_id,
        verified=True,
    )


def test_the_admin_serves_the_old_data_to_the_old_key(
    migrated: tuple[str, Before], session_stack: Stack
) -> None:
    url, old = migrated
    headers = {"Authorization": f"Bearer {old.key}"}
    with admin_client({**session_stack.env, "HOP_DATABASE_URL": url}) as api:

        def get(path: str, **params: Any) -> Any:
            response = api.get(path, headers=headers, params=params)
            assert response.status_code == 200, (path, response.text)
            return response.json()

        me = get("/v1/users/me")
        assert (me["id"], me["plan"], me["limitPerMinute"], me["limitPerMonth"]) == (
            old.user_id,
            "business",
            PER_MINUTE,
            PER_MONTH,
        )
        assert me["customLimits"] is True

        links = {link["id"]: link for link in get("/v1/links")["data"]}
        assert set(links) == {old.link_id, old.brand_link_id}
        assert links[old.link_id]["longUrl"] == "https://example.com/before"
        assert links[old.link_id]["tags"] == ["before"]
        assert links[old.brand_link_id]["domain"] == BRAND_HOST
        assert get(f"/v1/links/{old.link_id}")["shortCode"] == old.code

        [domain] = get("/v1/domains")["data"]
        assert (domain["id"], domain["hostname"]) == (old.domain_id, BRAND_HOST)

        [webhook] = get("/v1/webhooks")["data"]
        assert (webhook["id"], webhook["endpoint"]) == (
            old.webhook_id,
            "https://hooks.before.example/hop",
        )

        bio = get("/v1/bio")
        assert (bio["id"], bio["username"], bio["theme"]) == (old.bio_id, old.bio_username, "ocean")

        [qr] = get("/v1/qr")["data"]
        assert (qr["id"], qr["type"], qr["data"]) == (old.qr_id, "text", {"text": "hello before"})

        clicks = get(f"/v1/links/{old.link_id}/clicks")
        assert clicks["totals"]["total"] == 5, clicks
        analytics = get("/v1/analytics")
        assert analytics["totals"]["total"] == 5, analytics

        # And the key still writes: a new link lands in the same workspace.
        created = api.post(
            "/v1/links", headers=headers, json={"longUrl": "https://example.com/after"}
        )
        assert created.status_code == 201, created.text
    with psycopg.connect(url) as conn:
        owner = conn.execute(
            "SELECT workspace_id FROM links WHERE id = %s", (created.json()["id"],)
        ).fetchone()
    assert owner == (old.workspace_id,)
