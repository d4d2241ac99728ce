"""The auth domain's face: credentials (API keys, passwords, JWT access and refresh
tokens), who is asking (``Principal``) and what they may do (scopes).

Other domains import these from ``admin.auth``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.auth.cache import announce_auth_change
from admin.auth.mfa import (
    CHALLENGE_TTL,
    CodeKind,
    InvalidChallenge,
    SecondFactorRequired,
    SecondFactors,
    WorkspaceRequiresMfa,
    WrongCode,
    otpauth_uri,
)
from admin.auth.passkeys import (
    PasskeyOwner,
    PasskeyRefused,
    PasskeyRow,
    Passkeys,
    Registered,
    list_passkeys,
    passkey_owner,
    remove_passkey,
    rename_passkey,
    store_passkey,
)
from admin.auth.passwords import MIN_PASSWORD_LENGTH, Passwords, default_passwords
from admin.auth.principal import Environment, Principal
from admin.auth.repository import revoke_user_refresh_tokens
from admin.auth.roles import ROLE_SCOPES, ROLES, Role, at_least
from admin.auth.scopes import ALL_SCOPES, RESOURCES, grants
from admin.auth.secrets import new_api_key, token_hash
from admin.auth.service import AuthService, TokenPair, effective_limits
from admin.auth.sessions import end_user_sessions
from admin.auth.throttle import LoginThrottle

__all__ = [
    "ALL_SCOPES",
    "CHALLENGE_TTL",
    "MIN_PASSWORD_LENGTH",
    "RESOURCES",
    "ROLES",
    "ROLE_SCOPES",
    "AuthService",
    "CodeKind",
    "Environment",
    "InvalidChallenge",
    "LoginThrottle",
    "PasskeyOwner",
    "PasskeyRefused",
    "PasskeyRow",
    "Passkeys",
    "Passwords",
    "Principal",
    "Registered",
    "Role",
    "SecondFactorRequired",
    "SecondFactors",
    "TokenPair",
    "WorkspaceRequiresMfa",
    "WrongCode",
    "announce_auth_change",
    "at_least",
    "default_passwords",
    "effective_limits",
    "end_user_sessions",
    "grants",
    "list_passkeys",
    "new_api_key",
    "otpauth_uri",
    "passkey_owner",
    "remove_passkey",
    "rename_passkey",
    "revoke_user_refresh_tokens",
    "store_passkey",
    "token_hash",
]
