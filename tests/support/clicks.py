"""Helpers for click tests: real user agents and waiting for the worker to catch up."""

from __future__ import annotations

import time
from typing import Any

import httpx
import psycopg

from tests.support.accounts import Account
from tests.support.waiting import eventually

USER_AGENTS = {
    "iphone_safari": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
    " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "android_chrome": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like"
    " Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    "windows_edge": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like"
    " Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
    "macos_firefox": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101"
    " Firefox/127.0",
    "googlebot": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "curl": "curl/8.5.0",
}


def stored_clicks(database_url: str, link_ids: list[str]) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM clicks WHERE link_id = ANY(%s)", (link_ids,)
        ).fetchone()
    return int(row[0]) if row else 0


def wait_for_clicks(
    database_url: str, link_ids: list[str], expected: int, timeout: float = 60
) -> int:
    """Poll until ``expected`` clicks are stored (or the timeout passes); return the count."""
    eventually(lambda: stored_clicks(database_url, link_ids) >= expected, timeout, every=0.1)
    time.sleep(0.3)  # anything beyond `expected` would be a double count: give it a moment
    return stored_clicks(database_url, link_ids)


def link_clicks(
    api: httpx.Client, account: Account, link_id: str, **params: str | int
) -> dict[str, Any]:
    response = api.get(f"/v1/links/{link_id}/clicks", params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body
