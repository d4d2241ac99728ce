"""The links page's selection toolbar: which links a posted selection names, the view
(search, tag, archived) it was made in, and what it tells the template when a change is
refused (the tag field's error, the ticks kept)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from admin.web.forms import NO_ERRORS, FormErrors, many, text

# A page holds at most the list's page size; a post naming more is not one of ours.
MAX_SELECTED = 200
_LINK_ID = re.compile(r"^lnk_[0-9A-Za-z]{1,60}$")
ACTIONS = ("addTags", "removeTags", "archive", "unarchive", "delete")


@dataclass(frozen=True, kw_only=True)
class BulkForm:
    """The toolbar as it is shown again after a refusal."""

    selected: frozenset[str] = frozenset()
    tags: str = ""
    errors: FormErrors = NO_ERRORS


NO_BULK = BulkForm()


@dataclass(frozen=True, kw_only=True)
class View:
    """The list the selection was made in, to go back to."""

    q: str = ""
    tag: str = ""
    archived: bool = False
    cursor: str = ""

    @property
    def url(self) -> str:
        query = export_query(q=self.q, tag=self.tag, archived=self.archived)
        if self.cursor:
            query = (query + "&" if query else "") + urlencode({"cursor": self.cursor})
        return "/" + ("?" + query if query else "")


@dataclass(frozen=True, kw_only=True)
class Selection:
    ids: list[str] = field(default_factory=list)
    view: View = View()


def export_query(*, q: str | None, tag: str | None, archived: bool) -> str:
    """The query string of a list view (also the export's: it exports what the list shows)."""
    params = {"q": q or "", "tag": tag or "", "archived": "1" if archived else ""}
    return urlencode({name: value for name, value in params.items() if value})


def selection_of(values: dict[str, Any]) -> Selection:
    """The links a toolbar post names: every link of the page when "all on this page"
    is ticked (so select-all works without JavaScript), else the ticked rows. Ids that
    are not link ids are dropped (they could match nothing anyway)."""
    chosen = many(values, "pageId") if text(values, "allOnPage") else many(values, "id")
    ids = list(dict.fromkeys(i for i in chosen if _LINK_ID.match(i)))[:MAX_SELECTED]
    view = View(
        q=text(values, "q")[:200],
        tag=text(values, "tag")[:64],
        archived=text(values, "archived") == "1",
        cursor=text(values, "cursor")[:200],
    )
    return Selection(ids=ids, view=view)


def tags_of(raw: str) -> list[str]:
    return list(dict.fromkeys(tag.strip() for tag in raw.split(",") if tag.strip()))
