"""Two-factor codes (TOTP, RFC 6238), recovery codes and the sign-in challenge.

- The TOTP secret (160 random bits, base32) is sealed at rest (``SecretBox.seal`` bound to
  the user's id) in ``user_totp``; enrolment starts unconfirmed and is confirmed by a first
  right code, which also makes the ten recovery codes (shown once, stored as SHA-256, each
  single use).
- A code is accepted in a window of one 30-second step either side of now, and once:
  ``user_totp.last_step`` holds the newest step accepted, and a step at or before it is
  refused, so a code seen over someone's shoulder (or replayed by a phishing proxy after
  its first use) is worth nothing.
- Wrong codes are counted per account with the sign-in throttle (admin/auth/throttle.py,
  under a key of their own): after ``HOP_LOGIN_FREE_FAILURES`` wrong codes the account's
  second step is locked out (429 with Retry-After), doubling as passwords do.
- A right password for an account with a confirmed TOTP answers 401 with ``mfaRequired``
  and an ``mfaToken`` instead of tokens: 256 random bits, kept 5 minutes in Redis under
  its SHA-256, bound to the person and the workspace asked for, spent by the first right
  code (``Challenges``). Refresh tokens keep working: the second factor is asked at sign-in.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import time
from collections.abc import Iterator
from typing import Literal

import msgspec
import pyotp
from redis.asyncio import Redis

from admin.auth import mfa_repository as repo
from admin.auth.mfa_repository import TotpRow
from admin.auth.throttle import LoginThrottle
from admin.db import Connection, Database
from admin.errors import Conflict, Forbidden, ServiceUnavailable, Unauthorized
from admin.secretbox import SecretBox
from common.clientip import client_network
from common.ids import new_id
from common.redis_store import RedisUnavailable, redis_outage

STEP_SECONDS = 30
CHALLENGE_TTL = 300  # seconds an mfaToken lives
RECOVERY_CODES = 10
ISSUER = "Hop"
_CHALLENGE_PREFIX = "hop:mfa:challenge:"
_RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz234567890"  # no 1, i, l, o: misread as others

CodeKind = Literal["totp", "recovery"]


class SecondFactorRequired(Unauthorized):
    """A right password; now the second factor (POST /v1/auth/login/mfa)."""

    slug = "mfa-challenge"

    def __init__(self, token: str) -> None:
        super().__init__(
            "The password is right; this account also needs a two-factor code: send it "
            "with the mfaToken to POST /v1/auth/login/mfa within 5 minutes."
        )
        self.token = token
        self.extensions = {"mfaRequired": True, "mfaToken": token}


class WorkspaceRequiresMfa(Forbidden):
    """A person without a second factor acting in a workspace that requires one."""

    slug = "mfa-required"

    def __init__(self, workspace_id: str) -> None:
        super().__init__(
            f"The workspace {workspace_id} requires two-factor sign-in: turn on two-factor "
            "codes (POST /v1/users/me/mfa/totp) or add a passkey first."
        )
        self.workspace_id = workspace_id
        self.extensions = {"workspaceId": workspace_id}


class WrongCode(Unauthorized):
    slug = "wrong-code"

    def __init__(self) -> None:
        super().__init__("The code is wrong, expired or already used.")


class InvalidChallenge(Unauthorized):
    slug = "invalid-mfa-token"

    def __init__(self) -> None:
        super().__init__("The mfaToken is unknown, used or expired; sign in again.")


class Challenge(msgspec.Struct, frozen=True):
    user_id: str
    workspace_id: str | None


def normalise(code: str) -> str:
    """A code as typed: spaces and hyphens dropped, lower case."""
    return "".join(code.split()).replace("-", "").lower()


def recovery_hash(code: str) -> bytes:
    return hashlib.sha256(normalise(code).encode()).digest()


def new_recovery_code() -> str:
    """10 characters of a 32-letter alphabet (50 bits) shown as xxxxx-xxxxx."""
    raw = "".join(secrets.choice(_RECOVERY_ALPHABET) for _ in range(10))
    return f"{raw[:5]}-{raw[5:]}"


def otpauth_uri(secret: str, email: str) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


class Challenges:
    """mfaTokens in Redis: bound to a person and a workspace, 5 minutes, single use."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    @staticmethod
    def _key(token: str) -> str:
        return _CHALLENGE_PREFIX + hashlib.sha256(token.encode()).hexdigest()

    async def issue(self, user_id: str, workspace_id: str | None) -> str:
        token = "mfa_" + secrets.token_urlsafe(32)
        value = msgspec.json.encode(Challenge(user_id, workspace_id))
        with _reachable():
            await self.redis.set(self._key(token), value, ex=CHALLENGE_TTL)
        return token

    async def peek(self, token: str) -> Challenge:
        if not token.startswith("mfa_") or len(token) > 128:
            raise InvalidChallenge
        with _reachable():
            raw = await self.redis.get(self._key(token))
        if raw is None:
            raise InvalidChallenge
        try:
            return msgspec.json.decode(raw, type=Challenge)
        except msgspec.DecodeError:
            raise InvalidChallenge from None

    async def spend(self, token: str) -> None:
        """Spend it; only one of two racing right answers gets through."""
        with _reachable():
            if await self.redis.delete(self._key(token)) != 1:
                raise InvalidChallenge


