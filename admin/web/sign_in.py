"""The one place a person proven by something other than the password form becomes a
dashboard session: ``complete_sign_in``.

A provider's callback (admin/web/oidc_pages.py) calls it once the provider proved who
signed in and admin/accounts/identities.py said which account that is. It ends the
browser's previous session, if any, and starts a new one (a new id at every sign-in,
as the password form does), then sends the browser where the sign-in was headed (an
unconfirmed account: to ``/confirm``).

The second factor is asked here, between the proof and the session: this hands the
sign-in to ``finish_sign_in`` (admin/web/mfa_pages.py), which sends a person with
two-factor codes on to the second step before any session is made. Every sign-in through
a provider passes here, so no path skips the factor.
"""

from __future__ import annotations

from collections.abc import Sequence

from litestar.datastructures import Cookie
from litestar.response import Redirect

from admin.accounts.identities import Resolved
from admin.accounts.mfa import AccountMfa
from admin.web.mfa_pages import finish_sign_in
from admin.web.page import Page, safe_next


async def complete_sign_in(
    page: Page,
    account_mfa: AccountMfa,
    signed: Resolved,
    method: str,
    target: str,
    *,
    client_address: str,
    cookies: Sequence[Cookie] = (),
) -> Redirect:
    """A session for ``signed`` (proven by ``method``: "oidc", "github"), after the second
    factor when the account has one, and the redirect to ``target``."""
    return await finish_sign_in(
        page,
        account_mfa,
        user_id=signed.user_id,
        credentials_version=signed.credentials_version,
        verified=signed.verified,
        target=safe_next(target),
        client_address=client_address,
        cookies=cookies,
    )
