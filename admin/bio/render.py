"""The public Bio page as HTML: rendered once per change, served by the edge from Redis.

Mobile-first and accessible: the page's language, a viewport, a real heading
and list structure, alt text on the avatar, visible focus rings, large tap
targets, reduced motion respected, and theme colours that meet WCAG AA (4.5:1)
for text and buttons (checked by a unit test). Every piece of owner text goes
through ``html.escape``; the edge adds a CSP that allows no script at all.
"""

from __future__ import annotations

from html import escape
from typing import NamedTuple


class Palette(NamedTuple):
    background: str
    text: str
    button: str
    button_text: str
    focus: str


THEMES: dict[str, Palette] = {
    "light": Palette("#ffffff", "#1f2937", "#111827", "#ffffff", "#2563eb"),
    "dark": Palette("#0f172a", "#e2e8f0", "#e2e8f0", "#0f172a", "#fbbf24"),
    "ocean": Palette("#e0f2fe", "#0c4a6e", "#0369a1", "#ffffff", "#7c2d12"),
    "sunset": Palette("#fff7ed", "#7c2d12", "#c2410c", "#ffffff", "#1e3a8a"),
}
NETWORK_NAMES = {
    "facebook": "Facebook",
    "instagram": "Instagram",
    "x": "X",
    "linkedin": "LinkedIn",
    "tiktok": "TikTok",
    "youtube": "YouTube",
    "github": "GitHub",
    "threads": "Threads",
    "pinterest": "Pinterest",
    "snapchat": "Snapchat",
    "telegram": "Telegram",
    "twitch": "Twitch",
}


class PageView(NamedTuple):
    username: str
    display_name: str
    description: str
    avatar_url: str | None
    theme: str
    language: str
    links: list[tuple[str, str]]  # (title, tracked URL)
    socials: list[tuple[str, str, str]]  # (network, handle, tracked URL)


def _style(palette: Palette) -> str:
    return (
        f":root{{--bg:{palette.background};--fg:{palette.text};"
        f"--btn:{palette.button};--btn-fg:{palette.button_text};--focus:{palette.focus}}}"
        "*{box-sizing:border-box}"
        "body{margin:0;background:var(--bg);color:var(--fg);"
        "font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}"
        "main{max-width:36rem;margin:0 auto;padding:2.5rem 1rem 3rem;text-align:center}"
        ".avatar{width:6rem;height:6rem;border-radius:50%;object-fit:cover}"
        "h1{font-size:1.5rem;margin:.75rem 0 .25rem}"
        "p{margin:0 0 1.5rem;white-space:pre-line}"
        "ul{list-style:none;margin:0;padding:0}"
        ".links li{margin:0 0 .75rem}"
        ".links a{display:block;min-height:3rem;padding:.75rem 1rem;border-radius:.75rem;"
        "background:var(--btn);color:var(--btn-fg);font-weight:600;text-decoration:none;"
        "overflow-wrap:anywhere}"
        ".socials{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem 1rem;"
        "margin-top:1.5rem}"
        ".socials a{display:inline-block;min-height:2.75rem;padding:.6rem .25rem;color:var(--fg);"
        "text-decoration:underline}"
        "a:focus-visible{outline:3px solid var(--focus);outline-offset:3px}"
        "@media (hover:hover){.links a:hover{filter:brightness(1.15)}}"
        "@media (prefers-reduced-motion:reduce){*{transition:none!important}}"
    )


def render_page(page: PageView) -> str:
    palette = THEMES[page.theme]
    name = escape(page.display_name)
    parts = [
        f'<!doctype html><html lang="{escape(page.language)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{name} (@{escape(page.username)})</title>",
        f'<meta name="description" content="{escape(page.description[:160])}">',
        f'<meta name="theme-color" content="{palette.background}">',
        f"<style>{_style(palette)}</style></head><body><main>",
        "<header>",
    ]
    if page.avatar_url:
        parts.append(
            f'<img class="avatar" src="{escape(page.avatar_url)}" alt="{name}" '
            'width="96" height="96">'
        )
    parts.append(f"<h1>{name}</h1>")
    if page.description:
        parts.append(f"<p>{escape(page.description)}</p>")
    parts.append("</header>")
    if page.links:
        parts.append('<nav aria-label="Links"><ul class="links">')
        parts += [
            f'<li><a href="{escape(url)}">{escape(title)}</a></li>' for title, url in page.links
        ]
        parts.append("</ul></nav>")
    if page.socials:
        parts.append('<ul class="socials" aria-label="Social profiles">')
        for network, handle, url in page.socials:
            label = NETWORK_NAMES.get(network, network)
            parts.append(
                f'<li><a href="{escape(url)}" aria-label="{escape(label)}: '
                f'{escape(handle)}">{escape(label)}</a></li>'
            )
        parts.append("</ul>")
    parts.append("</main></body></html>")
    return "".join(parts)
