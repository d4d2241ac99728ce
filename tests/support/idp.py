"""A real OpenID Connect provider on loopback for the single sign-on tests:
``oidc-provider-mock`` (a Flask app built on Authlib's server side) served by werkzeug on
a thread, with two handles a test needs and the package does not offer:

- ``rotate()``: the provider signs with a new key from now on (and publishes it), as a
  provider rotating its keys does;
- ``publish_instead``: the key set ``/jwks`` serves instead of the provider's own, for
  an ID token "signed by another key" (the signature must not verify).

People sign in by the provider's own form (``authorize``: POST ``sub`` to the
authorization URL), their claims set by its ``PUT /users/<sub>``.
"""

from __future__ import annotations

import json
import logging
import threading
import warnings
from collections.abc import Callable, Iterable
from typing import Any

# Its import puts an "always" filter first for its own warnings: imported before the
# filter below, which then comes first.
import authlib.deprecate  # type: ignore[import-untyped]  # noqa: F401
import flask
import httpx
import werkzeug.serving

with warnings.catch_warnings():
    # It imports authlib.jose, which Authlib now marks deprecated (for joserfc).
    warnings.simplefilter("ignore")
    import oidc_provider_mock  # type: ignore[import-untyped]
    from authlib.jose import RSAKey  # type: ignore[import-untyped]

logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Idp:
    def __init__(self) -> None:
        self.app = oidc_provider_mock.app()
        self._storage: Any = None
        self.publish_instead: dict[str, Any] | None = None

        def keep_storage() -> None:  # runs after the provider's own, which sets it
            self._storage = flask.g.oidc_provider_mock_storage

        self.app.before_request(keep_storage)

        self.server = werkzeug.serving.make_server("localhost", 0, self._wsgi, threaded=True)
        self.issuer = f"http://localhost:{self.server.server_port}"
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,))
        self._thread.start()
        self.http = httpx.Client(base_url=self.issuer, timeout=10, follow_redirects=False)
        # One request so the storage is known.
        assert self.http.get("/.well-known/openid-configuration").status_code == 200

    def _wsgi(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == "/jwks" and self.publish_instead is not None:
            body = json.dumps(self.publish_instead).encode()
            start_response("200 OK", [("Content-Type", "application/json")])
            return [body]
        app: WsgiApp = self.app.wsgi_app
        return app(environ, start_response)

    @property
    def kid(self) -> str:
        return str(self._storage.jwk.as_dict()["kid"])

    def rotate(self) -> None:
        self._storage.jwk = RSAKey.generate_key(is_private=True)

    def forged_key_set(self) -> dict[str, Any]:
        """A key set holding another key under the provider's current key id."""
        forged = RSAKey.generate_key(is_private=True).as_dict()
        public = {name: forged[name] for name in ("kty", "n", "e")}
        return {"keys": [{**public, "kid": self.kid, "alg": "RS256", "use": "sig"}]}

    def set_user(self, sub: str, **claims: Any) -> None:
        assert self.http.put(f"/users/{sub}", json=claims).status_code == 204

    def authorize(self, url: str, sub: str) -> str:
        """Sign ``sub`` in at the authorization URL Hop sent the browser to; where the
        provider sends the browser back (Hop's callback with its code and state)."""
        answer = self.http.post(url, data={"sub": sub})
        assert answer.status_code == 302, answer.text[:500]
        return answer.headers["location"]

    def close(self) -> None:
        self.http.close()
        self.server.shutdown()
        self._thread.join()
        self.server.server_close()
