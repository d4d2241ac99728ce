"""Domain errors that know their HTTP meaning (docs/api.md#errors, docs/errors.md).

Services raise these; ``admin/problems.py`` renders every one as
``application/problem+json``. Nothing above the data-access layer sees a
psycopg or redis exception.
"""

from __future__ import annotations

import msgspec


class FieldError(msgspec.Struct, frozen=True):
    field: str
    message: str


class HopError(Exception):
    status: int = 500
    title: str = "Server Error"
    slug: str = "server-error"

    def __init__(self, detail: str, errors: list[FieldError] | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.errors = errors or []
        self.headers: dict[str, str] = {}


class HttpError(HopError):
    """An HTTP error without a domain meaning (unknown route, wrong method, ...)."""

    def __init__(self, status: int, title: str, detail: str) -> None:
        super().__init__(detail)
        self.status, self.title = status, title
        self.slug = title.lower().replace(" ", "-")


class BadRequest(HopError):
    status, title, slug = 400, "Bad Request", "bad-request"


class Unauthorized(HopError):
    status, title, slug = 401, "Unauthorized", "unauthorized"


class Forbidden(HopError):
    status, title, slug = 403, "Forbidden", "forbidden"


class NotFound(HopError):
    status, title, slug = 404, "Not Found", "not-found"


class Conflict(HopError):
    status, title, slug = 409, "Conflict", "conflict"


class AliasTaken(Conflict):
    slug = "alias-taken"

    def __init__(self, alias: str) -> None:
        super().__init__(
            f"The alias {alias!r} is already in use.",
            [FieldError("alias", "already in use")],
        )


class IdempotencyInProgress(Conflict):
    slug = "idempotency-in-progress"


class PayloadTooLarge(HopError):
    # The slug predates this class (Litestar's own 413 rendered it); clients match on it.
    status, title, slug = 413, "Payload Too Large", "request-entity-too-large"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        # The rest of the body is still on its way and the server may drop the
        # connection rather than read it all: a client that reused it would lose its
        # next request, so say that it ends here.
        self.headers["Connection"] = "close"


class ValidationFailed(HopError):
    status, title, slug = 422, "Validation", "validation"


class RateLimited(HopError):
    status, title, slug = 429, "Rate Limited", "rate-limited"


class ExportInProgress(RateLimited):
    slug = "export-in-progress"


class ServiceUnavailable(HopError):
    status, title, slug = 503, "Service Unavailable", "service-unavailable"


class BadGateway(HopError):
    """A service we called (a store, the AI endpoint) failed or answered nonsense."""

    status, title, slug = 502, "Bad Gateway", "bad-gateway"


class GatewayTimeout(HopError):
    """A service we called did not answer in time."""

    status, title, slug = 504, "Gateway Timeout", "gateway-timeout"


def retry_after(error: HopError, seconds: int) -> HopError:
    """The error, telling the client when to try again."""
    error.headers["Retry-After"] = str(seconds)
    return error


def validation(errors: list[FieldError]) -> ValidationFailed:
    """One 422 carrying every field problem found."""
    fields = ", ".join(dict.fromkeys(error.field for error in errors))
    return ValidationFailed(f"Invalid value for {fields}.", errors)


class PasswordHashingBusy(ServiceUnavailable):
    """Every place for a password hash in this process is taken (admin/accounts/passwords.py)."""

    slug = "password-hashing-busy"

    def __init__(self) -> None:
        super().__init__("Too many sign-ins are being checked right now; retry in a second.")
        self.headers["Retry-After"] = "1"


class SignInLocked(RateLimited):
    """Repeated failed sign-ins for one e-mail address (admin/auth/throttle.py)."""

    slug = "sign-in-locked"

    def __init__(self, retry_after: int, lockout: int) -> None:
        super().__init__(
            "Too many failed sign-ins for this e-mail address: signing in with it is locked "
            f"for {_duration(lockout)} (retry in {_duration(retry_after)}). Each further "
            "failure doubles the lock-out; a successful sign-in resets it."
        )
        self.headers["Retry-After"] = str(retry_after)


def _duration(seconds: int) -> str:
    if seconds % 3600 == 0:
        return f"{seconds // 3600} hour" + ("s" if seconds != 3600 else "")
    if seconds % 60 == 0:
        return f"{seconds // 60} minute" + ("s" if seconds != 60 else "")
    return f"{seconds} second" + ("s" if seconds != 1 else "")


class SignInUnavailable(ServiceUnavailable):
    """The sign-in attempt counters (Redis) cannot be reached: sign-in fails closed."""

    slug = "sign-in-unavailable"

    def __init__(self) -> None:
        super().__init__(
            "Signing in and refreshing tokens are unavailable for a moment (their attempt "
            "counters cannot be reached); retry shortly. API keys keep working."
        )
        self.headers["Retry-After"] = "5"
