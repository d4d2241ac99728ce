"""The dashboard's side of the front door: a session cookie becomes the principal.

The gate (admin/http/gate.py) calls ``authenticate`` for every request outside
``/v1``: the cookie is looked up in Redis (admin/auth/sessions.py) and the account's
plan, limits, verified state and credentials version come from the same cache API keys
and access tokens use. A session signed in before the account's credentials changed
(a password change or reset, the address's confirmation) is ended there. The
principal is then rate-limited per account like any API request. ``/v1`` never reads
the cookie, and the dashboard never reads ``Authorization``: a page cannot be driven
by a stolen API key, nor the API by a browser's ambient cookie.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from admin.auth.principal import Principal
from admin.auth.service import AuthService
from admin.auth.sessions import Sessions, WebSession
from admin.errors import HopError
from admin.http.asgi import Scope, Send
from admin.web.cookies import CookiePolicy, read_cookie

SESSION = "hop.web_session"

Refusal = Callable[[Send, HopError], Awaitable[None]]


def session_of(scope: Mapping[str, Any]) -> tuple[str, WebSession] | None:
    """The request's (session id, session), if it carries a live one."""
    found: tuple[str, WebSession] | None = scope.get(SESSION)
    return found


class WebDoor:
    def __init__(
        self, sessions: Sessions, auth: AuthService, cookies: CookiePolicy, refusal: Refusal
    ) -> None:
        self.sessions = sessions
        self.auth = auth
        self.cookies = cookies
        self._refusal = refusal

    async def authenticate(self, scope: Scope) -> Principal | None:
        """The session's principal (None: no cookie, or a session that ended); raises
        ServiceUnavailable when Redis cannot be asked."""
        scope[SESSION] = None
        session_id = read_cookie(scope, self.cookies.session)
        if not session_id:
            return None
        session = await self.sessions.load(session_id)
        if session is None:
            return None
        principal = await self.auth.session_principal(
            session.user_id,
            session.environment,
            session.credentials_version,
            session.workspace_id,
        )
        if principal is None:
            await self.sessions.end(session_id, session.user_id)
            return None
        scope[SESSION] = (session_id, session)
        return principal

    async def refuse(self, send: Send, error: HopError) -> None:
        """Answer a refusal of the gate (rate limit, store down) as a page."""
        await self._refusal(send, error)
