"""Signing in through another provider: an OpenID Connect client for any issuer, and
GitHub's OAuth 2 (docs/security.md#sign-in-through-a-provider).

What is proven, and how:

- **The flow is the browser's that started it.** A start makes a random ``state``, a
  ``nonce`` and a PKCE verifier (S256), and keeps them in Redis under the SHA-256 of
  the state for ``FLOW_TTL`` seconds with an HMAC of a random secret that goes to the
  starting browser in an ``HttpOnly`` ``SameSite=Lax`` cookie (``__Host-`` prefixed
  under https, like the store installs' cookie, admin/integrations/state.py). The
  callback takes the flow with ``GETDEL``: a state works once (a replay, a forged or an
  expired state finds nothing), and only with the cookie whose secret it names.
- **The ID token is the provider's, for us, for this flow.** Its signature is checked
  against the provider's published keys (JWKS, found by discovery); a key id we do not
  hold makes one fresh fetch of the keys (the provider rotated), and still unknown it is
  refused. ``iss`` must be the configured issuer, ``aud`` hold our client id (and
  ``azp`` be ours when there are several), ``exp`` in the future, ``iat`` present, and
  ``nonce`` the flow's. Authlib's joserfc does the JOSE work: no hand-written JWT code.
- **An address counts only when the provider says it is verified**: ``email_verified``
  in the ID token or userinfo (OIDC), the primary address marked ``verified`` by
  ``/user/emails`` (GitHub). What an account may do with it is admin/accounts/identities.py's.

Every call to a provider goes through one ``httpx.AsyncClient`` with timeouts and no
redirects. The outbound policy that guards webhook deliveries (admin/outbound) does not
apply: the provider is the operator's choice (HOP_OIDC_ISSUER, HOP_GITHUB_*), not a
customer's, and a loopback issuer is how tests and development run.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import secrets
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlencode

import httpx
import msgspec
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from joserfc.jws import extract_compact
from redis.asyncio import Redis

from admin.api.cookies import SetCookie
from admin.errors import BadGateway, BadRequest, NotFound, ServiceUnavailable
from common.keys import sign_in_flow_key
from common.redis_store import RedisUnavailable, redis_outage

Provider = Literal["oidc", "github"]
FLOW_TTL = 600  # seconds between a start and its callback
TIMEOUT = httpx.Timeout(10.0, connect=5.0)
DISCOVERY_TTL = 3600.0  # seconds discovery metadata is reused
LEEWAY = 60  # seconds of clock skew allowed on exp / iat
_MAX_STATE = 128
_MAX_COOKIE = 128
_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "EdDSA"]


# --- refusals (each a 4xx page: never a 500 for what a browser or a provider sends)


class SignInNotConfigured(NotFound):
    slug = "sign-in-not-configured"

    def __init__(self, name: str) -> None:
        super().__init__(f"Sign-in with {name} is not configured on this server.")


class SignInStateInvalid(BadRequest):
    slug = "sign-in-state-invalid"

    def __init__(self) -> None:
        super().__init__(
            "This sign-in is unknown, was used already or has expired: start again from "
            "the sign-in page."
        )


class SignInOtherBrowser(BadRequest):
    slug = "sign-in-other-browser"

    def __init__(self) -> None:
        super().__init__(
            "This sign-in was not started in this browser (its sign-in cookie is missing or "
            "belongs to another sign-in): start again from the sign-in page here."
        )


class ProviderRefused(BadRequest):
    """The provider said no (the person denied, a code it does not know), or answered
    what it must not (an ID token that fails a check)."""

    slug = "sign-in-refused"


class ProviderUnavailable(BadGateway):
    slug = "sign-in-provider-unavailable"


def _id_token_refused(reason: str) -> ProviderRefused:
    return ProviderRefused(f"The provider's ID token was refused: {reason}. Nothing was changed.")


# --- what a finished flow proves


class ProvenIdentity(msgspec.Struct, frozen=True, kw_only=True):
    """Who the provider says signed in: its stable id for them, and an address with
    whether the provider asserts it verified."""

    provider: Provider
    subject: str
    email: str | None
    email_verified: bool


class Flow(msgspec.Struct, frozen=True, kw_only=True):
    """A started sign-in, kept in Redis until its callback (or FLOW_TTL)."""

    provider: Provider
    nonce: str
    verifier: str  # PKCE code verifier
    browser: str  # HMAC of the starting browser's cookie secret
    next: str  # where to go once signed in


@dataclass(frozen=True)
class Started:
    """Where to send the browser, and the cookie it must keep until the callback."""

    url: str
    cookie: SetCookie


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def code_challenge(verifier: str) -> str:
    """PKCE S256 (RFC 7636)."""
    return _b64(hashlib.sha256(verifier.encode()).digest())


@contextlib.contextmanager
def _reachable() -> Iterator[None]:
    try:
        with redis_outage():
            yield
    except RedisUnavailable as exc:
        error = ServiceUnavailable("Sign-in is unavailable for a moment; retry shortly.")
        error.headers["Retry-After"] = "5"
        raise error from exc


class Flows:
    """Started sign-ins: their single-use state in Redis, and the browser cookie each is
    bound to."""

    def __init__(self, redis: Redis, server_key: bytes, base_url: str) -> None:
        self.redis = redis
        self._key = hashlib.sha256(b"hop sign-in browser v1\x00" + server_key).digest()
        self.secure = base_url.startswith("https://")
        self.cookie_name = ("__Host-" if self.secure else "") + "hop_signin"

    def _browser(self, secret: str) -> str:
        return _b64(hmac.digest(self._key, secret.encode(), "sha256"))

    def _cookie(self, value: str, max_age: int) -> SetCookie:
        return SetCookie(
            key=self.cookie_name,
            value=value,
            max_age=max_age,
            path="/",
            secure=self.secure,
            httponly=True,
            samesite="lax",  # the provider's top-level redirect back still carries it
        )

    def clear_cookie(self) -> SetCookie:
        return self._cookie("", 0)

    async def start(self, provider: Provider, target: str) -> tuple[str, Flow, SetCookie]:
        """A new flow: its state (for the provider), what the callback needs, the cookie."""
        state, secret = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        flow = Flow(
            provider=provider,
            nonce=secrets.token_urlsafe(32),
            verifier=secrets.token_urlsafe(48),
            browser=self._browser(secret),
            next=target,
        )
        key = sign_in_flow_key(hashlib.sha256(state.encode()).hexdigest())
        with _reachable():
            await self.redis.set(key, msgspec.json.encode(flow), ex=FLOW_TTL, nx=True)
        return state, flow, self._cookie(secret, FLOW_TTL)

    async def finish(self, provider: Provider, state: str, cookie: str | None) -> Flow:
        """The flow ``state`` names, spent (GETDEL: a second use finds nothing), if this
        browser started it for ``provider``."""
        if not state or len(state) > _MAX_STATE:
            raise SignInStateInvalid
        key = sign_in_flow_key(hashlib.sha256(state.encode()).hexdigest())
        with _reachable():
            raw = await self.redis.getdel(key)
        if raw is None:
            raise SignInStateInvalid
        try:
            flow = msgspec.json.decode(raw, type=Flow)
        except msgspec.DecodeError:
            raise SignInStateInvalid from None
        if flow.provider != provider:
            raise SignInStateInvalid
        if not cookie or len(cookie) > _MAX_COOKIE:
            raise SignInOtherBrowser
        if not hmac.compare_digest(self._browser(cookie).encode(), flow.browser.encode()):
            raise SignInOtherBrowser
        return flow


# --- the providers


async def _json(response_call: Any, what: str) -> tuple[int, Any]:
    """The JSON of an awaited httpx call; the provider unreachable or answering
    nonsense is a 502 naming ``what``."""
    try:
        response: httpx.Response = await response_call
    except httpx.HTTPError as exc:
        raise ProviderUnavailable(f"The sign-in provider's {what} did not answer.") from exc
    try:
        body = response.json()
    except ValueError:
        body = None
    return response.status_code, body


class OidcClient:
    """One OpenID Connect provider: discovery, the authorization request, the code
    exchange and the ID token's checks. Reusable for any issuer (a workspace's own
    connection too)."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        issuer: str,
        client_id: str,
        client_secret: str,
        *,
        scopes: str = "openid email profile",
    ) -> None:
        self.http = http
        self.issuer = issuer.rstrip("/")
        self.client_id = client_id
        self.client_secret = client_secret
        self.scopes = scopes
        self._metadata: dict[str, Any] | None = None
        self._metadata_at = 0.0
        self._keys: KeySet | None = None
        self._lock = asyncio.Lock()

    async def metadata(self) -> dict[str, Any]:
        """The provider's discovery document (cached DISCOVERY_TTL seconds); its
        ``issuer`` must be the configured one (OIDC Discovery 1.0, section 4.3)."""
        if self._metadata is not None and time.monotonic() - self._metadata_at < DISCOVERY_TTL:
            return self._metadata
        url = f"{self.issuer}/.well-known/openid-configuration"
        status, body = await _json(self.http.get(url), "discovery document")
        if status != 200 or not isinstance(body, dict):
            raise ProviderUnavailable(
                f"The sign-in provider's discovery document answered {status}."
            )
        if str(body.get("issuer", "")).rstrip("/") != self.issuer:
            raise ProviderUnavailable(
                "The sign-in provider's discovery document names another issuer."
            )
        for field in ("authorization_endpoint", "token_endpoint", "jwks_uri"):
            if not isinstance(body.get(field), str):
                raise ProviderUnavailable(f"The sign-in provider's discovery lacks {field}.")
        self._metadata, self._metadata_at = body, time.monotonic()
        return body

    async def authorize_url(self, redirect_uri: str, state: str, flow: Flow) -> str:
        meta = await self.metadata()
        query = {
            "response_type": "code",
            "client_id": self.client_id,
            "redirect_uri": redirect_uri,
            "scope": self.scopes,
            "state": state,
            "nonce": flow.nonce,
            "code_challenge": code_challenge(flow.verifier),
            "code_challenge_method": "S256",
        }
        endpoint: str = meta["authorization_endpoint"]
        return f"{endpoint}{'&' if '?' in endpoint else '?'}{urlencode(query)}"

    async def _fetch_keys(self) -> KeySet:
        meta = await self.metadata()
        status, body = await _json(self.http.get(meta["jwks_uri"]), "keys (JWKS)")
        if status != 200 or not isinstance(body, dict):
            raise ProviderUnavailable(f"The sign-in provider's keys (JWKS) answered {status}.")
        try:
            keys = KeySet.import_key_set(body)  # type: ignore[arg-type]
        except (JoseError, ValueError, TypeError, KeyError) as exc:
            raise ProviderUnavailable("The sign-in provider's keys (JWKS) are malformed.") from exc
        self._keys = keys
        return keys

    async def _verified(self, id_token: str, kid: str | None) -> jwt.Token:
        """The token, its signature verified by the provider's key ``kid`` (no ``kid``:
        by whichever of its keys verifies it, as OIDC allows a lone key to go unnamed).
        A key we do not hold makes one fresh fetch of the keys (the provider rotated
        them): at most one per ID token, and the token comes from the provider's own
        token endpoint, never from the browser."""
        async with self._lock:  # one fetch at a time, shared by concurrent sign-ins
            keys = self._keys or await self._fetch_keys()
            token = _verify(id_token, keys, kid)
            if token is None:
                keys = await self._fetch_keys()
        if token is None:
            token = _verify(id_token, keys, kid)
        if token is None:
            if kid is not None and not _holds(keys, kid):
                raise _id_token_refused("it is signed with a key the provider does not publish")
            raise _id_token_refused("its signature does not verify")
        return token

    async def finish(self, code: str, redirect_uri: str, flow: Flow) -> ProvenIdentity:
        """Exchange ``code`` (with the flow's PKCE verifier), check the ID token, and
        read the address (userinfo when the ID token lacks it)."""
        meta = await self.metadata()
        data = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": redirect_uri,
            "code_verifier": flow.verifier,
        }
        auth = httpx.BasicAuth(self.client_id, self.client_secret)
        call = self.http.post(
            meta["token_endpoint"], data=data, auth=auth, headers={"Accept": "application/json"}
        )
        status, body = await _json(call, "token endpoint")
        if status != 200 or not isinstance(body, dict):
            error = body.get("error") if isinstance(body, dict) else None
            raise ProviderRefused(
                f"The provider refused the sign-in code ({error or status}): start again."
            )
        id_token = body.get("id_token")
        if not isinstance(id_token, str):
            raise _id_token_refused("the provider sent none")
        claims = await self.verify_id_token(id_token, flow.nonce)
        email, verified = claims.get("email"), claims.get("email_verified")
        access_token = body.get("access_token")
        if (email is None or verified is None) and isinstance(access_token, str):
            info = await self._userinfo(meta, access_token, str(claims["sub"]))
            email = info.get("email", email)
            verified = info.get("email_verified", verified)
        return ProvenIdentity(
            provider="oidc",
            subject=str(claims["sub"]),
            email=email if isinstance(email, str) and email else None,
            email_verified=verified is True or verified == "true",
        )

    async def verify_id_token(self, id_token: str, nonce: str) -> dict[str, Any]:
        """The ID token's claims once its signature, ``iss``, ``aud``/``azp``, ``exp``,
        ``iat`` and ``nonce`` are right; else ProviderRefused."""
        try:
            header = extract_compact(id_token.encode()).headers()
        except (JoseError, ValueError, TypeError):
            raise _id_token_refused("it is not a signed JWT") from None
        kid = header.get("kid")
        token = await self._verified(id_token, kid if isinstance(kid, str) else None)
        registry = jwt.JWTClaimsRegistry(
            leeway=LEEWAY,
            iss={"essential": True, "value": self.issuer},
            sub={"essential": True},
            aud={"essential": True, "value": self.client_id},
            exp={"essential": True},
            iat={"essential": True},
            nonce={"essential": True, "value": nonce},
        )
        try:
            registry.validate(token.claims)
        except JoseError as exc:
            raise _id_token_refused(_claim_problem(exc)) from None
        claims = dict(token.claims)
        audience = claims["aud"]
        if isinstance(audience, list) and len(audience) > 1 and claims.get("azp") != self.client_id:
            raise _id_token_refused("it was issued to another client (azp)")
        return claims

    async def _userinfo(self, meta: Mapping[str, Any], access_token: str, sub: str) -> Any:
        endpoint = meta.get("userinfo_endpoint")
        if not isinstance(endpoint, str):
            return {}
        headers = {"Authorization": f"Bearer {access_token}", "Accept": "application/json"}
        status, body = await _json(self.http.get(endpoint, headers=headers), "userinfo")
        if status != 200 or not isinstance(body, dict):
            raise ProviderUnavailable(f"The sign-in provider's userinfo answered {status}.")
        if body.get("sub") != sub:  # OIDC Core 5.3.2: else the answer is not about them
            raise _id_token_refused("userinfo speaks of another subject")
        return body


