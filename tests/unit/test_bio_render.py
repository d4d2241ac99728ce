"""The Bio page renderer: escaping and theme contrast (WCAG AA)."""

from __future__ import annotations

import pytest

from admin.bio.render import THEMES, PageView, render_page
from admin.qr.images import _luminance


def contrast(one: str, other: str) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_theme_meets_wcag_aa(theme: str) -> None:
    palette = THEMES[theme]
    assert contrast(palette.text, palette.background) >= 4.5
    assert contrast(palette.button_text, palette.button) >= 4.5
    assert contrast(palette.focus, palette.background) >= 3  # non-text contrast


def test_everything_is_escaped() -> None:
    html = render_page(
        PageView(
            username="x",
            display_name='"><script>alert(1)</script>',
            description="<b>",
            avatar_url='https://e.com/a.png" onerror="x',
            theme="light",
            language="en",
            links=[("<i>", 'https://s.example/a"b')],
            socials=[("github", "<h>", "https://s.example/c")],
        )
    )
    assert "<script>" not in html
    assert "<b>" not in html
    assert '" onerror="' not in html
    assert 'href="https://s.example/a&quot;b"' in html
