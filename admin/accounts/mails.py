"""The account e-mails' words: subject and body of each, plain text.

They go through the mail outbox (admin/mail/), sent by the worker over
HOP_SMTP_URL, or written to the log when it is unset, as the webhook pause
notice is. Links point at the dashboard on HOP_BASE_URL.
"""

from __future__ import annotations

from urllib.parse import quote


def _hours(seconds: int) -> str:
    if seconds % 86400 == 0 and seconds >= 86400:
        days = seconds // 86400
        return f"{days} day" + ("s" if days != 1 else "")
    if seconds >= 3600:
        hours = round(seconds / 3600)
        return f"{hours} hour" + ("s" if hours != 1 else "")
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute" + ("s" if minutes != 1 else "")


def verification(base_url: str, token: str, ttl: int) -> tuple[str, str]:
    link = f"{base_url}/verify?token={quote(token)}"
    return (
        "Hop: confirm your e-mail address",
        "Welcome to Hop.\n\n"
        f"Open this link to confirm your e-mail address (it works once, for {_hours(ttl)}):\n"
        f"{link}\n\n"
        "Until you do, the account can only ask for this link again.\n"
        "If you did not sign up, ignore this e-mail: nothing happens without the link.\n",
    )


def already_registered(base_url: str) -> tuple[str, str]:
    return (
        "Hop: someone tried to sign up with your address",
        "Someone (perhaps you) tried to create a Hop account with this e-mail address,\n"
        "but it already has one. Nothing was changed.\n\n"
        f"Sign in: {base_url}/login\n"
        f"Forgot your password? Reset it: {base_url}/forgot\n",
    )


def password_reset(base_url: str, token: str, ttl: int) -> tuple[str, str]:
    link = f"{base_url}/reset?token={quote(token)}"
    return (
        "Hop: reset your password",
        "Someone (perhaps you) asked to reset the password of your Hop account.\n\n"
        f"Open this link to choose a new one (it works once, for {_hours(ttl)}):\n"
        f"{link}\n\n"
        "If you did not ask, ignore this e-mail: your password stays as it is.\n",
    )


def password_changed(base_url: str, taken_back: bool = False) -> tuple[str, str]:
    """``taken_back``: the change was a reset that confirmed the address for the first time."""
    removed = (
        "This also confirmed your address, which nobody had confirmed before: every API\n"
        "key and webhook made on the account until now was removed, in case someone else\n"
        "signed up with your address first.\n\n"
        if taken_back
        else ""
    )
    return (
        "Hop: your password was changed",
        "The password of your Hop account was just changed, and every other session\n"
        f"was signed out.\n\n{removed}"
        f"If this was not you, reset it now: {base_url}/forgot\n",
    )


def passkey_added(base_url: str, name: str) -> tuple[str, str]:
    return (
        "Hop: a passkey was added to your account",
        f"A passkey named {name!r} was just added to your Hop account: it can now sign in\n"
        "to it without the password.\n\n"
        f"If this was not you, remove it and change your password now: {base_url}/account\n",
    )


def passkey_removed(base_url: str, name: str) -> tuple[str, str]:
    return (
        "Hop: a passkey was removed from your account",
        f"The passkey named {name!r} was just removed from your Hop account: it no longer\n"
        "signs in to it.\n\n"
        f"If this was not you, sign in and check your account now: {base_url}/account\n",
    )


def identity_linked(base_url: str, provider: str, email: str) -> tuple[str, str]:
    return (
        f"Hop: {provider} can now sign in to your account",
        f"Your Hop account was just linked to {provider} ({email}): signing in with\n"
        f"{provider} now opens it.\n\n"
        f"If this was not you, unlink it on your account page and reset your password:\n"
        f"{base_url}/account\n{base_url}/forgot\n",
    )


def identity_unlinked(base_url: str, provider: str, email: str) -> tuple[str, str]:
    return (
        f"Hop: {provider} no longer signs in to your account",
        f"{provider} ({email}) was just unlinked from your Hop account: signing in with it\n"
        "no longer opens the account.\n\n"
        f"If this was not you, reset your password now: {base_url}/forgot\n",
    )


def totp_enabled(base_url: str) -> tuple[str, str]:
    return (
        "Hop: two-factor codes are on",
        "Two-factor codes were just turned on for your Hop account: signing in now also\n"
        "asks for a code from your authenticator app (or one of your recovery codes).\n\n"
        f"If this was not you, reset your password now: {base_url}/forgot\n",
    )


def totp_disabled(base_url: str) -> tuple[str, str]:
    return (
        "Hop: two-factor codes are off",
        "Two-factor codes were just turned off for your Hop account: signing in asks for\n"
        "the password alone again.\n\n"
        f"If this was not you, reset your password now ({base_url}/forgot) and turn them\n"
        f"on again from your account page: {base_url}/account\n",
    )
