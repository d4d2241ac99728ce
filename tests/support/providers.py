"""Sign-in providers on loopback for the tests: a real OpenID Connect provider
(oidc-provider-mock, a Flask app built on Authlib's server) and a small GitHub stand-in
speaking GitHub's OAuth web flow and REST formats.

``OidcProvider`` can also misbehave the way a test needs, at the wire, in front of the
real provider: its token endpoint's ID token re-signed with claims changed (an expired
token, another audience) under a key it publishes, or under a key it never publishes
(a forger's); and it can rotate in a new signing key the JWKS only shows from then on.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import warnings
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import httpx
from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey
from werkzeug.serving import make_server

with warnings.catch_warnings():
    # It imports authlib.jose, which Authlib deprecates in favour of joserfc (ours uses joserfc).
    warnings.simplefilter("ignore")
    import oidc_provider_mock  # type: ignore[import-untyped]

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def _claims_of(id_token: str) -> dict[str, Any]:
    payload = id_token.split(".")[1]
    return dict(json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))))


class OidcProvider:
    """oidc-provider-mock on 127.0.0.1, in a thread, behind a wire-level tamperer."""

    def __init__(self) -> None:
        self._mock = oidc_provider_mock.app(require_nonce=True)
        self.extra_key = RSAKey.generate_key(2048, parameters={"kid": "extra-key"})
        self.forger_key = RSAKey.generate_key(2048, parameters={"kid": "forger-key"})
        self.publish_extra = True
        # None: the real provider's ID token as it is; else claims to change, signed by
        # ``sign_with`` ("extra": a published key; "forger": one never published).
        self.change: dict[str, Any] | None = None
        self.sign_with = "extra"
        self._server = make_server("127.0.0.1", 0, self._app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def reset(self) -> None:
        self.change, self.sign_with, self.publish_extra = None, "extra", True

    def rotate(self) -> None:
        """A new signing key, published from now on: every ID token is signed by it."""
        self.extra_key = RSAKey.generate_key(2048, parameters={"kid": secrets.token_hex(8)})
        self.change, self.sign_with, self.publish_extra = {}, "extra", True

    def set_user(self, sub: str, **claims: Any) -> None:
        answer = httpx.put(f"{self.url}/users/{quote(sub, safe='')}", json=claims)
        assert answer.status_code == 204, answer.text

    def _app(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/jwks":
            return self._jwks(environ, start_response)
        if path == "/oauth2/token" and self.change is not None:
            return self._tampered_token(environ, start_response)
        answer: Iterable[bytes] = self._mock(environ, start_response)
        return answer

    def _collect(self, environ: dict[str, Any]) -> tuple[str, list[tuple[str, str]], bytes]:
        captured: dict[str, Any] = {}

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        body = b"".join(self._mock(environ, start))
        return captured["status"], captured["headers"], body

    def _jwks(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        status, _headers, body = self._collect(environ)
        keys = json.loads(body)
        if self.publish_extra:
            keys["keys"].append(self.extra_key.as_dict(private=False))
        data = json.dumps(keys).encode()
        start_response(status, [("Content-Type", "application/json")])
        return [data]

    def _tampered_token(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        status, _headers, body = self._collect(environ)
        answer = json.loads(body)
        if "id_token" in answer:
            claims = {**_claims_of(answer["id_token"]), **(self.change or {})}
            key = self.extra_key if self.sign_with == "extra" else self.forger_key
            header = {"alg": "RS256", "kid": key.kid}
            answer["id_token"] = jwt.encode(header, claims, key)
        data = json.dumps(answer).encode()
        start_response(status, [("Content-Type", "application/json")])
        return [data]


def provider_keys(url: str) -> KeySet:
    return KeySet.import_key_set(httpx.get(f"{url}/jwks").json())


class GitHubStandIn:
    """GitHub's web flow and REST API as a test needs them, on 127.0.0.1: the authorize
    page approves at once for ``user`` (no login form), ``/login/oauth/access_token``
    answers like GitHub (200 with ``error`` for a bad code, PKCE checked), ``/user`` and
    ``/user/emails`` in GitHub's formats. The API is under ``/api`` (HOP_GITHUB_API_URL)."""

    def __init__(self, client_id: str, client_secret: str) -> None:
        self.client_id, self.client_secret = client_id, client_secret
        self.user: dict[str, Any] = {}
        self.emails: list[dict[str, Any]] = []
        self._codes: dict[str, tuple[str, str, dict[str, Any], list[dict[str, Any]]]] = {}
        self._tokens: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                if parts.path == "/login/oauth/authorize":
                    code = secrets.token_hex(10)
                    stand_in._codes[code] = (
                        query.get("redirect_uri", ""),
                        query.get("code_challenge", ""),
                        dict(stand_in.user),
                        list(stand_in.emails),
                    )
                    answer = urlencode({"code": code, "state": query.get("state", "")})
                    back = f"{query['redirect_uri']}?{answer}"
                    self.send_response(302)
                    self.send_header("Location", back)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                token = self.headers.get("Authorization", "").removeprefix("Bearer ").strip()
                found = stand_in._tokens.get(token)
                if found is None:
                    self._send(401, {"message": "Bad credentials", "status": "401"})
                elif parts.path == "/api/user":
                    self._send(200, found[0])
                elif parts.path == "/api/user/emails":
                    self._send(200, found[1])
                else:
                    self._send(404, {"message": "Not Found", "status": "404"})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                if urlsplit(self.path).path != "/login/oauth/access_token":
                    self._send(404, {"message": "Not Found"})
                    return
                if (form.get("client_id"), form.get("client_secret")) != (
                    stand_in.client_id,
                    stand_in.client_secret,
                ):
                    self._send(200, {"error": "incorrect_client_credentials"})
                    return
                entry = stand_in._codes.pop(form.get("code", ""), None)
                verifier = form.get("code_verifier", "")
                challenge = (
                    base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest())
                    .decode()
                    .rstrip("=")
                )
                if entry is None or entry[1] != challenge or entry[0] != form.get("redirect_uri"):
                    self._send(
                        200,
                        {
                            "error": "bad_verification_code",
                            "error_description": "The code passed is incorrect or expired.",
                        },
                    )
                    return
                token = "gho_" + secrets.token_hex(18)
                stand_in._tokens[token] = (entry[2], entry[3])
                self._send(
                    200,
                    {
                        "access_token": token,
                        "token_type": "bearer",
                        "scope": "read:user,user:email",
                    },
                )

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.api_url = f"{self.url}/api"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def set_user(self, user_id: int, login: str, emails: list[tuple[str, bool, bool]]) -> None:
        """The person the next authorization approves: (address, primary, verified)s."""
        self.user = {"login": login, "id": user_id, "type": "User", "name": login.title()}
        self.emails = [
            {"email": e, "primary": p, "verified": v, "visibility": "private" if p else None}
            for e, p, v in emails
        ]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