def _holds(keys: KeySet, kid: str) -> bool:
    return any(key.kid == kid for key in keys.keys)


def _verify(id_token: str, keys: KeySet, kid: str | None) -> jwt.Token | None:
    """The decoded token if a key of ``keys`` (the one named ``kid``, when named)
    verifies its signature, else None; a malformed token is refused."""
    candidates = [key for key in keys.keys if kid is None or key.kid == kid]
    for key in candidates:
        try:
            return jwt.decode(id_token, key, algorithms=_ALGORITHMS)
        except JoseError:
            continue
        except (ValueError, TypeError):
            raise _id_token_refused("it is malformed") from None
    return None


def _claim_problem(exc: JoseError) -> str:
    text = str(exc)
    for claim, said in (
        ("nonce", "its nonce is not this sign-in's"),
        ("aud", "it was issued to another client (aud)"),
        ("iss", "it was issued by another provider (iss)"),
        ("exp", "it has expired"),
        ("iat", "it has no or a future issue time"),
        ("sub", "it names nobody (sub)"),
    ):
        if f"'{claim}'" in text or f'"{claim}"' in text:
            return said
    if "expired" in text.lower():
        return "it has expired"
    return "a claim is wrong"


class GitHubClient:
    """GitHub's OAuth 2 web flow (not OpenID Connect): the authorize page on
    ``web_url``, ``/login/oauth/access_token``, then ``/user`` and ``/user/emails`` on
    ``api_url``. PKCE (S256) is sent too: GitHub accepts it."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        client_id: str,
        client_secret: str,
        *,
        web_url: str = "https://github.com",
        api_url: str = "https://api.github.com",
    ) -> None:
        self.http = http
        self.client_id = client_id
        self.client_secret = client_secret
        self.web_url = web_url.rstrip("/")
        self.api_url = api_url.rstrip("/")

    def authorize_url(self, redirect_uri: str, state: str, flow: Flow) -> str:
        query = {
            "client_id": self.client_id,
            "redirect_uri": redirect_uri,
            "scope": "read:user user:email",
            "state": state,
            "allow_signup": "false",
            "code_challenge": code_challenge(flow.verifier),
            "code_challenge_method": "S256",
        }
        return f"{self.web_url}/login/oauth/authorize?{urlencode(query)}"

    async def finish(self, code: str, redirect_uri: str, flow: Flow) -> ProvenIdentity:
        data = {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "code": code,
            "redirect_uri": redirect_uri,
            "code_verifier": flow.verifier,
        }
        call = self.http.post(
            f"{self.web_url}/login/oauth/access_token",
            data=data,
            headers={"Accept": "application/json"},
        )
        status, body = await _json(call, "token endpoint")
        # GitHub answers a bad code 200 with {"error": ...}.
        token = body.get("access_token") if isinstance(body, dict) else None
        if status != 200 or not isinstance(token, str) or not token:
            error = body.get("error") if isinstance(body, dict) else None
            raise ProviderRefused(
                f"GitHub refused the sign-in code ({error or status}): start again."
            )
        headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        }
        status, user = await _json(self.http.get(f"{self.api_url}/user", headers=headers), "API")
        if status != 200 or not isinstance(user, dict) or not isinstance(user.get("id"), int):
            raise ProviderUnavailable(f"GitHub's /user answered {status}.")
        call = self.http.get(f"{self.api_url}/user/emails", headers=headers)
        status, emails = await _json(call, "API")
        if status != 200 or not isinstance(emails, list):
            raise ProviderUnavailable(f"GitHub's /user/emails answered {status}.")
        primary = next(
            (e for e in emails if isinstance(e, dict) and e.get("primary") is True), None
        )
        email = primary.get("email") if primary else None
        return ProvenIdentity(
            provider="github",
            subject=str(user["id"]),
            email=email if isinstance(email, str) and email else None,
            email_verified=bool(primary and primary.get("verified") is True),
        )


def new_http_client() -> httpx.AsyncClient:
    """The client every provider call goes through: timeouts, no redirects followed."""
    return httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False)
