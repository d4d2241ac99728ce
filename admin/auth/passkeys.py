"""Passkeys (WebAuthn): registering a credential and signing in with one.

The protocol is py_webauthn's (``webauthn``): it builds the options the browser's
``navigator.credentials.create/get`` takes and verifies what the authenticator answers
(the client data's type, challenge and origin, the RP id's hash, the user-present and
user-verified flags, the attestation or assertion signature, the signature counter).
What this module adds is where each piece comes from and goes:

- The relying party is the dashboard: its id is HOP_BASE_URL's host, the only origin
  accepted is HOP_BASE_URL's origin. A credential made for another site, or an answer
  a page on another origin obtained, fails verification.
- Every challenge is 32 random bytes kept in Redis for ``CHALLENGE_TTL`` seconds under
  the SHA-256 of what it is bound to, and taken (GETDEL) by the first verification,
  whatever its outcome: a registration's is bound to the dashboard session that asked
  for it, a sign-in's to a random handle in a signed cookie of the browser that asked
  (``SignInChallenge``). A replayed answer finds no challenge.
- User verification is required at registration and sign-in: a passkey sign-in proves
  possession of the authenticator and the person's PIN or biometric, which is why it
  counts as two factors (docs/security.md).
- The signature counter must grow: an assertion whose counter is not above the stored
  one (unless both are 0: authenticators that keep no counter) is refused as a possible
  clone, and the counter stored only moves forward.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import secrets
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import msgspec
from redis.asyncio import Redis
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    parse_authentication_credential_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AttestationConveyancePreference,
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from admin.auth import passkeys_repository as repo
from admin.auth.service import SignIn
from admin.db import Connection, Database
from admin.errors import BadRequest, ServiceUnavailable, Unauthorized
from common.ids import new_id
from common.keys import passkey_challenge_key
from common.redis_store import RedisUnavailable, redis_outage

# The authenticator's answer as the browser's toJSON() gives it (or that JSON as text).
Credential = str | dict[str, Any]
CHALLENGE_TTL = 300  # seconds: the browser's prompt times out before (TIMEOUT_MS)
TIMEOUT_MS = 120_000
RP_NAME = "Hop"
_TRANSPORTS = {transport.value for transport in AuthenticatorTransport}
# What a malformed or forged answer makes py_webauthn (and its CBOR and key parsers) raise.
_BAD_ANSWER = (WebAuthnException, ValueError, KeyError, TypeError, IndexError)


class PasskeyRefused(BadRequest):
    """An answer from the authenticator that does not verify: unknown credential, wrong
    origin or RP, a spent or missing challenge, a bad signature, a counter gone back."""

    slug = "passkey-refused"


class SignInRefused(Unauthorized):
    slug = "passkey-refused"


class Registered(msgspec.Struct, frozen=True):
    """A verified new credential, to be stored for ``user_id``."""

    user_id: str
    credential_id: bytes
    public_key: bytes
    sign_count: int
    transports: list[str]


def relying_party(base_url: str) -> tuple[str, str]:
    """The RP id (HOP_BASE_URL's host) and the one origin accepted (its origin)."""
    parts = urlsplit(base_url)
    if not parts.hostname:
        raise ValueError(f"no host in {base_url!r}")
    return parts.hostname, f"{parts.scheme}://{parts.netloc}".lower()


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@contextlib.contextmanager
def _store_reachable() -> Iterator[None]:
    try:
        with redis_outage():
            yield
    except RedisUnavailable as exc:
        error = ServiceUnavailable("Passkeys are unavailable for a moment; retry shortly.")
        error.headers["Retry-After"] = "5"
        raise error from exc


class SignInChallenge:
    """The signed cookie that binds a sign-in's challenge to the browser that asked for
    it: a random handle and its HMAC under the server's key. Redis keeps the challenge
    under the handle's SHA-256 only."""

    def __init__(self, server_key: bytes) -> None:
        self._key = hashlib.sha256(b"hop passkey sign-in v1\x00" + server_key).digest()

    def _mac(self, handle: str) -> str:
        return _b64(hmac.digest(self._key, handle.encode(), "sha256"))

    def new(self) -> tuple[str, str]:
        """A new handle and the cookie value that carries it."""
        handle = secrets.token_urlsafe(32)
        return handle, f"{handle}.{self._mac(handle)}"

    def handle(self, cookie: str | None) -> str | None:
        """The handle in a cookie this server signed (None: missing or forged)."""
        if not cookie or len(cookie) > 200:
            return None
        handle, _, mac = cookie.partition(".")
        if not handle or not hmac.compare_digest(mac.encode(), self._mac(handle).encode()):
            return None
        return handle


class Passkeys:
    def __init__(self, db: Database, redis: Redis, base_url: str, server_key: bytes) -> None:
        self.db = db
        self.redis = redis
        self.rp_id, self.origin = relying_party(base_url)
        self.cookie = SignInChallenge(server_key)

    # -- challenges ---------------------------------------------------------------------

    async def _keep(self, purpose: str, binding: str, value: dict[str, str]) -> None:
        with _store_reachable():
            await self.redis.set(
                passkey_challenge_key(purpose, _digest(binding)),
                json.dumps(value),
                ex=CHALLENGE_TTL,
            )

    async def _take(self, purpose: str, binding: str) -> dict[str, str] | None:
        """The challenge kept for ``binding``, removed: it verifies one answer at most."""
        with _store_reachable():
            raw = await self.redis.getdel(passkey_challenge_key(purpose, _digest(binding)))
        if raw is None:
            return None
        value: dict[str, str] = json.loads(raw)
        return value

    # -- registration -------------------------------------------------------------------

    async def registration_options(self, user_id: str, email: str, session_id: str) -> str:
        """The options for ``navigator.credentials.create`` (JSON), their challenge kept
        for the dashboard session ``session_id``. A discoverable credential (sign-in with
        no e-mail typed), user verification required; the person's passkeys excluded (an
        authenticator holds one per account)."""
        async with self.db.connection() as conn:
            known = await repo.credential_ids_of(conn, user_id)
        options = generate_registration_options(
            rp_id=self.rp_id,
            rp_name=RP_NAME,
            user_id=user_id.encode(),
            user_name=email,
            user_display_name=email,
            timeout=TIMEOUT_MS,
            attestation=AttestationConveyancePreference.NONE,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.REQUIRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(
                    id=credential.credential_id,
                    transports=[
                        AuthenticatorTransport(t) for t in credential.transports if t in _TRANSPORTS
                    ],
                )
                for credential in known
            ],
        )
        challenge = _b64(options.challenge)
        await self._keep("register", session_id, {"challenge": challenge, "user": user_id})
        return options_to_json(options)

    async def verify_registration(
        self, user_id: str, session_id: str, credential: Credential
    ) -> Registered:
        """The credential the authenticator made, verified against the challenge this
        session was given (spent now, whatever the outcome)."""
        kept = await self._take("register", session_id)
        if kept is None or kept.get("user") != user_id:
            raise PasskeyRefused(
                "This passkey request has expired or was already used; start again."
            )
        try:
            parsed = parse_registration_credential_json(credential)
            verified = verify_registration_response(
                credential=parsed,
                expected_challenge=_unb64(kept["challenge"]),
                expected_rp_id=self.rp_id,
                expected_origin=self.origin,
                require_user_verification=True,
            )
        except _BAD_ANSWER as exc:
            raise PasskeyRefused(f"The passkey could not be verified: {_reason(exc)}") from exc
        transports = [
            str(getattr(t, "value", t))
            for t in (parsed.response.transports or [])
            if str(getattr(t, "value", t)) in _TRANSPORTS
        ]
        return Registered(
            user_id=user_id,
            credential_id=verified.credential_id,
            public_key=verified.credential_public_key,
            sign_count=verified.sign_count,
            transports=transports,
        )

    # -- sign-in ------------------------------------------------------------------------

    async def sign_in_options(self) -> tuple[str, str]:
        """The options for ``navigator.credentials.get`` (JSON) with no credential named
        (the authenticator offers the discoverable ones it holds for this site), and the
        cookie value that binds their challenge to this browser."""
        options = generate_authentication_options(
            rp_id=self.rp_id,
            timeout=TIMEOUT_MS,
            user_verification=UserVerificationRequirement.REQUIRED,
        )
        handle, cookie = self.cookie.new()
        await self._keep("sign-in", handle, {"challenge": _b64(options.challenge)})
        return options_to_json(options), cookie

    async def sign_in(self, cookie: str | None, credential: Credential) -> SignIn:
        """Who signs in with this assertion: verified against the challenge the cookie's
        browser was given (spent now), the credential's stored key and counter (raised
        here, in the same transaction that read it)."""
        handle = self.cookie.handle(cookie)
        kept = await self._take("sign-in", handle) if handle else None
        if kept is None:
            raise SignInRefused(
                "This passkey sign-in has expired or was already used; start again."
            )
        try:
            parsed = parse_authentication_credential_json(credential)
        except _BAD_ANSWER as exc:
            raise PasskeyRefused(f"The passkey answer is malformed: {_reason(exc)}") from exc
        async with self.db.transaction() as conn:
            stored = await repo.passkey_for_sign_in(conn, parsed.raw_id)
            if stored is None:
                raise SignInRefused(
                    "This passkey is not registered here (removed, or another site's)."
                )
            try:
                verified = verify_authentication_response(
                    credential=parsed,
                    expected_challenge=_unb64(kept["challenge"]),
                    expected_rp_id=self.rp_id,
                    expected_origin=self.origin,
                    credential_public_key=stored.public_key,
                    credential_current_sign_count=stored.sign_count,
                    require_user_verification=True,
                )
            except _BAD_ANSWER as exc:
                raise SignInRefused(f"The passkey could not be verified: {_reason(exc)}") from exc
            await repo.passkey_used(
                conn, stored.id, max(verified.new_sign_count, stored.sign_count)
            )
        return SignIn(stored.user_id, stored.verified, stored.credentials_version)


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _reason(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text[:200]


# -- rows the accounts domain runs (its passkey service: names, removal, audit, mail) ----


async def list_passkeys(conn: Connection, user_id: str) -> list[repo.PasskeyRow]:
    return await repo.passkeys_of(conn, user_id)


async def store_passkey(
    conn: Connection, registered: Registered, name: str
) -> repo.PasskeyRow | None:
    """Store a verified credential under ``name``; None: its credential id is registered
    already."""
    return await repo.insert_passkey(
        conn,
        repo.NewPasskey(
            id=new_id("pk"),
            user_id=registered.user_id,
            credential_id=registered.credential_id,
            public_key=registered.public_key,
            sign_count=registered.sign_count,
            transports=registered.transports,
            name=name,
        ),
    )


async def rename_passkey(
    conn: Connection, user_id: str, passkey_id: str, name: str
) -> repo.PasskeyRow | None:
    return await repo.rename_passkey(conn, user_id, passkey_id, name)


async def remove_passkey(conn: Connection, user_id: str, passkey_id: str) -> repo.PasskeyRow | None:
    return await repo.delete_passkey(conn, user_id, passkey_id)


async def passkey_owner(conn: Connection, user_id: str) -> repo.PasskeyOwner | None:
    return await repo.passkey_owner(conn, user_id)


PasskeyRow = repo.PasskeyRow
PasskeyOwner = repo.PasskeyOwner
