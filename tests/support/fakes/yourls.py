"""A fake YOURLS site on loopback: ``yourls-api.php`` with its ``stats`` action.

Written from YOURLS core (yourls-api.php, includes/auth.php, includes/functions-api.php
and ``yourls_get_stats`` in includes/functions.php of YOURLS/YOURLS): parameters read
from the query or a form body alike (PHP's ``$_REQUEST``), the passwordless
``signature`` or ``username``/``password``, a 403 ``{"message": "Please log in",
"errorCode": "403", ...}`` when neither is right, and ``filter=last`` as
``ORDER BY timestamp DESC LIMIT start, limit`` with numbers as strings (as MySQL hands
them to PHP). YOURLS has no rate limit of its own; the 429 is its host's, with
``Retry-After``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

import msgspec

from tests.support.fakes.stores import FakeServer, Request

Answer = tuple[int, dict[str, str], bytes]


def _json(status: int, value: object) -> Answer:
    return status, {"Content-Type": "application/json; charset=utf-8"}, msgspec.json.encode(value)


def yourls_link(
    keyword: str, url: str, timestamp: str, *, clicks: int = 0, title: str = ""
) -> dict[str, Any]:
    """One row of the ``yourls_url`` table."""
    return {
        "keyword": keyword,
        "url": url,
        "title": title,
        "timestamp": timestamp,
        "ip": "203.0.113.9",
        "clicks": clicks,
    }


class FakeYourls:
    """A YOURLS site at ``url`` (with ``site_path``, e.g. ``/s``, when installed in a folder)."""

    def __init__(
        self,
        *,
        signature: str = "",
        users: dict[str, str] | None = None,
        site_path: str = "",
        site: str = "https://sho.rt",
    ) -> None:
        self.signature = signature
        self.users = users or {}
        self.site_path = site_path
        self.site = site  # YOURLS_SITE: what short URLs are written with
        self.rows: list[dict[str, Any]] = []
        self.throttle_once = False
        self.fail_once = False
        self.server = FakeServer(self._handle)

    @property
    def url(self) -> str:
        return f"{self.server.url}{self.site_path}"

    @property
    def requests(self) -> list[Request]:
        return self.server.requests

    @staticmethod
    def params(request: Request) -> dict[str, str]:
        """``$_REQUEST``: the query and a form body, the body winning."""
        values = {name: items[-1] for name, items in request.query.items()}
        if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
            form = parse_qs(request.body.decode(), keep_blank_values=True)
            values.update({name: items[-1] for name, items in form.items()})
        return values

    def _handle(self, request: Request) -> Answer:
        if self.throttle_once:
            self.throttle_once = False
            return 429, {"Retry-After": "1", "Content-Type": "text/html"}, b"Too Many Requests"
        if self.fail_once:
            self.fail_once = False
            return 500, {"Content-Type": "text/html"}, b"<b>Fatal error</b>: MySQL gone away"
        if request.path != f"{self.site_path}/yourls-api.php":
            return 404, {"Content-Type": "text/html"}, b"<h1>Not Found</h1>"
        params = self.params(request)
        refusal = self._refusal(params)
        if refusal is not None:
            return _json(403, {"message": refusal, "errorCode": "403", "callback": ""})
        if params.get("action") != "stats":
            return _json(
                400,
                {"errorCode": "400", "message": 'Unknown or missing "action" parameter'},
            )
        return _json(200, self._stats(params))

    def _refusal(self, params: dict[str, str]) -> str | None:
        """``yourls_is_valid_user``'s message when the caller is not let in."""
        if params.get("signature") and "timestamp" not in params:
            return None if params["signature"] == self.signature else "Please log in"
        username, password = params.get("username", ""), params.get("password", "")
        if username and password and self.users.get(username) == password:
            return None
        if "username" in params or "password" in params:
            return "Invalid username or password"
        return "Please log in"

    def _stats(self, params: dict[str, str]) -> dict[str, Any]:
        if params.get("filter") != "last":
            raise AssertionError("the fake plays filter=last only")
        limit, start = int(params.get("limit") or 0), int(params.get("start") or 0)
        rows = sorted(self.rows, key=lambda row: row["timestamp"], reverse=True)
        answer: dict[str, Any] = {}
        if limit > 0:
            chunk = rows[start : start + limit]
            if chunk:
                answer["links"] = {
                    f"link_{n}": {
                        "shorturl": f"{self.site}/{row['keyword']}",
                        "url": row["url"],
                        "title": row["title"],
                        "timestamp": row["timestamp"],
                        "ip": row["ip"],
                        "clicks": str(row["clicks"]),
                    }
                    for n, row in enumerate(chunk, start=1)
                }
        answer["stats"] = {
            "total_links": len(self.rows),
            "total_clicks": sum(row["clicks"] for row in self.rows),
        }
        answer["statusCode"] = "200"
        answer["message"] = "success"
        return answer

    def close(self) -> None:
        self.server.close()
