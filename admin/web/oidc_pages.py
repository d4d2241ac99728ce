"""Signing in through the install's OpenID Connect provider and GitHub, and unlinking an
identity from the account page (docs/dashboard.md#signing-in-through-a-provider).

``GET /login/oidc`` and ``GET /login/github`` start a flow (admin/auth/oidc.py: state,
nonce and PKCE kept in Redis, bound to this browser by a cookie) and send the browser
to the provider; the provider sends it back to ``.../callback``, which spends the flow,
lets the provider prove who signed in, asks admin/accounts/identities.py which account
that is (linking or making it by its rules), and hands it to ``complete_sign_in``
(admin/web/sign_in.py), the one place a proven person becomes a session. Every refusal
is an error page naming why (400 for a flow that is not this browser's or not ours, 403
for an address the provider does not vouch for or a closed sign-up, 502 for a provider
that cannot be reached), and nothing is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

import httpx
from litestar import Request, get, post
from litestar.params import Parameter, QueryParameter
from litestar.response import Redirect

from admin.accounts.identities import IdentityService
from admin.accounts.mfa import AccountMfa
from admin.api.cookies import to_litestar
from admin.auth.oidc import (
    Flow,
    Flows,
    GitHubClient,
    OidcClient,
    Provider,
    ProviderRefused,
    SignInNotConfigured,
    new_http_client,
)
from admin.errors import HopError
from admin.web.cookies import read_cookie
from admin.web.page import Page, safe_next
from admin.web.sign_in import complete_sign_in
from common.settings import Settings

Next = Annotated[str | None, QueryParameter(name="next", max_length=2000)]
# "state" is a name Litestar reserves for its app state: read under another.
State = Annotated[str, QueryParameter(name="state", max_length=200)]
Code = Annotated[str, Parameter(max_length=2000)]
ProviderError = Annotated[str, Parameter(max_length=200)]
IdentityId = Annotated[str, Parameter(max_length=64)]


@dataclass(frozen=True)
class SignInProviders:
    """The providers this install signs in with (None: not configured), one per process."""

    flows: Flows
    base_url: str
    oidc: OidcClient | None
    oidc_name: str
    github: GitHubClient | None
    http: httpx.AsyncClient

    def redirect_uri(self, provider: Provider) -> str:
        return f"{self.base_url}/login/{provider}/callback"

    async def aclose(self) -> None:
        await self.http.aclose()


def sign_in_options(settings: Settings) -> tuple[tuple[str, str], ...]:
    """(label, start path) of each provider configured: the sign-in page's buttons."""
    sign_in = settings.sign_in
    found: list[tuple[str, str]] = []
    if sign_in.oidc_issuer and sign_in.oidc_client_id and sign_in.oidc_client_secret:
        found.append((f"Sign in with {sign_in.oidc_name}", "/login/oidc"))
    if sign_in.github_client_id and sign_in.github_client_secret:
        found.append(("Sign in with GitHub", "/login/github"))
    return tuple(found)


def build_providers(settings: Settings, redis: Any, server_key: bytes) -> SignInProviders:
    sign_in = settings.sign_in
    http = new_http_client()
    oidc = None
    if sign_in.oidc_issuer and sign_in.oidc_client_id and sign_in.oidc_client_secret:
        oidc = OidcClient(
            http, sign_in.oidc_issuer, sign_in.oidc_client_id, sign_in.oidc_client_secret
        )
    github = None
    if sign_in.github_client_id and sign_in.github_client_secret:
        github = GitHubClient(
            http,
            sign_in.github_client_id,
            sign_in.github_client_secret,
            web_url=sign_in.github_web_url,
            api_url=sign_in.github_api_url,
        )
    return SignInProviders(
        flows=Flows(redis, server_key, settings.base_url),
        base_url=settings.base_url,
        oidc=oidc,
        oidc_name=sign_in.oidc_name,
        github=github,
        http=http,
    )


def _oidc(providers: SignInProviders) -> OidcClient:
    if providers.oidc is None:
        raise SignInNotConfigured(providers.oidc_name)
    return providers.oidc


