"""Validation of user-supplied URLs (link destinations, later webhook endpoints).

A URL is accepted when it is absolute http(s) with a real host name or IP
literal, at most 2,048 characters, and free of whitespace, control characters
and backslashes: the edge copies it into a ``Location`` header, so nothing that
could split a header or be read differently by another parser gets in. URLs
carrying credentials (``https://user:pass@host``) are refused: they are a
classic phishing disguise and would leak secrets into analytics.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import SplitResult, quote, urlsplit

from common.keys import SANDBOX_PATH

MAX_URL_LENGTH = 2048
_FORBIDDEN = re.compile(r"[\x00-\x20\x7f\\]|[\u0080-\u009f\u2028\u2029]")
_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")


class InvalidUrl(ValueError):
    """Why a URL was refused; the message is safe to show to the client."""


def _check_host(host: str) -> None:
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1].split("%", 1)[0])
        except ValueError:
            raise InvalidUrl("has an invalid IPv6 address") from None
        return
    try:
        ascii_host = host.encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise InvalidUrl("has an invalid host name") from None
    labels = ascii_host.rstrip(".").split(".")
    if len(ascii_host) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
        raise InvalidUrl("has an invalid host name")


def parse_http_url(raw: str) -> SplitResult:
    """Return the split URL or raise InvalidUrl."""
    if len(raw) > MAX_URL_LENGTH:
        raise InvalidUrl(f"must be at most {MAX_URL_LENGTH} characters")
    if _FORBIDDEN.search(raw):
        raise InvalidUrl("must not contain spaces, control characters or backslashes")
    try:
        parts = urlsplit(raw)
    except ValueError:  # e.g. a bracketed host that is not an IPv6 address
        raise InvalidUrl("has an invalid IPv6 address") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise InvalidUrl("must be an absolute http or https URL")
    host = parts.netloc.rpartition("@")[2]
    host = host.rsplit(":", 1)[0] if not host.endswith("]") and ":" in host else host
    if not host:
        raise InvalidUrl("must name a host")
    if "@" in parts.netloc:
        raise InvalidUrl("must not contain a user name or password")
    try:
        _ = parts.port
    except ValueError:
        raise InvalidUrl("has an invalid port") from None
    _check_host(host)
    return parts


# Schemes an app URL may never have: they run script or read local data in the page
# that opens them (docs/decisions.md#deep-links-issue-30).
DANGEROUS_SCHEMES = frozenset({"javascript", "data", "vbscript", "file", "blob"})
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")


def check_app_url(raw: str) -> str:
    """A deep link's ``appUrl``: any scheme but DANGEROUS_SCHEMES, something after it, no
    whitespace, control characters or backslashes, at most MAX_URL_LENGTH characters.
    Answers the scheme, lower case (an http(s) one is then checked as a destination);
    raises InvalidUrl."""
    if len(raw) > MAX_URL_LENGTH:
        raise InvalidUrl(f"must be at most {MAX_URL_LENGTH} characters")
    if _FORBIDDEN.search(raw):
        raise InvalidUrl("must not contain spaces, control characters or backslashes")
    scheme = _SCHEME.match(raw)
    if scheme is None:
        raise InvalidUrl("must be an absolute URL with a scheme (myapp://...)")
    name = scheme[1].lower()
    if name in DANGEROUS_SCHEMES:
        raise InvalidUrl(f"must not be a {name}: URL")
    if len(raw) == scheme.end() or raw[scheme.end() :] in ("/", "//"):
        raise InvalidUrl("must name something after its scheme")
    return name


def location_form(url: str) -> str:
    """The URL as a ``Location`` header carries it: IDNA host, non-ASCII %-encoded."""
    if url.isascii():
        return url
    parts = urlsplit(url)
    userless = parts.netloc.rpartition("@")[2]
    host, colon, port = userless.rpartition(":") if userless.count(":") == 1 else (userless, "", "")
    ascii_host = host.encode("idna").decode("ascii") if not host.isascii() else host
    rest = url[len(parts.scheme) + 3 + len(parts.netloc) :]
    encoded = "".join(char if char.isascii() else quote(char, safe="") for char in rest)
    return f"{parts.scheme}://{ascii_host}{colon}{port}{encoded}"


def public_base(short_base_url: str, environment: str) -> str:
    """Where an environment's links and Bio pages live: ``<base>/<code>``, ``<base>/@<name>``.

    Sandbox ones sit under ``SANDBOX_PATH`` on the short domain (see docs/decisions.md).
    """
    return short_base_url if environment == "live" else short_base_url + SANDBOX_PATH


def short_url(short_base_url: str, environment: str, code: str, domain: str = "") -> str:
    """A link's public address: on the default short host (``public_base``), or on its
    custom domain, always https (the operator's proxy holds its certificate), with the
    sandbox under ``SANDBOX_PATH`` there too."""
    if not domain:
        return f"{public_base(short_base_url, environment)}/{code}"
    sandbox = "" if environment == "live" else SANDBOX_PATH
    return f"https://{domain}{sandbox}/{code}"
