"""Short-lived JWT access tokens (HS256), verified without a database round trip.

Each carries, besides the usual claims, ``cv``: its account's credentials version when
it was issued. The caller compares it with the account's current one (cached like the
account's plan), so a token issued before a password change, a reset or the address's
confirmation is refused at once instead of living out its lifetime.
"""

from __future__ import annotations

import time
from typing import Any

import jwt

from admin.errors import Unauthorized

_ALGORITHM = "HS256"
_AUDIENCE = "hop-api"


class AccessTokens:
    def __init__(self, secret: str, issuer: str, ttl_seconds: int) -> None:
        self._secret = secret
        self._issuer = issuer
        self.ttl_seconds = ttl_seconds

    def issue(
        self,
        user_id: str,
        scopes: list[str],
        token_id: str,
        credentials_version: int,
        *,
        workspace_id: str,
        role: str,
    ) -> str:
        """``ws`` names the workspace the token acts in and ``role`` the member's role when
        it was issued; the role in force is read again on every request."""
        now = int(time.time())
        claims = {
            "iss": self._issuer,
            "aud": _AUDIENCE,
            "sub": user_id,
            "iat": now,
            "exp": now + self.ttl_seconds,
            "jti": token_id,
            "env": "live",
            "scope": " ".join(scopes),
            "typ": "access",
            "cv": credentials_version,
            "ws": workspace_id,
            "role": role,
        }
        return jwt.encode(claims, self._secret, algorithm=_ALGORITHM)

    def verify(self, token: str) -> dict[str, Any]:
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                self._secret,
                algorithms=[_ALGORITHM],
                audience=_AUDIENCE,
                issuer=self._issuer,
                options={"require": ["exp", "sub", "iat"]},
                leeway=5,
            )
        except jwt.ExpiredSignatureError:
            raise Unauthorized("The access token has expired; refresh it.") from None
        except jwt.InvalidTokenError:
            raise Unauthorized("The bearer token is not valid.") from None
        if claims.get("typ") != "access":
            raise Unauthorized("The bearer token is not an access token.")
        # Tokens issued before the claim existed hold version 0, every account's first.
        if type(claims.setdefault("cv", 0)) is not int:
            raise Unauthorized("The bearer token is not valid.")
        # Tokens issued before workspaces act in their user's personal workspace.
        if not isinstance(claims.setdefault("ws", None), str | None):
            raise Unauthorized("The bearer token is not valid.")
        return claims
