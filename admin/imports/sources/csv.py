"""A CSV file as an import source (docs/import.md): Bitly's link export or
Hop's own (the export of ``GET /v1/links/export``, or the import form of
``POST /v1/links/bulk``), told apart by the header row.

The file's text comes with the job (``options.content``); the cursor is the index of the
next data row, a page is 1,000 rows. A row that cannot be imported comes back with an
empty ``long_url`` and its ``problem``, for the runner to report.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Annotated, ClassVar
from urllib.parse import urlsplit

import msgspec

from admin.imports.sources.base import Page, SourceFailed, SourceHttp, SourceLink

PAGE_ROWS = 1000
# Hop's export writes a cell that a spreadsheet would run as a formula with a leading
# apostrophe (admin/links/bulk.py); reading it, the apostrophe comes off again.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_SEPARATORS = re.compile(r"[,;|]")
_WHITESPACE_OR_SEPARATORS = re.compile(r"[\s,;|]+")


class CsvCredentials(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    pass


class CsvOptions(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    content: Annotated[str, msgspec.Meta(min_length=1)]
    base_url: str | None = None  # every source takes one; a file calls nobody


Row = Sequence[str]
Reader = Callable[[Row, int], SourceLink]


class CsvSource:
    name: ClassVar[str] = "csv"
    label: ClassVar[str] = "CSV file"
    credentials: ClassVar[type[msgspec.Struct]] = CsvCredentials
    options: ClassVar[type[msgspec.Struct]] = CsvOptions

    def __init__(self, credentials: CsvCredentials, options: CsvOptions, http: SourceHttp) -> None:
        self.content = options.content
        # Read once per source object: a cache, not state (a new object reads it again).
        self._parsed: tuple[Reader, list[Row]] | None = None

    async def page(self, cursor: str | None) -> Page:
        read, rows = self._rows()
        start = _start(cursor)
        chunk = rows[start : start + PAGE_ROWS]
        end = start + len(chunk)
        links = [read(row, start + offset + 1) for offset, row in enumerate(chunk)]
        return Page(
            links=links,
            cursor=str(end) if end < len(rows) else None,
            total=len(rows),
        )

    def _rows(self) -> tuple[Reader, list[Row]]:
        if self._parsed is None:
            self._parsed = _parse(self.content)
        return self._parsed


def _start(cursor: str | None) -> int:
    if not cursor:
        return 0
    if not cursor.isdigit():
        raise SourceFailed("the import's saved position is not readable")
    return int(cursor)


def _parse(content: str) -> tuple[Reader, list[Row]]:
    text = content.removeprefix("\ufeff")
    try:
        table = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as error:
        raise SourceFailed(f"the CSV file is malformed: {error}") from None
    if not table:
        raise SourceFailed("the CSV file is empty")
    header = table[0]
    rows: list[Row] = [row for row in table[1:] if any(cell.strip() for cell in row)]
    reader = _hop_reader(header) or _bitly_reader(header)
    if reader is None:
        shown = ", ".join(header[:8]) + (", …" if len(header) > 8 else "")
        raise SourceFailed(f"the CSV's header is neither Bitly's export nor Hop's: {shown[:200]}")
    return reader, rows


class _Columns:
    """Where each wanted column is in a header (``None``: not there)."""

    def __init__(self, header: Row, key: Callable[[str], str]) -> None:
        self.at = {key(name): index for index, name in reversed(list(enumerate(header)))}
        self.key = key

    def find(self, *names: str) -> int | None:
        for name in names:
            index = self.at.get(self.key(name))
            if index is not None:
                return index
        return None


def _cell(row: Row, index: int | None) -> str:
    if index is None or index >= len(row):
        return ""
    value = row[index].strip()
    return value[1:] if value[:1] == "'" and value[1:2] in _FORMULA_STARTS else value


def _failed(row_number: int, problem: str, source_id: str = "") -> SourceLink:
    return SourceLink(
        source_id=source_id or f"row {row_number}",
        long_url="",
        problem=f"row {row_number}: {problem}",
    )


# Hop's own: the export's columns (admin/links/bulk.py EXPORT_COLUMNS) or the import
# form's (CSV_COLUMNS); its names are exact, camelCase.


def _hop_reader(header: Row) -> Reader | None:
    columns = _Columns(header, lambda name: name.strip())
    if columns.find("longUrl") is None:
        return None
    at = {
        name: columns.find(name)
        for name in (
            "id", "shortCode", "shortUrl", "longUrl", "alias", "tags", "expiresAt",
            "clicks", "createdAt", "domain", "title",
        )
    }  # fmt: skip

    def read(row: Row, number: int) -> SourceLink:
        short_url = _cell(row, at["shortUrl"])
        host, code = _host_and_code(short_url)
        code = _cell(row, at["shortCode"]) or code or _cell(row, at["alias"])
        domain = host or _cell(row, at["domain"]) or None
        source_id = (
            f"{host}/{code}"
            if host and code
            else _cell(row, at["id"]) or (f"{domain or ''}/{code}" if code else f"row {number}")
        )
        long_url = _cell(row, at["longUrl"])
        if not long_url:
            return _failed(number, "no destination (longUrl is empty)", source_id)
        return SourceLink(
            source_id=source_id,
            long_url=long_url,
            code=code or None,
            domain=domain,
            title=_cell(row, at["title"]) or None,
            tags=_tags(_cell(row, at["tags"]), "|"),
            created_at=_when(_cell(row, at["createdAt"])),
            expires_at=_when(_cell(row, at["expiresAt"])),
            clicks=_count(_cell(row, at["clicks"])),
        )

    return read


# Bitly's export: its column names have changed over the years ("Bitlink", "Link",
# "Short link"; "Long URL", "Destination URL"; "Custom Bitlink", "Custom Link"); they are
# matched without case, spaces, underscores or punctuation, so the API's names
# (long_url, custom_bitlinks, created_at) read too.


def _loose(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _bitly_reader(header: Row) -> Reader | None:
    columns = _Columns(header, _loose)
    long_url = columns.find("Long URL", "Destination URL", "Destination", "Original URL")
    short = columns.find("Bitlink", "Short link", "Link", "Short URL", "id")
    custom = columns.find(
        "Custom Bitlinks", "Custom Bitlink", "Custom Links", "Custom Link", "Custom back-half"
    )
    if long_url is None or (short is None and custom is None):
        return None
    title = columns.find("Title")
    created = columns.find("Created", "Created At", "Date Created", "Creation Date", "Created date")
    clicks = columns.find("Clicks", "Total Clicks", "Engagements", "Total Engagements")
    tags = columns.find("Tags")
    archived = columns.find("Archived", "Hidden")

    def read(row: Row, number: int) -> SourceLink:
        bitlink = _bare(_cell(row, short))
        customs = [_bare(value) for value in _WHITESPACE_OR_SEPARATORS.split(_cell(row, custom))]
        printed = next((value for value in customs if "/" in value), "") or bitlink
        source_id = bitlink or printed
        if not source_id:
            return _failed(number, "no short link (Bitlink and custom link are empty)")
        destination = _cell(row, long_url)
        if not destination:
            return _failed(number, "no destination (the long URL is empty)", source_id)
        domain, _, code = printed.partition("/")
        return SourceLink(
            source_id=source_id,
            long_url=destination,
            code=code or None,
            domain=domain or None,
            title=_cell(row, title) or None,
            tags=_tags(_cell(row, tags), None),
            created_at=_when(_cell(row, created)),
            archived=_cell(row, archived).lower() in ("true", "yes", "1"),
            clicks=_count(_cell(row, clicks)),
        )

    return read


def _bare(link: str) -> str:
    """ "https://bit.ly/abc" → "bit.ly/abc": a short link as Bitly names it."""
    host, code = _host_and_code(link if "//" in link else f"//{link}" if link else "")
    return f"{host}/{code}" if host and code else ""


def _host_and_code(url: str) -> tuple[str, str]:
    if not url:
        return "", ""
    parts = urlsplit(url)
    return (parts.hostname or "", parts.path.strip("/"))


def _tags(value: str, separator: str | None) -> tuple[str, ...]:
    pieces = value.split(separator) if separator else _SEPARATORS.split(value)
    return tuple(tag.strip() for tag in pieces if tag.strip())


def _count(value: str) -> int:
    digits = value.replace(",", "").replace(" ", "")
    return int(digits) if digits.isdigit() else 0


_DATE_FORMATS = ("%m/%d/%Y %H:%M:%S", "%m/%d/%Y %H:%M", "%m/%d/%Y", "%d %b %Y")


def _when(value: str) -> datetime | None:
    """ISO 8601 (Hop's; Bitly's API style), the US dates of spreadsheets, or Unix
    seconds; without a zone it is UTC. Unreadable: not known (the link still comes)."""
    if not value:
        return None
    moment: datetime | None = None
    if value.isdigit():
        moment = datetime.fromtimestamp(int(value), UTC)
    else:
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            for form in _DATE_FORMATS:
                try:
                    moment = datetime.strptime(value, form).replace(tzinfo=UTC)
                    break
                except ValueError:
                    continue
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
