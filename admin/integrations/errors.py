"""Problems of the integrations API: each names the store platform or the AI endpoint."""

from __future__ import annotations

from admin.errors import (
    BadGateway,
    Conflict,
    FieldError,
    GatewayTimeout,
    RateLimited,
    ServiceUnavailable,
    ValidationFailed,
)


class StoreFailed(BadGateway):
    slug = "store-failed"


class StoreTimedOut(GatewayTimeout):
    slug = "store-timeout"


class StoreThrottled(ServiceUnavailable):
    slug = "store-throttled"

    def __init__(self, detail: str, retry_after: float) -> None:
        super().__init__(detail)
        self.headers["Retry-After"] = str(max(1, round(retry_after)))


class IntegrationRevoked(Conflict):
    slug = "integration-revoked"


class CredentialNotAccepted(ValidationFailed):
    """Connecting: the store refused the credential in the one call that checks it."""

    slug = "credential-refused"

    def __init__(self, detail: str, field: str) -> None:
        super().__init__(detail, [FieldError(field, "was refused by the store")])


class IntegrationsNotConfigured(Conflict):
    """An install flow whose app credentials the operator has not set: permanent for this
    server, so not a 5xx (nothing to retry), and the detail says what is missing."""

    slug = "integration-not-configured"


class AiFailed(BadGateway):
    slug = "ai-failed"


class AiSlow(GatewayTimeout):
    slug = "ai-timeout"


class AiThrottled(ServiceUnavailable):
    slug = "ai-rate-limited"

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            "The AI endpoint is rate limiting this service; retry later, or ask for "
            '"generator": "template".'
        )
        self.headers["Retry-After"] = str(retry_after)


class AiQuotaExhausted(ServiceUnavailable):
    slug = "ai-quota-exhausted"

    def __init__(self) -> None:
        super().__init__(
            "The AI provider's quota for this service is used up (insufficient_quota); the "
            'operator must add credit. Meanwhile "generator": "template" works.'
        )


class AiRefused(ValidationFailed):
    slug = "ai-refused"

    def __init__(self, reason: str) -> None:
        super().__init__(
            f"The model declined to write copy for this product: {reason}. "
            'Try again, or ask for "generator": "template".'
        )


class GenerationQuotaExceeded(RateLimited):
    slug = "generation-quota"

    def __init__(self, limit: int, retry_after: int) -> None:
        super().__init__(
            f"This account has used its {limit} AI copy generations for this month (UTC); "
            'the count starts again next month. "generator": "template" is not counted.'
        )
        self.headers["Retry-After"] = str(retry_after)
