"""The one place a person proven by something other than the password form becomes a
dashboard session: ``complete_sign_in``.

A provider's callback (admin/web/oidc_pages.py) calls it once the provider proved who
signed in and admin/accounts/identities.py said which account that is. It ends the
browser's previous session, if any, and starts a new one (a new id at every sign-in,
as the password form does), then sends the browser where the sign-in was headed (an
unconfirmed account: to ``/confirm``).

Two-factor hook: a second factor (TOTP, a passkey as second factor) is asked here,
between the proof and the session: when the account has one, this function must answer
with the second-factor step instead of a session, keeping ``method`` and ``target`` for
after it. Every sign-in through a provider passes here, so no path skips the factor.
"""

from __future__ import annotations

from collections.abc import Sequence

from litestar.datastructures import Cookie
from litestar.response import Redirect

from admin.accounts.identities import Resolved
from admin.web.errors import CONFIRM_PATH
from admin.web.page import Page, safe_next


async def complete_sign_in(
    page: Page,
    signed: Resolved,
    method: str,
    target: str,
    *,
    cookies: Sequence[Cookie] = (),
) -> Redirect:
    """A session for ``signed`` (proven by ``method``: "oidc", "github"), and the
    redirect to ``target`` carrying its cookie."""
    sessions = page.web.sessions
    if page.session_id is not None and page.session is not None:
        await sessions.end(page.session_id, page.session.user_id)
    session_id, _ = await sessions.create(signed.user_id, signed.credentials_version)
    destination = safe_next(target) if signed.verified else CONFIRM_PATH
    session_cookie = page.web.cookies.session_cookie(session_id)
    return page.redirect(destination, cookies=[*cookies, session_cookie])
