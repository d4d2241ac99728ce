"""The dashboard's cookies: names, attributes, reading them from a raw request.

Both are ``HttpOnly`` (no script reads them) and ``SameSite=Lax`` (not sent on
cross-site form posts). When HOP_BASE_URL is https they are also ``Secure`` and take
the ``__Host-`` prefix, which browsers only accept from a secure origin, for the
whole host and with ``Path=/``: no sibling subdomain can plant or shadow them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from litestar.datastructures import Cookie


class CookiePolicy:
    def __init__(self, base_url: str, session_lifetime: int) -> None:
        self.secure = base_url.startswith("https://")
        prefix = "__Host-" if self.secure else ""
        self.session = f"{prefix}hop_session"
        # The anonymous visitor's CSRF secret (forms shown before sign-in).
        self.csrf = f"{prefix}hop_csrf"
        self.session_lifetime = session_lifetime
        # A sign-in waiting for its second factor (admin/web/mfa_pages.py): 5 minutes.
        self.mfa = f"{prefix}hop_mfa"

    def _cookie(self, name: str, value: str, max_age: int | None) -> Cookie:
        return Cookie(
            key=name,
            value=value,
            max_age=max_age,
            path="/",
            secure=self.secure,
            httponly=True,
            samesite="lax",
        )

    def session_cookie(self, session_id: str) -> Cookie:
        return self._cookie(self.session, session_id, self.session_lifetime)

    def clear_session(self) -> Cookie:
        return self._cookie(self.session, "", 0)

    def mfa_cookie(self, token: str, max_age: int) -> Cookie:
        return self._cookie(self.mfa, token, max_age)

    def clear_mfa(self) -> Cookie:
        return self._cookie(self.mfa, "", 0)

    def csrf_cookie(self, value: str) -> Cookie:
        return self._cookie(self.csrf, value, None)  # for the browser session


def read_cookie(scope: Mapping[str, Any], name: str) -> str | None:
    """The first cookie called ``name`` in the request's Cookie headers."""
    for header, value in scope["headers"]:
        if header != b"cookie":
            continue
        text: str = value.decode("latin-1")
        for item in text.split(";"):
            key, sep, found = item.strip().partition("=")
            if sep and key == name:
                return found.strip().strip('"')
    return None
