"""The field rules of a link's create and change: what makes a 422 naming the field.

Every destination is checked by the way in (admission.py: the loop check); the rest is
the link's own: reserved aliases, a future expiry, targeting rules and variants.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from msgspec import UNSET

from admin.domains import normal_hostname
from admin.errors import Conflict, FieldError, ValidationFailed, validation
from admin.link_model import LinkRow
from admin.links.admission import Admission
from admin.links.schemas import LinkCreate, LinkUpdate, Preview, Rule, Variant
from common.targeting import COUNTRIES, WEIGHT_TOTAL
from common.timefmt import utc_now

# Codes that would shadow a path of ours or read as one; compared case-insensitively.
RESERVED_ALIASES = frozenset(
    {
        "v1",
        "v2",
        "api",
        "admin",
        "health",
        "_health",
        "static",
        "assets",
        "public",
        "docs",
        "login",
        "logout",
        "signup",
        "register",
        "dashboard",
        "settings",
        "account",
        "billing",
        "help",
        "support",
        "status",
        "www",
        "app",
        "qr",
        "bio",
        "about",
        "terms",
        "privacy",
        "robots",
        "favicon",
        "sitemap",
        "well-known",
    }
)


def check_create(data: LinkCreate, own: Admission) -> None:
    """A create's fields (422 naming each bad one)."""
    errors: list[FieldError] = []
    own.check_url("longUrl", data.long_url, errors)
    if data.alias is not None:
        _check_alias(data.alias, errors)
    if data.expires_at is not None:
        _check_expiry(data.expires_at, errors)
    _check_features(data, own, errors)
    if errors:
        raise validation(errors)


def check_update(data: LinkUpdate, own: Admission) -> None:
    """A PATCH's fields, those it names (422 naming each bad one)."""
    errors: list[FieldError] = []
    if data.long_url is not UNSET:
        own.check_url("longUrl", data.long_url, errors)
    if data.alias is not UNSET:
        _check_alias(data.alias, errors)
    if data.expires_at is not UNSET and data.expires_at is not None:
        _check_expiry(data.expires_at, errors)
    _check_features(data, own, errors)
    if errors:
        raise validation(errors)


def _check_rules(rules: list[Rule], own: Admission, errors: list[FieldError]) -> None:
    for i, rule in enumerate(rules):
        when = rule.when
        if not (when.country or when.device or when.os or when.language):
            errors.append(FieldError(f"rules[{i}].when", "needs at least one condition"))
        for j, country in enumerate(when.country or ()):
            if country not in COUNTRIES:
                errors.append(
                    FieldError(
                        f"rules[{i}].when.country[{j}]",
                        "is not an ISO 3166-1 alpha-2 country code",
                    )
                )
        own.check_url(f"rules[{i}].url", rule.url, errors)
        if rule.app_url is not None:
            own.check_app_url(f"rules[{i}].appUrl", rule.app_url, errors)
        for name, store in (("iosUrl", rule.ios_url), ("androidUrl", rule.android_url)):
            if store is None:
                continue
            own.check_url(f"rules[{i}].{name}", store, errors)
            if rule.app_url is None:  # a rule's stores are its appUrl's fallbacks
                errors.append(FieldError(f"rules[{i}].{name}", "needs the rule's appUrl"))


def _check_variants(variants: list[Variant], own: Admission, errors: list[FieldError]) -> None:
    total = sum(variant.weight for variant in variants)
    if total != WEIGHT_TOTAL:
        errors.append(
            FieldError("variants", f"weights must add up to {WEIGHT_TOTAL}; they add up to {total}")
        )
    for i, variant in enumerate(variants):
        own.check_url(f"variants[{i}].url", variant.url, errors)


def _check_features(
    data: LinkCreate | LinkUpdate, own: Admission, errors: list[FieldError]
) -> None:
    """What decides a visit at the edge: every destination is checked like longUrl."""
    if isinstance(data.rules, list):
        _check_rules(data.rules, own, errors)
    if isinstance(data.variants, list):
        _check_variants(data.variants, own, errors)
    if isinstance(data.expired_url, str):
        own.check_url("expiredUrl", data.expired_url, errors)
    if isinstance(data.preview, Preview) and data.preview.image is not None:
        own.check_url("preview.image", data.preview.image, errors)
    if isinstance(data.app_url, str):
        own.check_app_url("appUrl", data.app_url, errors)
    for name, store in (("iosUrl", data.ios_url), ("androidUrl", data.android_url)):
        if isinstance(store, str):
            own.check_url(name, store, errors)


def _check_alias(alias: str, errors: list[FieldError]) -> None:
    if alias.lower() in RESERVED_ALIASES:
        errors.append(FieldError("alias", "is reserved"))


def _check_expiry(expires_at: datetime, errors: list[FieldError]) -> None:
    if expires_at <= utc_now():
        errors.append(FieldError("expiresAt", "must be in the future"))


def domain_of(domain: str | None) -> str:
    """A request's domain as stored: lower case, no final dot; "" for the default host."""
    return normal_hostname(domain, field="domain") if domain else ""


def unknown_domain(domain: str) -> ValidationFailed:
    return validation(
        [FieldError("domain", f"{domain} is not a verified domain of yours (POST /v1/domains)")]
    )


def unique_tags(tags: list[str]) -> list[str]:
    return list(dict.fromkeys(tags))


def refuse_managed(row: LinkRow) -> None:
    """QR and Bio links change with their code or page, so the two never disagree."""
    if row.managed_by is not None:
        owner = "PATCH or DELETE /v1/qr/:id" if row.managed_by == "qr" else "PUT /v1/bio"
        raise Conflict(f"Link {row.id!r} is managed by a {row.managed_by} resource; use {owner}.")


def stored_json(value: Any) -> Any:
    """A feature's wire form as stored in its JSON column (absent fields left out)."""
    if value is None:
        return None
    return _strip_none(msgspec.to_builtins(value))


def _strip_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _strip_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_strip_none(item) for item in value]
    return value
