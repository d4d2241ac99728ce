"""CSRF protection for every state-changing dashboard request.

Signed-in visitors: the synchronizer token of their session (admin/auth/sessions.py),
sent back in the form's hidden ``csrf_token`` field or, for htmx requests, the
``X-CSRF-Token`` header (set once on ``<body hx-headers>``). Visitors not signed in
(the login, sign-up, reset forms): a random secret in an HttpOnly cookie and, in the
form, an HMAC of it under a key only the server has, so a token cannot be made up
for a cookie someone managed to plant.

Before the token, the request's ``Origin`` (when sent, and not ``null``) must be the
dashboard's own and ``Sec-Fetch-Site`` must not say cross-site: browsers send both on
every form post, so a forged cross-site post is refused even before its token is
looked at. Refusals are logged with their reason (never the token).

The dashboard router's guard (admin/web/routes.py) runs ``check`` for every POST (PUT,
PATCH, DELETE): without a valid token the request gets the 403 page and changes nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
from collections.abc import Mapping
from typing import Any, NoReturn
from urllib.parse import urlsplit

from litestar import Request
from litestar.connection import ASGIConnection

from admin.errors import Forbidden
from admin.web.cookies import CookiePolicy, read_cookie
from admin.web.door import session_of

logger = logging.getLogger(__name__)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
FIELD = "csrf_token"
HEADER = "x-csrf-token"


class CsrfRefused(Forbidden):
    slug = "csrf"

    def __init__(self) -> None:
        super().__init__(
            "This form has expired or was sent from another site, so nothing was changed. "
            "Go back, reload the page and send it again."
        )


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class Csrf:
    def __init__(self, key: bytes, cookies: CookiePolicy, base_url: str) -> None:
        self._key = hashlib.sha256(b"hop-dashboard-csrf\0" + key).digest()
        self.cookies = cookies
        self.origin = origin_of(base_url)

    def anonymous_token(self, cookie_value: str) -> str:
        mac = hmac.new(self._key, cookie_value.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).decode().rstrip("=")

    @staticmethod
    def new_cookie_value() -> str:
        return secrets.token_urlsafe(32)

    def expected(self, scope: Mapping[str, Any]) -> str | None:
        """The token this request must carry (None: it has no session and no cookie)."""
        found = session_of(scope)
        if found is not None:
            return found[1].csrf
        cookie = read_cookie(scope, self.cookies.csrf)
        return self.anonymous_token(cookie) if cookie else None

    async def check(self, connection: ASGIConnection[Any, Any, Any, Any]) -> None:
        headers = connection.headers
        origin = headers.get("origin")
        # "null" (privacy settings, sandboxes) says nothing either way: the token decides.
        if origin not in (None, "null") and origin.lower() != self.origin:
            _refuse("origin")
        if headers.get("sec-fetch-site") == "cross-site":
            _refuse("cross-site")
        expected = self.expected(connection.scope)
        sent = headers.get(HEADER)
        if sent is None:
            # Read (and cached in the connection state) for the handler too.
            form = await Request[Any, Any, Any](connection.scope, connection.receive).form()
            value = form.get(FIELD)
            sent = value if isinstance(value, str) else None
        if not expected:
            _refuse("no session or cookie")
        if not sent or not hmac.compare_digest(sent.encode(), expected.encode()):
            _refuse("token missing or wrong")


def _refuse(reason: str) -> NoReturn:
    logger.warning("form refused (CSRF)", extra={"action": "web.csrf_refused", "reason": reason})
    raise CsrfRefused
