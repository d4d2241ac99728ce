"""What an e-mail address and a password must be, for sign-up, resets and the CLI."""

from __future__ import annotations

from admin.auth import MIN_PASSWORD_LENGTH
from admin.errors import FieldError

MAX_EMAIL_LENGTH = 254
# Matches POST /v1/auth/login: longer input only costs hashing time.
MAX_PASSWORD_LENGTH = 1024


def check_email(email: str) -> list[FieldError]:
    local, at, domain = email.partition("@")
    if (
        not (local and at and "." in domain)
        or len(email) > MAX_EMAIL_LENGTH
        or any(c.isspace() or c in '<>,;"' for c in email)
        or "@" in domain
    ):
        return [FieldError("email", "must be an e-mail address")]
    return []


def check_password(field: str, password: str) -> list[FieldError]:
    if len(password) < MIN_PASSWORD_LENGTH:
        return [FieldError(field, f"must be at least {MIN_PASSWORD_LENGTH} characters")]
    if len(password) > MAX_PASSWORD_LENGTH:
        return [FieldError(field, f"must be at most {MAX_PASSWORD_LENGTH} characters")]
    return []
