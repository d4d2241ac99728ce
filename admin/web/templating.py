"""The Jinja environment every dashboard page renders with (through Litestar's
template engine for handlers, directly for error pages the gate answers).

Autoescaping is on for every template and undefined names are errors, so a typo in a
template fails its test instead of rendering an empty string.
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.template.config import TemplateConfig

from admin.web.assets import asset_url
from common.safety import REASONS

TEMPLATES = Path(__file__).parent / "templates"
# Headers of every page: scripts, styles and connections from this origin only (htmx
# and our own script are files here, nothing is inline), no framing, and no Referer to
# other sites (verification and reset links carry their token in the address).
# ``same-origin``, not ``no-referrer``: with the latter browsers send ``Origin: null``
# on our own form posts, which the CSRF check could then not tell from a forged one.
PAGE_HEADERS = {
    "Content-Security-Policy": "; ".join(
        (
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "frame-src 'self'",  # the Bio editor's preview (admin/web/bio_pages.py)
            "form-action 'self'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        )
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    # Pages carry CSRF tokens and account data: never kept by a browser or proxy cache.
    "Cache-Control": "no-store",
}


# A page the dashboard frames itself (the Bio preview's error): framed by this site only.
FRAMED_HEADERS = {
    "Content-Security-Policy": PAGE_HEADERS["Content-Security-Policy"].replace(
        "frame-ancestors 'none'", "frame-ancestors 'self'"
    ),
    "X-Frame-Options": "SAMEORIGIN",
}


def when(value: str | datetime | float | None) -> str:
    """``2026-11-22 19:24 UTC`` from an ISO timestamp (the API's format) or epoch seconds."""
    if value is None:
        return ""
    if isinstance(value, int | float):
        value = datetime.fromtimestamp(value, UTC)
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value)
    return f"{moment.astimezone(UTC):%Y-%m-%d %H:%M} UTC"


def number(value: int) -> str:
    return f"{value:,}"


@functools.cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["asset"] = asset_url
    env.filters["when"] = when
    env.filters["number"] = number
    # A safety reason code as the sentence the owner reads (the edge's warning pages' own).
    env.filters["safety_reason"] = lambda code: REASONS.get(code, code)
    return env


def template_config() -> TemplateConfig[JinjaTemplateEngine]:
    return TemplateConfig(instance=JinjaTemplateEngine.from_environment(environment()))


def render(name: str, **context: object) -> str:
    return environment().get_template(name).render(**context)