def _github(providers: SignInProviders) -> GitHubClient:
    if providers.github is None:
        raise SignInNotConfigured("GitHub")
    return providers.github


@get("/login/oidc")
async def oidc_start(
    page: Page, sign_in_providers: SignInProviders, target: Next = None
) -> Redirect:
    client = _oidc(sign_in_providers)
    state, flow, cookie = await sign_in_providers.flows.start("oidc", safe_next(target))
    url = await client.authorize_url(sign_in_providers.redirect_uri("oidc"), state, flow)
    return Redirect(url, status_code=303, cookies=[to_litestar(cookie)])


@get("/login/github")
async def github_start(
    page: Page, sign_in_providers: SignInProviders, target: Next = None
) -> Redirect:
    client = _github(sign_in_providers)
    state, flow, cookie = await sign_in_providers.flows.start("github", safe_next(target))
    url = client.authorize_url(sign_in_providers.redirect_uri("github"), state, flow)
    return Redirect(url, status_code=303, cookies=[to_litestar(cookie)])


async def _spend(
    request: Request[Any, Any, Any],
    providers: SignInProviders,
    provider: Provider,
    state: str,
    error: str,
) -> Flow:
    """The flow the callback ends (spent whatever follows), or a refusal."""
    cookie = read_cookie(request.scope, providers.flows.cookie_name)
    flow = await providers.flows.finish(provider, state, cookie)
    if error:
        raise ProviderRefused(
            f"The provider did not sign you in ({error}): start again from the sign-in page."
        )
    return flow


async def _finish(
    request: Request[Any, Any, Any],
    page: Page,
    providers: SignInProviders,
    identities: IdentityService,
    account_mfa: AccountMfa,
    client_address: str,
    provider: Literal["oidc", "github"],
    flow_state: str,
    code: str,
    error: str,
) -> Redirect:
    """A provider's return: spend the flow, let the provider prove who it is, find or make
    the account, then the second factor and the session (``complete_sign_in``)."""
    client = _oidc(providers) if provider == "oidc" else _github(providers)
    flow = await _spend(
        request, providers, provider, flow_state, error or ("" if code else "no code")
    )
    proven = await client.finish(code, providers.redirect_uri(provider), flow)
    resolved = await identities.resolve(
        proven.provider, proven.subject, proven.email, proven.email_verified
    )
    return await complete_sign_in(
        page,
        account_mfa,
        resolved,
        provider,
        flow.next,
        client_address=client_address,
        cookies=[to_litestar(providers.flows.clear_cookie())],
    )


@get("/login/oidc/callback")
async def oidc_callback(
    request: Request[Any, Any, Any],
    page: Page,
    sign_in_providers: SignInProviders,
    identities: IdentityService,
    account_mfa: AccountMfa,
    client_address: str,
    flow_state: State = "",
    code: Code = "",
    error: ProviderError = "",
) -> Redirect:
    return await _finish(
        request, page, sign_in_providers, identities, account_mfa, client_address,
        "oidc", flow_state, code, error,
    )  # fmt: skip


@get("/login/github/callback")
async def github_callback(
    request: Request[Any, Any, Any],
    page: Page,
    sign_in_providers: SignInProviders,
    identities: IdentityService,
    account_mfa: AccountMfa,
    client_address: str,
    flow_state: State = "",
    code: Code = "",
    error: ProviderError = "",
) -> Redirect:
    return await _finish(
        request, page, sign_in_providers, identities, account_mfa, client_address,
        "github", flow_state, code, error,
    )  # fmt: skip


@post("/account/identities/{identity_id:str}/unlink", opt={"login": True})
async def unlink_identity(
    page: Page, identities: IdentityService, identity_id: IdentityId
) -> Redirect:
    try:
        await identities.unlink(page.user_id, identity_id)
    except HopError as exc:
        if exc.status >= 500:
            raise
        await page.flash("error", exc.detail)
        return page.redirect("/account")
    await page.flash("success", "The identity is unlinked: it no longer signs you in.")
    return page.redirect("/account")


ROUTES = [oidc_start, github_start, oidc_callback, github_callback, unlink_identity]
