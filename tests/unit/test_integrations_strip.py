"""strip_urls: what a writer's copy may not carry (any host a browser would go to), and
what it costs (linear in a capped text: it runs on the admin's event loop)."""

from __future__ import annotations

import pytest

from admin.integrations.xtext import _URL_IN_TOKEN, STRIP_MAX_CHARS, strip_urls


@pytest.mark.parametrize(
    "host",
    [
        "evil.com",
        "evil\u3002com",  # ideographic full stop
        "evil\uff0ecom",  # full-width full stop
        "evil\uff61com",  # half-width ideographic full stop
        "\uff45\uff56\uff49\uff4c\uff0e\uff43\uff4f\uff4d",  # full-width letters and dot
        "ev\u200bil.com",  # zero-width space inside a label
        "evil\u200d.com",  # zero-width joiner before the dot
        "evil.c\u2060om",  # word joiner
        "evil\u00ad.com",  # soft hyphen
        "evil\ufe0f.com",  # variation selector
        "evil\u200b\u3002com",
        "evil\u3002co\u3002jp/landing",
        "\u898b\u3066\u3002evil\u3002com",  # a Japanese sentence running into the host
        "\uff48\uff54\uff54\uff50\uff53\uff1a\uff0f\uff0f1.2.3.4",  # full-width scheme, IP host
        "xhttps://1.2.3.4/x",
        "evil.com:80x.net",  # what is left around a host is a host too: the token goes
    ],
)
def test_hosts_are_stripped_however_they_are_written(host: str) -> None:
    assert strip_urls(f"Buy it at {host} today.") == "Buy it at today."
    assert strip_urls(f"Buy it at {host}.") == "Buy it at ."


@pytest.mark.parametrize(
    "text",
    [
        "\u6674\u308c\u3002\u660e\u65e5\u306f\u96e8\u3002",  # sentences ending with 。
        "\u65b0\u767a\u58f2\u3002iPhone\u30b1\u30fc\u30b9",  # 。 then a product name
        "\u65b0\u767b\u5834\u3002Made in Japan",
        "Caf\u00e9 \u2122 \U0001f468\u200d\U0001f469\u200d\U0001f467 \uff34\uff25\uff33\uff34",
        "U.S.A. e.g. 3.5mm No.1 v2.0 1.99 EUR",
    ],
)
def test_copy_keeps_its_own_characters(text: str) -> None:
    """Only the test reads tokens as a host name would: the copy is not rewritten."""
    assert strip_urls(text) == text


def test_the_text_is_capped_first() -> None:
    long = "word " * 5000 + "evil.com"
    stripped = strip_urls(long)
    assert len(stripped) <= STRIP_MAX_CHARS
    assert "evil" not in stripped
    # The input that took over a second: handled, and kept (it names no host).
    run = "a1." * 4000
    assert strip_urls(run) == run[:STRIP_MAX_CHARS]
    assert strip_urls("x1." * 3000 + "com") == ""


@pytest.mark.parametrize("dot", [".", "\u3002"])
def test_a_host_can_begin_only_where_its_run_begins(dot: str) -> None:
    """Why the search is linear: in a run of labels, a host may begin at the run's first
    character only (the lookbehinds), so one scan covers the run. Without that, every
    label of "x1.x1.…com" begins a host, and each is scanned to the end of the run."""
    token = f"x1{dot}" * 3000 + "com"
    starts = [position for position in range(len(token)) if _URL_IN_TOKEN.match(token, position)]
    assert starts == [0]
    spaced = " ".join([f"x1{dot}com"] * 3)
    starts = [p for p in range(len(spaced)) if _URL_IN_TOKEN.match(spaced, p)]
    assert starts == [0, 7, 14]
