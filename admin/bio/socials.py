"""The social networks a Bio page and a ``social`` QR code link to, and the profile URL
of a handle on each (a Bio page's buttons and a QR code's payload are the same URL)."""

from __future__ import annotations

from typing import Literal
from urllib.parse import quote

SocialNetwork = Literal[
    "facebook",
    "instagram",
    "x",
    "linkedin",
    "tiktok",
    "youtube",
    "github",
    "threads",
    "pinterest",
    "snapchat",
    "telegram",
    "twitch",
]

_SOCIAL_URLS = {
    "facebook": "https://www.facebook.com/{}",
    "instagram": "https://www.instagram.com/{}/",
    "x": "https://x.com/{}",
    "linkedin": "https://www.linkedin.com/in/{}",
    "tiktok": "https://www.tiktok.com/@{}",
    "youtube": "https://www.youtube.com/@{}",
    "github": "https://github.com/{}",
    "threads": "https://www.threads.net/@{}",
    "pinterest": "https://www.pinterest.com/{}/",
    "snapchat": "https://www.snapchat.com/add/{}",
    "telegram": "https://t.me/{}",
    "twitch": "https://www.twitch.tv/{}",
}


def social_url(network: str, handle: str) -> str:
    return _SOCIAL_URLS[network].format(quote(handle.removeprefix("@"), safe=""))
