"""What every import source gives the job (admin/imports/runner.py), and the one HTTP
client every source calls its API through.

A source walks its links a page at a time: ``page(cursor)`` answers the links of one
page and the cursor of the next (``None`` after the last). The cursor is an opaque
string the source makes and reads; the job keeps it in PostgreSQL after each page is
written, so a worker killed mid-import starts again at the page it was on. A source
keeps no other state between pages: everything it needs to go on is in the cursor.

``SourceHttp`` is a guarded outbound client (``OutboundHttp``: the one outbound policy,
no redirects followed, bounded answers; the worker gives it admin/outbound/fast.py's)
with what an import needs on top: a 429 or ``Retry-After`` is waited out, a 5xx or a
lost connection is retried with the one backoff, a 401 or 403 is a ``BadCredential``
that fails the job at once.
"""

from __future__ import annotations

import asyncio
import email.utils
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Annotated, Any, Protocol

import msgspec

from admin.outbound.client import Answer, OutboundFailed, OutboundRefused, OutboundTimeout
from admin.patterns import whole
from common.backoff import Backoff

# A source's address (options.baseUrl): an absolute http(s) URL without a query or
# fragment; the outbound policy then decides whether we may call it.
BaseUrl = Annotated[
    str,
    msgspec.Meta(
        pattern=whole(r"https?://[^\s/?#]+(/[^\s?#]*)?"),
        max_length=2000,
        description="The source's address: an absolute http(s) URL, checked by the "
        "outbound policy like every address Hop calls.",
    ),
]


class SourceLink(msgspec.Struct, frozen=True, kw_only=True):
    """One link as the source has it, in Hop's terms."""

    # The source's own id of the link, stable across runs (Bitly's "bit.ly/abc", a
    # Shlink short URL's domain and code, a Rebrandly id): what makes a second run of the
    # same import skip it.
    source_id: str
    long_url: str
    code: str | None = None  # its short code at the source, kept when it can be
    domain: str | None = None  # the host it answered on at the source (bit.ly, brand.example)
    title: str | None = None
    tags: tuple[str, ...] = ()
    created_at: datetime | None = None
    expires_at: datetime | None = None
    max_clicks: int | None = None
    archived: bool = False
    clicks: int = 0  # its lifetime click total at the source (importedClicks)
    # Why it cannot be imported, when the source can tell (a CSV row's missing cell);
    # such a link comes with an empty long_url.
    problem: str | None = None


class Page(msgspec.Struct, frozen=True, kw_only=True):
    links: list[SourceLink]
    cursor: str | None  # where the next page starts; None: this was the last
    total: int | None = None  # how many links the source holds in all, when it says


class ImportProblem(Exception):
    """Ends the job as failed; ``str()`` is the reason shown to the job's owner (safe to
    show: it never holds a credential)."""


class BadCredential(ImportProblem):
    """The source refused the credential (401/403, or its own way of saying so)."""


class SourceFailed(ImportProblem):
    """The source gave no usable answer, after retries where a retry can help."""


class Source(Protocol):
    async def page(self, cursor: str | None) -> Page: ...


class SourceKind(Protocol):
    """A source as the registry (admin/imports/sources/__init__.py) knows it: its name in
    ``POST /v1/imports``, the structs its ``credentials`` and ``options`` decode into (a
    field error is the request's 422), and how to open it."""

    # Plain members, not ClassVar: mypy never matches a ClassVar protocol member with a
    # class object, and the registry holds the classes themselves (which declare these
    # as ClassVars).
    name: str
    label: str  # as people write it: "Bitly", "Short.io"
    credentials: type[msgspec.Struct]
    options: type[msgspec.Struct]

    def __call__(self, credentials: Any, options: Any, http: SourceHttp) -> Source: ...


# A 429 asking for longer than this fails the job: the owner can start it again later.
MAX_RETRY_AFTER_SECONDS = 300.0
# Attempts at one request that meets 5xx answers or lost connections.
MAX_ATTEMPTS = 6
Sleep = Callable[[float], Awaitable[None]]


