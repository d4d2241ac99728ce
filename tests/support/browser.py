"""The dashboard in a real browser: Playwright for Python driving Debian's Chromium.

Nothing is downloaded: Playwright's own browser builds are never installed
(`playwright install` is not run); ``launch`` starts /usr/bin/chromium, which
`.ci/run` installs with apt when it is missing. Without it the browser tests skip and
say why.

- ``shoot(page, name)``: full-page screenshots at desktop (1280 by 800) and phone
  (390 by 844) widths, and desktop in the dark colour scheme, into tests/screenshots/
  (gitignored) as ``<name>-<view>.png``: look at them.
- ``assert_accessible(page, name)``: the vendored axe-core (tests/browser/vendor) scans
  the page in each of those views against WCAG 2.x A/AA and best practices; any
  serious or critical finding fails the test with what and where.
- ``check_page(page, name)``: both, returning the findings so a test can collect
  them over many pages and fail once with the whole list.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.support.processes import ROOT

CHROMIUM = Path(os.environ.get("HOP_TEST_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "tests" / "screenshots"
AXE = ROOT / "tests" / "browser" / "vendor" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def why_no_browser() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401, PLC0415 - only to tell whether it is there
    except ImportError:
        return "the playwright package is missing (a dev dependency: ./scripts/test installs it)"
    return None


# (label, viewport, colour scheme): every page is looked at in each.
VIEWS = (
    ("desktop", DESKTOP, "light"),
    ("phone", PHONE, "light"),
    ("desktop-dark", DESKTOP, "dark"),
)


def _each_view(page: Any) -> Any:
    """Yield each view's label with the page set to it; restore desktop light after."""
    for label, size, scheme in VIEWS:
        page.set_viewport_size(size)
        page.emulate_media(color_scheme=scheme)
        yield label
    page.set_viewport_size(DESKTOP)
    page.emulate_media(color_scheme="light")


def shoot(page: Any, name: str) -> None:
    """Full-page screenshots of the page as it is, in every view."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for label in _each_view(page):
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{label}.png"), full_page=True)


def axe_findings(page: Any) -> list[dict[str, Any]]:
    """Serious and critical axe findings on the page (needs a context with bypass_csp)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text())
    result = page.evaluate(
        "tags => axe.run(document,"
        " {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        AXE_TAGS,
    )
    return [
        {
            "rule": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "nodes": [node["target"] for node in violation["nodes"]][:5],
        }
        for violation in result["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def scan(page: Any) -> dict[str, list[dict[str, Any]]]:
    """Serious and critical findings in each view (desktop, phone, dark) that has any."""
    return {label: findings for label in _each_view(page) if (findings := axe_findings(page))}


def check_page(page: Any, name: str) -> dict[str, list[dict[str, Any]]]:
    """Screenshots of the page in every view, and its findings (keyed "name (view)")."""
    page.wait_for_load_state("load")
    shoot(page, name)
    return {f"{name} ({label})": findings for label, findings in scan(page).items()}


def assert_accessible(page: Any, name: str) -> None:
    """No serious or critical axe finding on the page in any view."""
    found = scan(page)
    assert not found, f"{name}: {json.dumps(found, indent=1)}"
