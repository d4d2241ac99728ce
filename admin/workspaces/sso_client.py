"""An OpenID Connect client for a workspace's own provider (single sign-on).

Authorization code flow with PKCE (RFC 7636, S256), ``state`` and ``nonce``:

- ``discover``: the issuer's ``/.well-known/openid-configuration``, whose ``issuer`` must
  be the configured one exactly (OpenID Connect Discovery 1.0, section 4.3); kept in
  memory for an hour.
- ``exchange``: the code, with the PKCE verifier and the client's secret
  (``client_secret_basic``, or ``client_secret_post`` when that is all the provider
  takes), for the ID token at the token endpoint.
- ``verify``: the ID token's signature against the provider's JWKS (joserfc, which
  Authlib's JOSE layer is), fetched again once when the token names a key id the copy
  in memory lacks (the provider rotated its keys), then its claims by Authlib's
  ``CodeIDToken``: ``iss`` the issuer, ``aud`` holding the client id (``azp`` too when
  there are several), ``exp`` and ``iat``, and ``nonce`` the one this sign-in sent.

Every call to the provider goes through the guarded outbound client
(admin/outbound/client.py): the issuer is an address a workspace admin gives us, so
the outbound policy (public addresses only, unless ``HOP_WEBHOOK_NETWORKS`` lists a
network) holds for it as for webhooks; no redirect is followed.

It may later merge with the install-wide client (admin/auth/oidc.py, issue 27 point 1).
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from typing import Any
from urllib.parse import urlencode, urlsplit

import msgspec
from authlib.oauth2.rfc7636 import create_s256_code_challenge  # type: ignore[import-untyped]
from authlib.oidc.core import CodeIDToken  # type: ignore[import-untyped]
from joserfc import jws, jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet

from admin.errors import BadGateway, BadRequest
from admin.outbound.client import OutboundClient, OutboundFailed, OutboundRefused, OutboundTimeout

DISCOVERY_PATH = "/.well-known/openid-configuration"
DISCOVERY_TTL = 3600.0
# Asymmetric signatures only: a symmetric one (HS256) would be keyed by our own client
# secret, and "none" is no signature at all.
ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512"]
LEEWAY_SECONDS = 60
SCOPES = "openid email profile"


class ProviderError(BadRequest):
    """The provider's answer does not hold (a refused code, a token that fails a check)."""

    slug = "sso-failed"


class ProviderUnreachable(BadGateway):
    slug = "sso-provider-unreachable"


