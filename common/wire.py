"""Structs that cross process boundaries through Redis.

Wire structs evolve append-only: new fields go last and carry a default, so an
older edge can read what a newer admin wrote and the other way round.
"""

from __future__ import annotations

from typing import Literal

import msgspec

LinkState = Literal["active", "deleted"]


class LinkRule(msgspec.Struct, frozen=True, array_like=True, omit_defaults=True, gc=False):
    """A targeting rule (common/targeting.py): every non-empty condition must hold."""

    url: str
    countries: tuple[str, ...] = ()
    devices: tuple[str, ...] = ()
    oses: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()  # lower-cased tags
    # Appended for deep links (issue 30): the rule's app URL and its store fallbacks
    # (edge/applinks.py); "" when the rule has none. An older edge redirects to ``url``.
    app_url: str = ""
    ios_url: str = ""
    android_url: str = ""


class LinkVariant(msgspec.Struct, frozen=True, array_like=True, gc=False):
    url: str
    weight: int  # a percentage; a link's weights add up to 100


class LinkPreview(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """What link-preview crawlers are shown (og: and twitter: tags)."""

    title: str
    description: str = ""
    image: str = ""


class LinkFeatures(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """What the edge decides a visit of a link by, beyond its destination (docs/api.md).
    URLs are in location form with the link's UTM fields merged; an older edge ignores
    all of it and redirects to ``url``."""

    rules: tuple[LinkRule, ...] = ()
    variants: tuple[LinkVariant, ...] = ()
    password_verifier: str = ""  # common/linkpass.py; "" when the link has no password
    exhausted: bool = False  # max_clicks reached: answered like an expired link
    expired_url: str = ""  # where an expired or exhausted link sends visitors (else 410)
    preview: LinkPreview | None = None
    # Appended for deep links (issue 30): the link's app URL, opened for visitors on iOS
    # and Android with LinkEntry.ios_url / android_url as its fallbacks (edge/applinks.py).
    # An older edge ignores it and sends those visitors to their store as before.
    app_url: str = ""


class LinkEntry(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """What the edge needs to answer ``GET /<code>``, stored at ``keys.link_key``."""

    link_id: str
    url: str
    state: LinkState = "active"
    expires_at_ms: int = 0  # 0: never expires
    redirect_type: int = 302
    forward_query: bool = True
    # Appended for QR codes and app links (issue 5): a visit of a QR-owned link is
    # a scan; visitors on iOS / Android go to their store when these are set.
    qr: bool = False
    ios_url: str = ""
    android_url: str = ""
    # Appended for the safety layer (issue 11): "warn" makes the edge show an
    # interstitial, "block" a 403 page; reasons are common/safety.py codes. An older
    # edge ignores them (and redirects, as before); "ok" entries are unchanged bytes.
    verdict: str = "ok"
    reasons: tuple[str, ...] = ()
    # Appended for links decided at the edge (issue 15): one field, None for links using
    # none of it. One, not six: msgspec writes a struct of more than 15 fields with a
    # longer map header, so six more would have changed every ordinary entry's bytes.
    features: LinkFeatures | None = None
    # Appended in issue 30: what /<code>/<more> answers. "" (every link before) the 404 it
    # always did; "ignore" the link's answer; "append" its destination with /<more>.
    extra_path: str = ""


link_entry_encoder = msgspec.msgpack.Encoder()
link_entry_decoder = msgspec.msgpack.Decoder(LinkEntry)


class ClickEvent(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One redirect, as the edge saw it (docs/analytics.md). The edge parses nothing it
    doesn't need: user agent, referrer and forwarding headers travel raw (cropped)
    and the worker enriches them. Array-like to keep stream entries small."""

    event_id: str
    link_id: str
    short_code: str
    at_ms: int
    peer_ip: str
    user_agent: str
    referrer: str
    accept_language: str
    forwarded_for: str
    country: str  # the HOP_COUNTRY_HEADER value, raw: the worker believes it only from
    # a peer in HOP_TRUSTED_PROXIES
    qr: bool = False
    # "click": a redirect of link_id. "bio": a Bio page visit, where link_id holds
    # the page id (bio_…) and short_code the username visited.
    kind: str = "click"
    # Appended in issue 15: the index of the A/B variant the visitor was sent to; -1 none.
    variant: int = -1
    # Appended in issue 29: the request said DNT: 1 or Sec-GPC: 1. The worker honours it
    # when the link's workspace promised to (workspaces.honor_dnt, docs/privacy.md).
    dnt: bool = False
    # Appended in issue 29: for kind "orphan" (a visit that found no link; link_id holds
    # the domain, "" for the default short host, and short_code the path), what it found:
    # one of ORPHAN_TYPES.
    orphan: str = ""


CLICK_KIND = "click"
BIO_VISIT_KIND = "bio"
ORPHAN_KIND = "orphan"
# An unknown code (or any path that is no code), the bare host ("/"), an expired or
# exhausted link, a deleted one.
ORPHAN_TYPES = ("unknown", "base", "expired", "deleted")


# A stream entry carries one batch: {b"v": CLICK_BATCH_VERSION, b"c": <msgpack list>}.
CLICK_BATCH_VERSION = b"1"
click_batch_encoder = msgspec.msgpack.Encoder()
click_batch_decoder = msgspec.msgpack.Decoder(list[ClickEvent])


class BioEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A rendered Bio page as the edge serves it, stored at ``keys.bio_key``."""

    bio_id: str
    html: bytes
    # Appended in issue 8: a deleted or renamed page's old name, reserved for its
    # owner; the edge answers 410 (html is empty).
    gone: bool = False


bio_entry_encoder = msgspec.msgpack.Encoder()
bio_entry_decoder = msgspec.msgpack.Decoder(BioEntry)
