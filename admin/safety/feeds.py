"""The URLhaus and PhishTank dumps: download and read them (docs/safety.md#feeds).

URLhaus ``csv_online``: comment lines starting with ``#`` (the last names the columns
``id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter``), then one
quoted CSV row per online malware URL. PhishTank ``online-valid.json``: a JSON array of
``{"phish_id", "url", "phish_detail_url", "submission_time", "verified", "online",
"target", ...}``, possibly compressed (``.gz``, ``.bz2``). Anything unreadable raises
``FeedError``; a partial dump is never taken for the whole list.
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
from typing import Final

import httpx
import msgspec

from admin.urls import InvalidUrl, parse_http_url

_TIMEOUT: Final = httpx.Timeout(60.0, connect=10.0)
_MAX_DUMP_BYTES: Final = 512 * 1024 * 1024
_URLHAUS_URL_COLUMN: Final = 2
_URLHAUS_COLUMNS: Final = 9


class FeedError(Exception):
    """A dump could not be fetched or read; the message says why (no secrets in it)."""


async def download(url: str, user_agent: str) -> bytes:
    """The dump's bytes, decompressed by the file's extension (.gz, .bz2)."""
    try:
        async with (
            httpx.AsyncClient(timeout=_TIMEOUT, follow_redirects=True) as client,
            client.stream("GET", url, headers={"User-Agent": user_agent}) as response,
        ):
            if response.status_code != 200:
                raise FeedError(f"the download answered {response.status_code}")
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > _MAX_DUMP_BYTES:
                    raise FeedError("the dump is larger than 512 MiB")
    except httpx.HTTPError as exc:
        raise FeedError(f"the download failed: {type(exc).__name__}") from None
    path = httpx.URL(url).path
    try:
        if path.endswith(".bz2"):
            return bz2.decompress(body)
        if path.endswith(".gz"):
            return gzip.decompress(body)
    except (OSError, ValueError) as exc:
        raise FeedError(f"the dump does not decompress: {exc}") from None
    return bytes(body)


def _acceptable(url: str) -> bool:
    """Only URLs a link could point at can ever match one."""
    try:
        parse_http_url(url)
    except InvalidUrl:
        return False
    return True


def read_urlhaus(body: bytes) -> list[str]:
    text = body.decode("utf-8", errors="replace")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    if not text.lstrip().startswith("#"):
        raise FeedError("not a URLhaus CSV dump (no comment header)")
    urls = []
    for row in csv.reader(io.StringIO("\n".join(lines))):
        if len(row) < _URLHAUS_COLUMNS:
            raise FeedError(f"a URLhaus row has {len(row)} columns, not {_URLHAUS_COLUMNS}")
        url = row[_URLHAUS_URL_COLUMN]
        if _acceptable(url):
            urls.append(url)
    return urls


class Phish(msgspec.Struct):
    url: str
    phish_id: str | int = ""
    verified: str = "yes"
    online: str = "yes"


def read_phishtank(body: bytes) -> list[str]:
    try:
        phishes = msgspec.json.decode(body, type=list[Phish])
    except msgspec.DecodeError as exc:
        raise FeedError(f"not a PhishTank JSON dump: {exc}") from None
    return [
        phish.url
        for phish in phishes
        if phish.verified == "yes" and phish.online == "yes" and _acceptable(phish.url)
    ]
