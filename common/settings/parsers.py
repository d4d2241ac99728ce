"""Parsers of ``HOP_*`` values: each takes the raw text and returns the typed value, or
raises ValueError with a short reason (``load_settings`` prefixes the variable's name)."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from common.redis_store import parse_redis_url
from common.weak_secrets import GENERATE, placeholder_reason, weak_key_reason


def text(raw: str) -> str:
    if not raw.strip():
        raise ValueError("must not be empty")
    return raw.strip()


def dns_resolver(raw: str) -> str:
    """``IP`` or ``IP:PORT`` (``[IPv6]:PORT``), as ``IP:PORT``."""
    host, number = raw, "53"
    if raw.startswith("["):
        host, _, rest = raw[1:].partition("]")
        number = rest.removeprefix(":") or "53"
    elif raw.count(":") == 1:
        host, number = raw.split(":")
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise ValueError("must be an IP address, optionally with :PORT") from None
    if not number.isdigit() or not 1 <= int(number) <= 65535:
        raise ValueError("the port must be 1-65535")
    return f"[{address}]:{number}" if address.version == 6 else f"{address}:{number}"


def positive_int(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"must be a whole number, got {raw!r}") from None
    if value <= 0:
        raise ValueError(f"must be greater than 0, got {value}")
    return value


def hash_memory(raw: str) -> int:
    value = positive_int(raw)
    if value < 8192:
        raise ValueError(f"must be at least 8192 (KiB), got {value}")
    return value


def non_negative_int(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"must be a whole number, got {raw!r}") from None
    if value < 0:
        raise ValueError(f"must be 0 or more, got {value}")
    return value


def http_url(raw: str) -> str:
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"must be an absolute http(s) URL, got {raw!r}")
    if parts.query or parts.fragment:
        raise ValueError("must not carry a query or fragment")
    return raw.strip().rstrip("/")


_LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")


def issuer_url(raw: str) -> str:
    """An OpenID Connect issuer: https, or plain http on a loopback address only
    (development and tests' stand-in providers)."""
    url = http_url(raw)
    parts = urlsplit(url)
    if parts.scheme == "http" and parts.hostname not in _LOOPBACK_HOSTS:
        raise ValueError(
            f"must be an https URL (plain http only on 127.0.0.1, ::1 or localhost), got {raw!r}"
        )
    return url


def any_http_url(raw: str) -> str:
    """An absolute http(s) URL kept exactly as given (query and trailing slash included)."""
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"must be an absolute http(s) URL, got {raw!r}")
    return raw.strip()


def postgres_url(raw: str) -> str:
    if urlsplit(raw).scheme not in ("postgres", "postgresql"):
        raise ValueError("must be a postgresql:// URL")
    return raw


def redis_url(raw: str) -> str:
    parse_redis_url(raw)  # a single server, a cluster or Sentinel (common/redis_store.py)
    return raw


def shards(raw: str) -> int:
    value = positive_int(raw)
    if value > 1024:
        raise ValueError(f"must be at most 1024, got {value}")
    return value


def choice(*allowed: str) -> Callable[[str], str]:
    def parse(raw: str) -> str:
        value = raw.strip().lower()
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}, got {raw!r}")
        return value

    return parse


def listen(raw: str) -> dict[str, Any]:
    host, sep, number = raw.strip().rpartition(":")
    if not sep or not host:
        raise ValueError(f"must be HOST:PORT, got {raw!r}")
    return {"host": host.strip("[]"), "port": port(number)}


def port(raw: str) -> int:
    value = positive_int(raw)
    if value > 65535:
        raise ValueError(f"must be a TCP port, got {value}")
    return value


def networks(raw: str) -> tuple[str, ...]:
    found = []
    for item in filter(None, (part.strip() for part in raw.split(","))):
        try:
            found.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(f"{item!r} is not an IP address or CIDR network") from None
    return tuple(found)


_HOST_LABEL = r"[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?"
_HOST_NAME = re.compile(rf"{_HOST_LABEL}(?:\.{_HOST_LABEL})*")


def host_names(raw: str) -> tuple[str, ...]:
    """Comma-separated host names or IP addresses, without ports, as the edge compares a
    ``Host`` (common/domains.py ``host_of``): lower case, no final dot, IPv6 in brackets."""
    names = []
    for item in filter(None, (part.strip().lower() for part in raw.split(","))):
        try:
            address = ipaddress.ip_address(item.strip("[]"))
        except ValueError:
            name = item.removesuffix(".")
            if len(name) > 253 or not _HOST_NAME.fullmatch(name):
                raise ValueError(f"{item!r} is not a host name (no scheme, port or path)") from None
            names.append(name)
        else:
            names.append(f"[{address}]" if address.version == 6 else str(address))
    return tuple(names)