class _Unreachable(ServiceUnavailable):
    def __init__(self) -> None:
        super().__init__("Two-factor sign-in is unavailable for a moment; retry shortly.")
        self.headers["Retry-After"] = "5"


@contextlib.contextmanager
def _reachable() -> Iterator[None]:
    """Redis unreachable: 503, retry shortly (sign-in fails closed, as the throttle does)."""
    try:
        with redis_outage():
            yield
    except RedisUnavailable:
        raise _Unreachable from None


class SecondFactors:
    """The person's TOTP and recovery codes; the sign-in challenge (``SecondFactorGate``)."""

    def __init__(self, db: Database, redis: Redis, box: SecretBox, throttle: LoginThrottle) -> None:
        self.db = db
        self.box = box
        self.throttle = throttle
        self.challenges = Challenges(redis)

    # -- the sign-in gate ------------------------------------------------------------

    async def enabled(self, user_id: str) -> bool:
        """Whether the person has a confirmed TOTP (sign-in then asks for a code)."""
        async with self.db.connection() as conn:
            row = await self.totp(conn, user_id)
        return row is not None and row.confirmed

    async def challenge(self, user_id: str, workspace_id: str | None) -> None:
        """AuthService's gate: raise SecondFactorRequired when TOTP is on."""
        if await self.enabled(user_id):
            raise SecondFactorRequired(await self.challenges.issue(user_id, workspace_id))

    # -- rows ------------------------------------------------------------------------

    async def totp(self, conn: Connection, user_id: str, *, lock: bool = False) -> TotpRow | None:
        return await repo.totp(conn, user_id, lock=lock)

    async def start(self, conn: Connection, user_id: str) -> str:
        """A new unconfirmed secret (replacing an unconfirmed one); 409 when TOTP is on."""
        row = await self.totp(conn, user_id, lock=True)
        if row is not None and row.confirmed:
            raise Conflict("Two-factor codes are already on; turn them off first to enrol again.")
        secret = pyotp.random_base32(32)
        sealed = self.box.seal(secret, user_id)
        await repo.start_totp(conn, user_id, sealed)
        return secret

    async def confirm(self, conn: Connection, user_id: str, code: str) -> list[str] | None:
        """Confirm the pending secret with a right code: the new recovery codes (None: no
        pending enrolment or a wrong code; 409 when already confirmed)."""
        row = await self.totp(conn, user_id, lock=True)
        if row is None:
            return None
        if row.confirmed:
            raise Conflict("Two-factor codes are already on.")
        step = self._matching_step(row, user_id, code)
        if step is None:
            return None
        await repo.confirm_totp(conn, user_id, step)
        return await self.new_recovery_codes(conn, user_id)

    async def recovery_codes_left(self, conn: Connection, user_id: str) -> int:
        return await repo.recovery_codes_left(conn, user_id)

    async def new_recovery_codes(self, conn: Connection, user_id: str) -> list[str]:
        await repo.delete_recovery_codes(conn, user_id)
        codes = [new_recovery_code() for _ in range(RECOVERY_CODES)]
        for code in codes:
            await repo.insert_recovery_code(conn, new_id("rc"), user_id, recovery_hash(code))
        return codes

    async def remove(self, conn: Connection, user_id: str) -> bool:
        """Turn TOTP off: the secret and every recovery code go; False if it was not on."""
        await repo.delete_recovery_codes(conn, user_id)
        return await repo.delete_totp(conn, user_id)

    def _matching_step(self, row: TotpRow, user_id: str, code: str) -> int | None:
        code = normalise(code)
        if len(code) != 6 or not code.isdigit():
            return None
        totp = pyotp.TOTP(self.box.open(row.secret, user_id))
        now = int(time.time()) // STEP_SECONDS
        for step in (now - 1, now, now + 1):
            if row.last_step is not None and step <= row.last_step:
                continue  # accepted once already: a replay
            if hmac.compare_digest(totp.at(step * STEP_SECONDS), code):
                return step
        return None

    async def use_code(self, conn: Connection, user_id: str, code: str) -> CodeKind | None:
        """Accept a TOTP code (once) or a recovery code (once) of a confirmed TOTP, in the
        caller's transaction; None: wrong, replayed or TOTP not on."""
        row = await self.totp(conn, user_id, lock=True)
        if row is None or not row.confirmed:
            return None
        step = self._matching_step(row, user_id, code)
        if step is not None:
            await repo.accept_step(conn, user_id, step)
            return "totp"
        if len(normalise(code)) == 10 and await repo.use_recovery_code(
            conn, user_id, recovery_hash(code)
        ):
            return "recovery"
        return None

    # -- wrong codes are throttled like passwords ------------------------------------

    @staticmethod
    def _throttle_key(user_id: str) -> str:
        return f"mfa:{user_id}"  # a key of its own in the throttle's per-address counters

    async def begin_attempt(self, user_id: str, client_address: str) -> None:
        """Count an attempt (429 once locked out; the network's limit too)."""
        await self.throttle.begin_sign_in(
            self._throttle_key(user_id), client_network(client_address)
        )

    async def attempt_failed(self, user_id: str) -> None:
        await self.throttle.failed(self._throttle_key(user_id))

    async def attempt_succeeded(self, user_id: str) -> None:
        await self.throttle.signed_in(self._throttle_key(user_id))
