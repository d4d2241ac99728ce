"""Every page's title is text: a template's ``title`` block holds no markup (a section
pasted into it once rendered inside <title>, where no browser shows it)."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "admin" / "web" / "templates"
_TITLE = re.compile(r"{%-?\s*block title\s*-?%}(.*?){%-?\s*endblock", re.S)


def test_title_blocks_hold_no_markup() -> None:
    titles = {
        path.name: match.group(1)
        for path in sorted(TEMPLATES.glob("*.html"))
        for match in _TITLE.finditer(path.read_text())
    }
    assert titles, "no title blocks found"
    marked = {name: title for name, title in titles.items() if "<" in title or "\n" in title}
    assert marked == {}
