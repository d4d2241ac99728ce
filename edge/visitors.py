"""What the edge learns about a visitor when a link's rules ask: client address,
country, preview crawler. Only links with rules, variants, a password or a preview
pay for any of it; each answer is cached, as addresses and user agents repeat.

Country follows the worker's rule (admin/analytics/enrich.py): the HOP_COUNTRY_HEADER
value when the edge's peer is one of HOP_TRUSTED_PROXIES, else the offline RIR
database (``iptocc``) on the client address.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Final

import iptocc

from common.clientip import TrustedProxies, peer_host

_COUNTRY: Final = re.compile(r"[A-Z]{2}")
_NOT_COUNTRIES: Final = frozenset({"XX", "T1", "A1", "A2", "O1", "ZZ"})
# Fetchers that unfurl links in chats and feeds, by a word of their user agents: they
# get the preview page.
PREVIEW_BOTS: Final = (
    "Slackbot",
    "Slack-ImgProxy",
    "Twitterbot",
    "facebookexternalhit",
    "Facebot",
    "LinkedInBot",
    "Discordbot",
    "WhatsApp",
    "TelegramBot",
    "SkypeUriPreview",
    "redditbot",
    "Pinterestbot",
    "Embedly",
    "Iframely",
    "vkShare",
    "Viber",
    "Mastodon",
    "Bluesky",
    "Google-PageRenderer",
    "Applebot",
)
_PREVIEW_BOTS: Final = re.compile("|".join(re.escape(bot) for bot in PREVIEW_BOTS))


@functools.lru_cache(maxsize=4096)
def is_preview_bot(user_agent: str) -> bool:
    return _PREVIEW_BOTS.search(user_agent) is not None


# Crawlers at large, by the words their user agents carry (Googlebot/2.1, AdsBot-Google,
# bingbot/2.0, Baiduspider, Yahoo! Slurp, HeadlessChrome, ...): a deep link's page is for
# people, a crawler with a phone's user agent gets the redirect. "bot" only before a
# separator, as phone models end in it too (CUBOT X19).
_CRAWLERS: Final = re.compile(
    r"bot[/;)-]|bot$|crawl|spider|slurp|mediapartners|headless|lighthouse|inspectiontool",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def is_crawler(user_agent: str) -> bool:
    """A preview fetcher or any other crawler (only deep links ask)."""
    return _CRAWLERS.search(user_agent) is not None or is_preview_bot(user_agent)


@functools.lru_cache(maxsize=16_384)
def _ip_country(ip: str) -> str:
    try:
        code = iptocc.country_code(ip)
    except ValueError:
        return ""
    return str(code) if code else ""


class Visitors:
    def __init__(self, trusted: TrustedProxies, country_header: str | None) -> None:
        self.trusted = trusted
        self.country_header = country_header

    def client_ip(self, scope: Any) -> str:
        peer = peer_host(scope.client)
        return self.trusted.client_ip(peer, scope.headers.get("x-forwarded-for") or None)

    def country(self, scope: Any, ip: str) -> str:
        if self.country_header and self.trusted and self.trusted.trusts(peer_host(scope.client)):
            code = str(scope.headers.get(self.country_header, ""))[:2].upper()
            if _COUNTRY.fullmatch(code) and code not in _NOT_COUNTRIES:
                return code
        return _ip_country(ip)
