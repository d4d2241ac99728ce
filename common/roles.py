"""What each Hop process needs configured before it serves.

The process checks it at start (``require``) and stops with one line naming the
missing variable; the deploy test (tests/unit/test_deploy.py) runs the same check
on the environment each process gets from deploy/compose.yaml and
deploy/k8s/hop.yaml, so a deploy file that forgets a variable fails there first.
"""

from __future__ import annotations

from typing import Any, Literal

from common.settings import VARIABLES, Settings, SettingsError

Role = Literal["admin", "edge", "worker", "migrate"]

# `hop migrate` (like the other administrative commands) also finds the database of
# a running `hop dev`; a deployed process has none, so the deploy test requires it.
REQUIRED: dict[Role, tuple[str, ...]] = {
    "admin": ("HOP_DATABASE_URL", "HOP_REDIS_URL", "HOP_JWT_SECRET", "HOP_WEBHOOK_SECRET_KEY"),
    "edge": ("HOP_REDIS_URL",),
    "worker": ("HOP_DATABASE_URL", "HOP_REDIS_URL", "HOP_WEBHOOK_SECRET_KEY"),
    "migrate": ("HOP_DATABASE_URL",),
}
_KEY_HINT = "32+ random characters, e.g. `openssl rand -base64 48`; `hop dev` makes its own"
_HINTS = {
    "HOP_JWT_SECRET": _KEY_HINT,
    "HOP_WEBHOOK_SECRET_KEY": _KEY_HINT,
}
_PATHS = {variable.name: variable.path for variable in VARIABLES}


def require(settings: Settings, role: Role) -> None:
    """Raise SettingsError naming the first variable ``role`` needs and ``settings`` lacks."""
    for name in REQUIRED[role]:
        if _value(settings, _PATHS[name]) is None:
            hint = _HINTS.get(name, "or use `hop dev`")
            raise SettingsError(f"{name}: required to run the {role} ({hint})")
    if role in ("admin", "worker"):
        _require_mail_for_sign_up(settings)
    if role == "admin":
        _require_sign_in_pairs(settings)


def _require_sign_in_pairs(settings: Settings) -> None:
    """A provider's sign-in is configured whole or not at all."""
    sign_in = settings.sign_in
    if sign_in.oidc_issuer and not (sign_in.oidc_client_id and sign_in.oidc_client_secret):
        raise SettingsError(
            "HOP_OIDC_ISSUER: needs HOP_OIDC_CLIENT_ID and HOP_OIDC_CLIENT_SECRET as well"
        )
    if (sign_in.oidc_client_id or sign_in.oidc_client_secret) and not sign_in.oidc_issuer:
        raise SettingsError("HOP_OIDC_CLIENT_ID: needs HOP_OIDC_ISSUER as well")
    if bool(sign_in.github_client_id) != bool(sign_in.github_client_secret):
        raise SettingsError(
            "HOP_GITHUB_CLIENT_ID: needs HOP_GITHUB_CLIENT_SECRET as well (and the other way)"
        )


def _require_mail_for_sign_up(settings: Settings) -> None:
    """Open sign-up needs a mail server: without one, confirmation and reset links have
    nowhere to go but the log, where they would be secrets (docs/security.md). `hop dev`
    writes them there on purpose (HOP_DEV_MAIL_LOG)."""
    mail = settings.mail
    if settings.accounts.signup == "open" and mail.smtp_url is None and not mail.dev_log:
        raise SettingsError(
            "HOP_SIGNUP: open sign-up needs HOP_SMTP_URL (confirmation and reset e-mails "
            "would have no way out but the log); set HOP_SMTP_URL, or HOP_SIGNUP=closed"
        )


def _value(settings: Settings, path: str) -> Any:
    value: Any = settings
    for part in path.split("."):
        value = getattr(value, part)
    return value
