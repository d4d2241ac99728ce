"""What a dashboard handler is given: ``page: Page``, the request's view of the session.

``page.user`` is the session's principal (the same ``Principal`` the API's handlers
get, so pages call the services exactly as ``/v1`` does); ``page.render`` renders a
template with what every page needs (the CSRF token, flash messages, the signed-in
state, the person's workspaces for the switcher); ``page.flash`` leaves a message for
the next page (a secret in it sealed for the session: admin/auth/sessions.py);
``page.redirect`` answers a form post (post, redirect, get).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import msgspec
from litestar import Request
from litestar.datastructures import Cookie
from litestar.response import Redirect, Template

from admin.auth.principal import Principal
from admin.auth.sessions import Flash, FlashKind, Sessions, ShownFlash, WebSession
from admin.errors import Unauthorized
from admin.http.gate import principal_of
from admin.web.cookies import CookiePolicy, read_cookie
from admin.web.csrf import Csrf
from admin.web.door import session_of
from admin.web.templating import PAGE_HEADERS
from admin.workspaces import WorkspaceService
from admin.workspaces.schemas import Workspace


class LoginRequired(Unauthorized):
    """A page that needs a session, asked for without one: answered by a redirect to
    the login page (admin/web/errors.py)."""

    def __init__(self) -> None:
        super().__init__("Sign in to see this page.")


@dataclass(frozen=True, kw_only=True)
class WebConfig:
    """The dashboard's collaborators, one per admin process."""

    sessions: Sessions
    cookies: CookiePolicy
    csrf: Csrf
    base_url: str
    short_base_url: str
    signup_open: bool
    # (label, start path) of each provider the sign-in page offers (admin/web/oidc_pages.py).
    sign_in_options: tuple[tuple[str, str], ...] = ()


def safe_next(target: str | None) -> str:
    """Where to go after signing in: a path of this site only (never ``//host``)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    if any(ord(char) < 0x20 for char in target) or len(target) > 2000:
        return "/"
    return target


def login_url(path: str) -> str:
    return "/login" if path in ("/", "") else f"/login?next={quote(path, safe='/')}"


class Page:
    def __init__(
        self,
        request: Request[Any, Any, Any],
        web: WebConfig,
        workspaces: WorkspaceService | None = None,
    ) -> None:
        self.request = request
        self.web = web
        self.workspaces = workspaces
        self.principal: Principal | None = principal_of(request.scope)
        found = session_of(request.scope)
        self.session_id: str | None = found[0] if found else None
        self.session: WebSession | None = found[1] if found else None
        self._csrf_cookie: str | None = None

    @property
    def user(self) -> Principal:
        if self.principal is None:
            raise LoginRequired
        return self.principal

    @property
    def user_id(self) -> str:
        """The signed-in person (a dashboard session always has one)."""
        user_id = self.user.user_id
        if user_id is None:
            raise LoginRequired
        return user_id

    @property
    def htmx(self) -> bool:
        return self.request.headers.get("hx-request") == "true"

    @property
    def csrf_token(self) -> str:
        if self.session is not None:
            return self.session.csrf
        cookie = read_cookie(self.request.scope, self.web.cookies.csrf) or self._csrf_cookie
        if cookie is None:
            cookie = self._csrf_cookie = self.web.csrf.new_cookie_value()
        return self.web.csrf.anonymous_token(cookie)

    def _cookies(self) -> list[Cookie]:
        return [self.web.cookies.csrf_cookie(self._csrf_cookie)] if self._csrf_cookie else []

    async def flash(self, kind: FlashKind, text: str, secret: str | None = None) -> None:
        """A message for the next page this session shows (a new secret, once: sealed
        for this session, never in Redis as it is)."""
        if self.session is None or self.session_id is None:
            return
        sealed = None if secret is None else self.web.sessions.seal(self.session_id, secret)
        flashes = [*self.session.flash, Flash(kind=kind, text=text, sealed=sealed)]
        self.session = msgspec.structs.replace(self.session, flash=flashes)
        await self.web.sessions.save(self.session_id, self.session)

    async def renew_credentials(self, credentials_version: int) -> None:
        """Keep this session through a credentials change made in it (its password
        changed, its address confirmed): every other session ends."""
        if self.session is None or self.session_id is None:
            return
        self.session = msgspec.structs.replace(
            self.session, credentials_version=credentials_version
        )
        await self.web.sessions.save(self.session_id, self.session)

    async def _take_flashes(self) -> list[ShownFlash]:
        if self.session is None or self.session_id is None or not self.session.flash:
            return []
        flashes = self.session.flash
        self.session = msgspec.structs.replace(self.session, flash=[])
        await self.web.sessions.save(self.session_id, self.session)
        return [self._shown(flash, self.session_id) for flash in flashes]

    def _shown(self, flash: Flash, session_id: str) -> ShownFlash:
        if flash.sealed is None:
            return ShownFlash(flash.kind, flash.text)
        secret = self.web.sessions.open(session_id, flash.sealed)
        if secret is None:  # sealed under a server key since changed
            return ShownFlash("error", f"{flash.text} The secret cannot be shown; make a new one.")
        return ShownFlash(flash.kind, flash.text, secret)

    async def workspace_choices(self) -> list[Workspace]:
        """The signed-in person's workspaces with their role in each (the switcher's
        list): none before the address is confirmed (the session sees only /confirm)."""
        principal = self.principal
        if self.workspaces is None or principal is None or not principal.verified:
            return []
        return (await self.workspaces.list(principal)).data

    async def render(
        self,
        template: str,
        *,
        status: int = 200,
        cookies: Sequence[Cookie] = (),
        headers: Mapping[str, str] | None = None,
        **context: Any,
    ) -> Template:
        # A fragment for htmx shows no flash: the next full page does.
        fragment = template.startswith("_")
        flashes = [] if fragment else await self._take_flashes()
        choices = [] if fragment else await self.workspace_choices()
        workspace_id = self.principal.workspace_id if self.principal else None
        values = {
            "user": self.principal,
            "csrf_token": self.csrf_token,
            "flashes": flashes,
            "signup_open": self.web.signup_open,
            "sign_in_options": self.web.sign_in_options,
            "short_base_url": self.web.short_base_url,
            "current_path": self.request.url.path,
            "workspaces": choices,
            "workspace": next((w for w in choices if w.id == workspace_id), None),
            **context,
        }
        return Template(
            template_name=template,
            context=values,
            status_code=status,
            media_type="text/html; charset=utf-8",
            headers={**PAGE_HEADERS, "Vary": "HX-Request, Cookie", **(headers or {})},
            cookies=[*self._cookies(), *cookies],
        )

    def redirect(self, url: str, *, cookies: Sequence[Cookie] = ()) -> Redirect:
        """303 See Other: the browser GETs ``url`` (post, redirect, get)."""
        return Redirect(url, status_code=303, cookies=[*self._cookies(), *cookies])


def provide_page(
    request: Request[Any, Any, Any], web: WebConfig, workspaces: WorkspaceService
) -> Page:
    return Page(request, web, workspaces)