def header_name(raw: str) -> str:
    name = raw.strip().lower()
    if not name or not all(c.isalnum() or c == "-" for c in name):
        raise ValueError(f"must be an HTTP header name, got {raw!r}")
    return name


def secret(raw: str) -> str:
    if len(raw) < 32:
        raise ValueError(f"must be at least 32 characters; {GENERATE}")
    if reason := weak_key_reason(raw):
        raise ValueError(f"{reason}; {GENERATE}")
    return raw


def boolean(raw: str) -> bool:
    value = raw.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"must be true or false, got {raw!r}")


def positive_seconds(raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"must be a number of seconds, got {raw!r}") from None
    if not 0 < value < 10 * 86400 * 365:
        raise ValueError(f"must be a positive number of seconds, got {raw!r}")
    return value


def non_negative_seconds(raw: str) -> float:
    """Seconds, or 0 (which the setting says means off)."""
    if raw.strip() in ("0", "0.0"):
        return 0.0
    return positive_seconds(raw)


def unix_time(raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"must be a Unix time in seconds, got {raw!r}") from None
    if not 0 <= value < 2**32:
        raise ValueError(f"must be a Unix time in seconds (1970 to 2106), got {raw!r}")
    return value


def schedule(raw: str) -> tuple[float, ...]:
    items = [item.strip() for item in raw.split(",")]
    if not all(items):
        raise ValueError(f"must be comma-separated seconds, got {raw!r}")
    return tuple(positive_seconds(item) for item in items)


def webhook_networks(raw: str) -> tuple[str, ...]:
    if raw.strip().lower() == "public":
        return ()
    found = networks(raw)
    if not found:
        raise ValueError("must be `public` or comma-separated networks")
    return found


def smtp_url(raw: str) -> str:
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("smtp", "smtps", "smtp+starttls") or not parts.hostname:
        raise ValueError("must be an smtp://, smtp+starttls:// or smtps:// URL with a host")
    try:
        _ = parts.port
    except ValueError:
        raise ValueError("has an invalid port") from None
    if parts.password and (reason := placeholder_reason(parts.password)):
        raise ValueError(f"the password {reason}")
    return raw.strip()


def mailbox(raw: str) -> str:
    value = raw.strip()
    if "@" not in value or any(c in value for c in "\r\n"):
        raise ValueError(f"must be an e-mail address, got {raw!r}")
    return value


def credential(raw: str) -> str:
    """An app secret or API key issued by someone else: any shape, but no placeholder."""
    value = raw.strip()
    if not value:
        raise ValueError("must not be empty")
    if reason := placeholder_reason(value):
        raise ValueError(reason)
    return value


def shop_url_template(raw: str) -> str:
    value = raw.strip().rstrip("/")
    if value.count("{shop}") != 1:
        raise ValueError("must contain {shop} once, e.g. https://{shop}")
    any_http_url(value.replace("{shop}", "shop.myshopify.com"))
    return value


def labels(raw: str) -> tuple[str, ...]:
    """Comma-separated DNS names or TLDs, lower-cased, without leading dots."""
    items = [item.strip().lower().lstrip(".") for item in raw.split(",") if item.strip()]
    for item in items:
        if not all(c.isalnum() or c in "-." for c in item):
            raise ValueError(f"{item!r} is not a domain name")
    return tuple(items)


def contact(raw: str) -> str:
    value = raw.strip()
    if not value or any(c in value for c in '<>"\r\n') or len(value) > 200:
        raise ValueError("must be an e-mail address or a URL (no <, >, quotes or newlines)")
    return value


def webrisk_threats(raw: str) -> tuple[str, ...]:
    allowed = (
        "MALWARE",
        "SOCIAL_ENGINEERING",
        "UNWANTED_SOFTWARE",
        "SOCIAL_ENGINEERING_EXTENDED_COVERAGE",
    )
    items = tuple(item.strip().upper() for item in raw.split(",") if item.strip())
    unknown = [item for item in items if item not in allowed]
    if unknown or not items:
        raise ValueError(f"must be comma-separated threat types among {', '.join(allowed)}")
    return items


# Top-level domains most abused for phishing and malware by recent industry reports
# (docs/safety.md cites them); an operator tunes the table with the setting.
SUSPICIOUS_TLDS = (
    "zip,mov,tk,ml,ga,cf,gq,top,xyz,icu,cyou,rest,click,country,kim,work,support,monster,"
    "bond,sbs,cfd,buzz,quest,cam,lol,bar"
)


def listen_of(url: str) -> dict[str, Any]:
    parts = urlsplit(url)
    default_port = 443 if parts.scheme == "https" else 80
    return {"host": parts.hostname or "127.0.0.1", "port": parts.port or default_port}
