"""Every URL a link may send a visitor to, and the hosts they are on: longUrl, its
targeting rules' and A/B variants' URLs, expiredUrl, a QR app code's or a deep link's
iosUrl and androidUrl (a rule's too), and an appUrl that is a web page. A link is judged
by all of them, the worst verdict winning (verdicts.py ``worst``), at create and update
and on every re-check; the hosts besides longUrl's are kept in ``link_destination_hosts``
so refreshes find the link through any of them."""

from __future__ import annotations

from admin.link_model import FeatureColumns, LinkFields, LinkRow
from admin.safety.urlforms import locate

Located = tuple[str, str]  # (site, host), as links.site and links.host hold them


def destinations(
    long_url: str,
    features: FeatureColumns,
    ios_url: str | None = None,
    android_url: str | None = None,
) -> list[str]:
    """Every URL a visitor may be sent to, longUrl first, each once."""
    urls = [long_url]
    for rule in features.rules or ():
        urls.append(rule["url"])
        # A rule's deep link (issue 30): its stores, and its appUrl when that is a web
        # page (a universal / app link); a custom scheme names no host to judge.
        urls += [rule[name] for name in ("iosUrl", "androidUrl") if rule.get(name)]
        urls += _web(rule.get("appUrl"))
    urls += [variant["url"] for variant in features.variants or ()]
    urls += [url for url in (features.expired_url, ios_url, android_url) if url]
    urls += _web(features.app_url)
    return list(dict.fromkeys(urls))


def _web(app_url: str | None) -> list[str]:
    """A deep link's appUrl if it is an http(s) URL (a page a visitor may land on)."""
    return [app_url] if app_url and app_url.lower().startswith(("http://", "https://")) else []


def of_link(link: LinkFields) -> list[str]:
    """A stored link's destinations, longUrl first."""
    return destinations(link.long_url, link, link.ios_url, link.android_url)


def other_hosts(urls: list[str]) -> list[Located]:
    """The (site, host) of each destination after the first (longUrl) that is on another
    host than longUrl, each host once, sorted."""
    if len(urls) < 2:
        return []
    main = _located(urls[0])
    found: dict[str, str] = {}
    for url in urls[1:]:
        located = _located(url)
        if located is not None and located != main:
            found[located[1]] = located[0]
    return sorted((site, host) for host, site in found.items())


def all_hosts(link: LinkRow) -> list[Located]:
    """The (site, host) of every destination of a stored link, longUrl's first."""
    main = [(link.site, link.host)] if link.site and link.host else []
    return main + other_hosts(of_link(link))


def _located(url: str) -> Located | None:
    try:
        host, site = locate(url)
    except (UnicodeError, ValueError):
        return None  # never matches a feed entry or a rule (as in locate_links)
    return (site, host) if host else None
