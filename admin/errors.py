"""Domain errors that know their HTTP meaning (docs/api.md#errors, docs/errors.md).

Services raise these; ``admin/http/problems.py`` renders every one as
``application/problem+json``. Nothing above the data-access layer sees a
psycopg or redis exception.

Each class that declares a ``status`` is the one source of that status's title,
slug and OpenAPI description: ``ERRORS_BY_STATUS`` (end of this module) collects
them for the problem renderer and the OpenAPI helper.
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
    # What an answer with this status means, for the OpenAPI document.
    description: str = "Server Error: the service could not complete the request."

    def __init__(self, detail: str, errors: list[FieldError] | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.errors = errors or []
        self.headers: dict[str, str] = {}
        # RFC 9457 extension members beside the standard ones (``mfaToken``, ...).
        self.extensions: dict[str, object] = {}


class HttpError(HopError):
    """An HTTP error without a domain meaning (unknown route, wrong method, ...)."""

    def __init__(self, status: int, title: str, detail: str) -> None:
        super().__init__(detail)
        self.status, self.title = status, title
        self.slug = title.lower().replace(" ", "-")


class BadRequest(HopError):
    status, title, slug = 400, "Bad Request", "bad-request"
    description = (
        "Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL."
    )


class Unauthorized(HopError):
    status, title, slug = 401, "Unauthorized", "unauthorized"
    description = "Unauthorized: missing, malformed, unknown, revoked or expired token."


class Forbidden(HopError):
    status, title, slug = 403, "Forbidden", "forbidden"
    description = "Forbidden: the token lacks the scope this operation needs."


class AddressUnconfirmed(Forbidden):
    """The account's e-mail address is not confirmed: it cannot sign in to the API, and
    any other credential it has is read-only (docs/dashboard.md#accounts)."""

    slug = "address-unconfirmed"

    def __init__(self, detail: str | None = None) -> None:
        super().__init__(
            detail
            or "Confirm your e-mail address first (follow the link we sent to it): until "
            "then the account cannot sign in to the API."
        )


class SsoRequired(Forbidden):
    """The address is on a domain whose workspace requires single sign-on: no password
    sign-in for it (docs/api.md#single-sign-on)."""

    slug = "sso-required"

    def __init__(self, detail: str | None = None) -> None:
        super().__init__(
            detail
            or "Your organisation requires single sign-on for this address: sign in with "
            "your company's SSO (/login/sso) instead of a password."
        )


class NotFound(HopError):
    status, title, slug = 404, "Not Found", "not-found"
    description = "Not Found."


class Conflict(HopError):
    status, title, slug = 409, "Conflict", "conflict"
    description = (
        "Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt "
        "of the delivery to redeliver is in flight, the integration is revoked, or a "
        "domain's codes differ only in case (case-clash: the codes in clashes)."
    )


class AliasTaken(Conflict):
    slug = "alias-taken"

    def __init__(self, alias: str, domain: str = "") -> None:
        where = f" on {domain}" if domain else ""
        super().__init__(
            f"The alias {alias!r} is already in use{where}.",
            [FieldError("alias", "already in use")],
        )


class ExternalIdTaken(Conflict):
    slug = "external-id-taken"

    def __init__(self, external_id: str) -> None:
        super().__init__(
            f"The externalId {external_id!r} is already another link's.",
            [FieldError("externalId", "already in use")],
        )


class CaseClash(Conflict):
    """A domain's codes cannot become case-insensitive: some differ only in case. The
    groups are the ``clashes`` extension member (docs/errors.md#case-clash)."""

    slug = "case-clash"

    def __init__(self, hostname: str, clashes: list[list[str]]) -> None:
        named = "; ".join(" / ".join(group) for group in clashes[:5])
        super().__init__(
            f"Codes on {hostname} differ only in case ({named}"
            f"{'; ...' if len(clashes) > 5 else ''}): give all but one of each group "
            "another alias first.",
            [FieldError("caseSensitive", "codes differ only in case")],
        )
        self.extensions["clashes"] = clashes


class IdempotencyInProgress(Conflict):
    slug = "idempotency-in-progress"


class Gone(HopError):
    status, title, slug = 410, "Gone", "gone"
    description = "Gone: the invitation was used, revoked or has expired."


class PayloadTooLarge(HopError):
    # The slug predates this class (Litestar's own 413 rendered it); clients match on it.
    status, title, slug = 413, "Payload Too Large", "request-entity-too-large"
    description = "Payload Too Large: the body exceeds the server's limit (1 MiB by default)."

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        # The rest of the body is still on its way and the server may drop the
        # connection rather than read it all: a client that reused it would lose its
        # next request, so say that it ends here.
        self.headers["Connection"] = "close"


class ValidationFailed(HopError):
    status, title, slug = 422, "Validation", "validation"
    description = "Validation: a field has an invalid value."


class RateLimited(HopError):
    status, title, slug = 429, "Rate Limited", "rate-limited"
    description = (
        "Rate Limited: over the quota, or (export) one of the account's is running, or "
        "(integrations) the month's AI generations are used; see Retry-After."
    )


class ExportInProgress(RateLimited):
    slug = "export-in-progress"


class ServiceUnavailable(HopError):
    status, title, slug = 503, "Service Unavailable", "service-unavailable"
    description = (
        "Service Unavailable: a backing store is unreachable, or (export) every export slot "
        "is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, "
        "after Retry-After when given."
    )


class BadGateway(HopError):
    """A service we called (a store, the AI endpoint) failed or answered nonsense."""

    status, title, slug = 502, "Bad Gateway", "bad-gateway"
    description = (
        "Bad Gateway: the store or the AI endpoint failed, refused or answered nonsense; "
        "the detail names it."
    )


class GatewayTimeout(HopError):
    """A service we called did not answer in time."""

    status, title, slug = 504, "Gateway Timeout", "gateway-timeout"
    description = "Gateway Timeout: the store or the AI endpoint did not answer in time."


def retry_after(error: HopError, seconds: int) -> HopError:
    """The error, telling the client when to try again."""
    error.headers["Retry-After"] = str(seconds)
    return error


def validation(errors: list[FieldError]) -> ValidationFailed:
    """One 422 carrying every field problem found."""
    fields = ", ".join(dict.fromkeys(error.field for error in errors))
    return ValidationFailed(f"Invalid value for {fields}.", errors)


class PasswordHashingBusy(ServiceUnavailable):
    """Every place for a password hash in this process is taken (admin/auth/passwords.py)."""

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


def _declaring_status(cls: type[HopError]) -> list[type[HopError]]:
    found = [cls] if "status" in vars(cls) and cls is not HttpError else []
    for subclass in cls.__subclasses__():
        found += _declaring_status(subclass)
    return found


# status → the error class that declares it (HopError itself for 500). Subclasses such
# as AliasTaken share their parent's status and title and only refine the slug.
ERRORS_BY_STATUS: dict[int, type[HopError]] = {
    cls.status: cls for cls in _declaring_status(HopError)
}