def is_loopback_host(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_issuer_url(url: str) -> str | None:
    """Why ``url`` cannot be an issuer (None: it can): ``https``, or ``http`` on a
    loopback address for development and tests; no user info, query or fragment."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError:
        return "must be a URL"
    if parts.scheme not in ("https", "http") or not host:
        return "must be an https URL"
    if parts.scheme == "http" and not is_loopback_host(host):
        return "must be https (http only on a loopback address)"
    if parts.username is not None or parts.password is not None or parts.query or parts.fragment:
        return "must have no user, query or fragment"
    return None


class Metadata(msgspec.Struct, frozen=True):
    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    token_endpoint_auth_methods_supported: list[str] = msgspec.field(
        default_factory=lambda: ["client_secret_basic"]
    )


class Begun(msgspec.Struct, frozen=True):
    """Where to send the browser, and what the callback must find again."""

    url: str
    state: str
    nonce: str
    verifier: str


_metadata_decoder = msgspec.json.Decoder(Metadata)


class SsoClient:
    def __init__(self, http: OutboundClient) -> None:
        self.http = http
        self._metadata: dict[str, tuple[float, Metadata]] = {}
        self._keys: dict[str, KeySet] = {}

    async def _get(self, url: str, what: str) -> bytes:
        try:
            answer = await self.http.request("GET", url, headers={"Accept": "application/json"})
        except OutboundRefused as exc:
            raise ProviderError(f"The provider's {what} ({url}) is not allowed: {exc}") from None
        except (OutboundFailed, OutboundTimeout) as exc:
            raise ProviderUnreachable(f"The provider's {what} ({url}) failed: {exc}") from None
        if answer.status != 200:
            raise ProviderError(f"The provider's {what} ({url}) answered {answer.status}.")
        return answer.body

    async def discover(self, issuer: str, *, fresh: bool = False) -> Metadata:
        """The issuer's metadata (cached an hour unless ``fresh``); ProviderError when
        the document is missing, malformed or names another issuer."""
        cached = self._metadata.get(issuer)
        if cached is not None and not fresh and time.monotonic() - cached[0] < DISCOVERY_TTL:
            return cached[1]
        body = await self._get(issuer.rstrip("/") + DISCOVERY_PATH, "discovery document")
        try:
            metadata = _metadata_decoder.decode(body)
        except msgspec.DecodeError as exc:
            raise ProviderError(f"The provider's discovery document is not usable: {exc}") from None
        if metadata.issuer != issuer:
            raise ProviderError(
                f"The discovery document names the issuer {metadata.issuer!r}, not {issuer!r}."
            )
        for endpoint in (
            metadata.authorization_endpoint,
            metadata.token_endpoint,
            metadata.jwks_uri,
        ):
            if check_issuer_url(endpoint.split("?", 1)[0]) is not None:
                raise ProviderError(f"The provider's endpoint {endpoint!r} is not https.")
        self._metadata[issuer] = (time.monotonic(), metadata)
        return metadata

    async def begin(
        self, issuer: str, client_id: str, redirect_uri: str, login_hint: str | None
    ) -> Begun:
        """The authorization request: a new state, nonce and PKCE verifier."""
        metadata = await self.discover(issuer)
        state, nonce = _random(), _random()
        verifier = _random(48)
        params = {
            "response_type": "code",
            "client_id": client_id,
            "redirect_uri": redirect_uri,
            "scope": SCOPES,
            "state": state,
            "nonce": nonce,
            "code_challenge": create_s256_code_challenge(verifier),
            "code_challenge_method": "S256",
        }
        if login_hint:
            params["login_hint"] = login_hint
        separator = "&" if "?" in metadata.authorization_endpoint else "?"
        url = f"{metadata.authorization_endpoint}{separator}{urlencode(params)}"
        return Begun(url=url, state=state, nonce=nonce, verifier=verifier)

    async def exchange(
        self,
        issuer: str,
        client_id: str,
        client_secret: str,
        *,
        code: str,
        verifier: str,
        redirect_uri: str,
    ) -> str:
        """The ID token the code is exchanged for."""
        metadata = await self.discover(issuer)
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": redirect_uri,
            "code_verifier": verifier,
        }
        methods = metadata.token_endpoint_auth_methods_supported
        auth: tuple[str, str] | None = (client_id, client_secret)
        if "client_secret_basic" not in methods and "client_secret_post" in methods:
            form |= {"client_id": client_id, "client_secret": client_secret}
            auth = None
        try:
            answer = await self.http.request(
                "POST",
                metadata.token_endpoint,
                headers={"Accept": "application/json"},
                form=form,
                auth=auth,
            )
        except OutboundRefused as exc:
            raise ProviderError(f"The provider's token endpoint is not allowed: {exc}") from None
        except (OutboundFailed, OutboundTimeout) as exc:
            raise ProviderUnreachable(f"The provider's token endpoint failed: {exc}") from None
        try:
            body: Any = msgspec.json.decode(answer.body)
        except msgspec.DecodeError:
            body = None
        if answer.status != 200 or not isinstance(body, dict):
            error = body.get("error") if isinstance(body, dict) else None
            raise ProviderError(
                f"The provider refused the sign-in's code ({answer.status}"
                f"{', ' + str(error)[:100] if error else ''}): start again."
            )
        id_token = body.get("id_token")
        if not isinstance(id_token, str):
            raise ProviderError("The provider's answer holds no ID token.")
        return id_token

    async def _fetch_keys(self, jwks_uri: str) -> KeySet:
        body = await self._get(jwks_uri, "key set")
        try:
            keys = KeySet.import_key_set(msgspec.json.decode(body))
        except (msgspec.DecodeError, JoseError, ValueError, TypeError, KeyError) as exc:
            raise ProviderError(f"The provider's key set is not usable: {exc}") from None
        self._keys[jwks_uri] = keys
        return keys

    async def _decode(self, jwks_uri: str, id_token: str, kid: str | None) -> jwt.Token:
        """The token, its signature checked against the provider's keys: the copy in
        memory first, then, when it lacks the token's key id or its key does not verify
        (a rotation, perhaps reusing the id), once more against a fresh copy."""
        keys = self._keys.get(jwks_uri)
        fresh = keys is None or (kid is not None and not _holds(keys, kid))
        if keys is None or fresh:
            keys = await self._fetch_keys(jwks_uri)
        while True:
            if kid is not None and not _holds(keys, kid):
                raise ProviderError(
                    "The ID token is signed by a key the provider does not publish."
                )
            try:
                return jwt.decode(id_token, keys, algorithms=ALGORITHMS)
            except (JoseError, ValueError) as exc:
                if fresh:
                    raise ProviderError(f"The ID token's signature does not hold: {exc}") from None
            keys, fresh = await self._fetch_keys(jwks_uri), True

    async def verify(
        self, issuer: str, client_id: str, id_token: str, nonce: str
    ) -> dict[str, Any]:
        """The ID token's claims once its signature and claims hold; ProviderError else."""
        metadata = await self.discover(issuer)
        try:
            header = jws.extract_compact(id_token.encode()).headers()
        except (JoseError, ValueError) as exc:
            raise ProviderError(f"The ID token is malformed: {exc}") from None
        kid = header.get("kid")
        token = await self._decode(
            metadata.jwks_uri, id_token, kid if isinstance(kid, str) else None
        )
        claims = CodeIDToken(
            token.claims,
            token.header,
            options={
                "iss": {"essential": True, "value": metadata.issuer},
                "aud": {"essential": True, "value": client_id},
                "nonce": {"essential": True},
            },
            params={"nonce": nonce, "client_id": client_id},
        )
        try:
            claims.validate(now=int(time.time()), leeway=LEEWAY_SECONDS)
        except (JoseError, ValueError) as exc:
            raise ProviderError(f"The ID token does not hold: {exc}") from None
        return dict(token.claims)


def _holds(keys: KeySet, kid: str) -> bool:
    return any(key.kid == kid for key in keys.keys)


def _random(size: int = 32) -> str:
    return secrets.token_urlsafe(size)