def retry_after_seconds(value: str | None, *, now: float | None = None) -> float | None:
    """``Retry-After`` as seconds from now: delta-seconds or an HTTP date (RFC 9110)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))


class OutboundHttp(Protocol):
    """The guarded client SourceHttp calls through: the worker's PlainClient
    (admin/outbound/fast.py), or OutboundClient (admin/outbound/client.py, httpx); both
    raise OutboundRefused, OutboundFailed and OutboundTimeout."""

    async def request(
        self,
        method: str,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
        json: Any = None,
        form: Mapping[str, str] | None = None,
        auth: tuple[str, str] | None = None,
    ) -> Answer: ...


class SourceHttp:
    """Calls one source's API for one job. ``label`` names the source in reasons."""

    def __init__(
        self,
        client: OutboundHttp,
        label: str,
        *,
        sleep: Sleep = asyncio.sleep,
        backoff: Backoff | None = None,
    ) -> None:
        self.client = client
        self.label = label
        self.sleep = sleep
        self.backoff = backoff or Backoff(0.5, 20.0)

    async def request(
        self,
        method: str,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
        json: Any = None,
        form: Mapping[str, str] | None = None,
        auth: tuple[str, str] | None = None,
        ok: Callable[[Answer], bool] = lambda answer: answer.status < 300,
    ) -> Answer:
        """The source's answer once ``ok`` holds for it; 429s waited out, 5xx and lost
        connections retried, 401/403 a BadCredential, any other answer a SourceFailed."""
        failures = 0
        while True:
            try:
                answer = await self.client.request(
                    method, url, headers=headers, params=params, json=json, form=form, auth=auth
                )
            except OutboundRefused as exc:
                raise SourceFailed(f"{self.label}: the address is not allowed ({exc})") from None
            except (OutboundFailed, OutboundTimeout) as exc:
                failures += 1
                if failures >= MAX_ATTEMPTS:
                    raise SourceFailed(f"{self.label} did not answer: {exc}") from None
                await self.sleep(self.backoff.next())
                continue
            if answer.status == 429:
                wait = retry_after_seconds(answer.header("retry-after"))
                wait = self.backoff.next() if wait is None else wait
                if wait > MAX_RETRY_AFTER_SECONDS:
                    raise SourceFailed(
                        f"{self.label} asked us to wait {wait:.0f} s (rate limit); "
                        "start the import again later"
                    )
                await self.sleep(wait)
                continue
            if answer.status in (401, 403):
                raise BadCredential(
                    f"{self.label} refused the credential ({answer.status}): check it and "
                    "that it may read links"
                )
            if answer.status >= 500:
                failures += 1
                if failures >= MAX_ATTEMPTS:
                    raise SourceFailed(
                        f"{self.label} answered {answer.status} {MAX_ATTEMPTS} times in a row"
                    )
                await self.sleep(self.backoff.next())
                continue
            self.backoff.reset()
            if ok(answer):
                return answer
            raise SourceFailed(f"{self.label} answered {answer.status} to {method} {_path(url)}")

    async def get_json(
        self,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
        auth: tuple[str, str] | None = None,
    ) -> Any:
        answer = await self.request("GET", url, headers=headers, params=params, auth=auth)
        try:
            return msgspec.json.decode(answer.body)
        except msgspec.DecodeError:
            raise SourceFailed(f"{self.label} answered something that is not JSON") from None


def _path(url: str) -> str:
    """A URL without its query (which may carry a credential, as YOURLS' signature)."""
    return url.split("?", 1)[0]


def cursor_of(value: Mapping[str, Any]) -> str:
    """A cursor from a small JSON object (for sources that walk groups or domains)."""
    return msgspec.json.encode(value).decode()


def read_cursor(cursor: str | None) -> dict[str, Any]:
    if not cursor:
        return {}
    value = msgspec.json.decode(cursor)
    if not isinstance(value, dict):
        raise SourceFailed("the import's saved position is not readable")
    return value
