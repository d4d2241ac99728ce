"""The one way in for a redirect (docs/safety.md#one-way-in).

Every way of making a short link or pointing one elsewhere passes here: ``POST
/v1/links``, its bulk create and CSV import, store product links (all through
LinkService), and the links QR codes and Bio pages keep (admin/links/managed.py):

- **the loop check** (``check_url``): a destination must be an http(s) URL that is not
  on a host where our short links answer, the default short host or any account's
  verified custom domain; one check, with one message, for every field that names a
  destination;
- **the new-account quota** (``admit``, for a new link only): admin/safety/quota.py;
- **the safety verdict** of every destination of the link, the worst winning
  (admin/safety/checker.py): what the edge then acts on.

What the caller does with a flagged verdict is the same everywhere: the verdict is
written with the link, and ``security.flagged`` is recorded in the same transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import SplitResult, urlsplit

from admin.auth import Principal
from admin.errors import FieldError
from admin.safety import Decision, NewAccountQuota, SafetyChecker
from admin.urls import InvalidUrl, check_app_url, parse_http_url

LOOP = "must not point at a short link (redirect loop)"


class OwnHosts:
    """Where Hop's short links answer: the default short host, its aliases
    (``HOP_SHORT_HOST_ALIASES``) and every verified custom domain (any account's). A
    destination there would send visitors back to us."""

    def __init__(
        self,
        short_base_url: str,
        custom_hosts: Callable[[], frozenset[str]] = frozenset,
        aliases: tuple[str, ...] = (),
    ) -> None:
        short_host = (urlsplit(short_base_url).hostname or "").lower()
        self.short_hosts = frozenset({short_host, *(alias.lower() for alias in aliases)})
        self.custom_hosts = custom_hosts

    def hold(self, parts: SplitResult) -> bool:
        host = (parts.hostname or "").rstrip(".").lower()
        return host in self.short_hosts or host in self.custom_hosts()


class Admission:
    def __init__(
        self,
        own_hosts: OwnHosts,
        safety: SafetyChecker,
        quota: NewAccountQuota | None = None,
    ) -> None:
        self.own_hosts = own_hosts
        self.safety = safety
        self.quota = quota

    def check_url(self, field: str, url: str, errors: list[FieldError]) -> None:
        """A destination's 422s: not an http(s) URL we can redirect to, or one of ours."""
        try:
            parts = parse_http_url(url)
        except InvalidUrl as exc:
            errors.append(FieldError(field, str(exc)))
            return
        if self.own_hosts.hold(parts):
            errors.append(FieldError(field, LOOP))

    def check_app_url(self, field: str, url: str, errors: list[FieldError]) -> None:
        """A deep link's appUrl (admin/urls.py ``check_app_url``): a universal / app link
        (http or https) is checked as a destination, ``check_url``."""
        try:
            scheme = check_app_url(url)
        except InvalidUrl as exc:
            errors.append(FieldError(field, str(exc)))
            return
        if scheme in ("http", "https"):
            self.check_url(field, url, errors)

    async def spend(self, principal: Principal) -> None:
        """Count one new link against the new-account quota (429 when over it)."""
        if self.quota is not None:
            await self.quota.spend(principal)

    async def admit(self, principal: Principal, urls: list[str]) -> Decision:
        """A new link to ``urls`` (longUrl first, checked with ``check_url``): the quota
        counts it, then its verdict."""
        await self.spend(principal)
        return await self.verdict(principal, urls)

    async def verdict(
        self, principal: Principal, urls: list[str], *, override: str | None = None
    ) -> Decision:
        """The verdict of a link's destinations (a link re-pointed: no quota)."""
        return await self.safety.check_all(principal.workspace_id, urls, override=override)
