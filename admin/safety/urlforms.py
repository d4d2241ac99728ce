"""The forms a destination is matched against threat feeds in.

``canonical`` is the URL canonicalization of Google's Safe Browsing and Web Risk
(unescape, lower-case host, dotted-decimal IPs, ``/./`` and ``/../`` resolved,
fragment dropped, odd bytes %-escaped); ``expressions`` are the host-suffix and
path-prefix combinations whose SHA-256 hashes a Web Risk list holds; ``url_key``
(host and path, no scheme, query or trailing slash) is how URLhaus and PhishTank
entries and links are compared: phishing URLs differ by their query string (a
victim's id, a tracking token) far more often than by their path.
"""

from __future__ import annotations

import hashlib
import ipaddress
import posixpath
import re
from typing import Final
from urllib.parse import unquote, urlsplit

from admin.safety.hosts import site_of

_CONTROL: Final = re.compile(r"[\t\r\n]")
_MAX_HOST_SUFFIXES: Final = 4  # besides the exact host
_MAX_PATH_PREFIXES: Final = 4  # besides the exact path (with and without query)
_UNESCAPE_ROUNDS: Final = 8


def _unescape(text: str) -> str:
    for _ in range(_UNESCAPE_ROUNDS):
        unescaped = unquote(text, errors="surrogateescape")
        if unescaped == text:
            break
        text = unescaped
    return text


def _escape(text: str) -> str:
    raw = text.encode("utf-8", errors="surrogateescape")
    return "".join(
        f"%{byte:02X}" if byte <= 32 or byte >= 127 or byte in (0x23, 0x25) else chr(byte)
        for byte in raw
    )


def _ipv4(host: str) -> str | None:
    """The dotted-decimal form of a host browsers read as IPv4 (3232235777, 0xc0a80101)."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    values = []
    for part in parts:
        try:
            if part.lower().startswith("0x"):
                values.append(int(part[2:] or "0", 16))
            elif len(part) > 1 and part.startswith("0"):
                values.append(int(part, 8))
            else:
                values.append(int(part))
        except ValueError:
            return None
    *head, last = values
    if any(value > 255 for value in head) or last >= 256 ** (5 - len(values)):
        return None
    number = last
    for index, value in enumerate(head):
        number += value << (8 * (3 - index))
    return str(ipaddress.IPv4Address(number))


def _host(raw: str) -> str:
    host = _unescape(raw).strip(".").lower()
    host = re.sub(r"\.{2,}", ".", host)
    if host.startswith("["):
        return host
    dotted = _ipv4(host)
    if dotted is not None:
        return dotted
    try:
        return host.encode("idna").decode("ascii") if not host.isascii() else host
    except UnicodeError:
        return host


def canonical(url: str) -> tuple[str, str, str]:
    """(host, path, query) of the URL in Safe Browsing's canonical form; query is ""
    when absent and "?..." otherwise."""
    url = _CONTROL.sub("", url.strip()).split("#", 1)[0]
    parts = urlsplit(url if "://" in url else "http://" + url)
    netloc = parts.netloc.rpartition("@")[2]
    host = netloc if netloc.startswith("[") else netloc.rsplit(":", 1)[0]
    path = _unescape(parts.path) or "/"
    normal = posixpath.normpath(path)
    if normal.startswith("//"):
        normal = "/" + normal.lstrip("/")
    if path.endswith("/") and normal != "/":
        normal += "/"
    query = ("?" + parts.query) if parts.query or url.endswith("?") else ""
    return _escape(_host(host)), _escape(normal), _escape(_unescape(query))


def url_key(url: str) -> str:
    """Host and path, no scheme, query, fragment or trailing slash: the feed match key."""
    host, path, _ = canonical(url)
    return host + path.rstrip("/")


def expressions(url: str) -> list[str]:
    """The host-suffix/path-prefix expressions a Web Risk lookup hashes (at most 30)."""
    host, path, query = canonical(url)
    hosts = [host]
    labels = host.split(".")
    is_ip = host.startswith("[") or _ipv4(host) == host
    if not is_ip and len(labels) > 1:
        last = labels[-5:]
        for start in range(len(last) - 2, -1, -1):
            suffix = ".".join(last[start:])
            if suffix != host and len(hosts) <= _MAX_HOST_SUFFIXES:
                hosts.append(suffix)
    paths = [path + query] if query else []
    paths.append(path)
    segments = path.split("/")[1:-1]
    prefix = "/"
    prefixes = [prefix]
    for segment in segments[: _MAX_PATH_PREFIXES - 1]:
        prefix += segment + "/"
        prefixes.append(prefix)
    for candidate in prefixes:
        if candidate not in paths:
            paths.append(candidate)
    return [h + p for h in hosts for p in paths]


def full_hashes(url: str) -> list[bytes]:
    return [hashlib.sha256(expression.encode()).digest() for expression in expressions(url)]


def locate(url: str) -> tuple[str, str]:
    """(host, site) of a URL as links and feed entries are indexed: the canonical host
    (so 3232235777 and 192.168.1.1 are one host) and its registrable domain."""
    host = canonical(url)[0]
    return host, site_of(host)


def site_prefix(name: str) -> bytes:
    """The 4-byte hash prefix of a host's or site's own expression ("example.com/")."""
    return hashlib.sha256(f"{name}/".encode()).digest()[:4]
