"""Many links at once (docs/api.md#bulk): the items of POST /v1/links/bulk and the rows of
a CSV import become the same ``LinkCreate`` a single create decodes, so they meet the
same checks (LinkService.create_many); the CSV export writes what an import reads.
"""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator, Sequence
from typing import Any

import msgspec

from admin.api.body import decode_json_body
from admin.api.problem import problem_of
from admin.errors import BadRequest, FieldError, HopError, ValidationFailed
from admin.links.schemas import BulkItemResult, BulkProblem, BulkResult, Link, LinkCreate

# Columns an import reads; any others, such as an export's, are ignored. An export's
# ``shortCode`` is not read as ``alias``: codes are unique across accounts, so a
# re-import makes new codes for the same destinations.
CSV_COLUMNS = (
    "longUrl",
    "alias",
    "tags",
    "expiresAt",
    "redirectType",
    "forwardQuery",
    "domain",
    "externalId",
    "archived",
)
EXPORT_COLUMNS = (
    "id",
    "shortCode",
    "shortUrl",
    "longUrl",
    "tags",
    "expiresAt",
    "redirectType",
    "forwardQuery",
    "status",
    "clicks",
    "createdAt",
    "domain",
    "externalId",
    "archived",
)
TAG_SEPARATOR = "|"
# A cell starting with one of these is a formula to a spreadsheet: exported with a
# leading apostrophe (OWASP's advice), which an import takes off again.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_encoder = msgspec.json.Encoder()


def decode_items(values: Sequence[Any]) -> list[LinkCreate | HopError]:
    """Each item decoded exactly as the body of POST /v1/links is, or its problem."""
    items: list[LinkCreate | HopError] = []
    for value in values:
        try:
            items.append(decode_json_body(_encoder.encode(value), LinkCreate))
        except (BadRequest, ValidationFailed) as error:
            items.append(error)
    return items


def _cell(value: str) -> str:
    return value[1:] if value[:1] == "'" and value[1:2] in _FORMULA_STARTS else value


def spreadsheet_safe(value: str) -> str:
    """A cell a spreadsheet will not run as a formula (CSV injection)."""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def _bool(value: str) -> bool | str:
    lowered = value.strip().lower()
    if lowered in ("true", "1", "yes"):
        return True
    if lowered in ("false", "0", "no"):
        return False
    return value  # left for the decoder to refuse, naming the field


def _row_body(row: dict[str, str]) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for column in CSV_COLUMNS:
        value = row.get(column)
        if value is None or value == "":
            continue
        value = _cell(value)
        if column == "tags":
            body["tags"] = [tag.strip() for tag in value.split(TAG_SEPARATOR) if tag.strip()]
        elif column == "redirectType":
            body[column] = int(value) if value.strip().isdigit() else value
        elif column in ("forwardQuery", "archived"):
            body[column] = _bool(value)
        else:
            body[column] = value
    return body


def decode_csv(body: bytes, max_rows: int) -> list[LinkCreate | HopError]:
    """The rows of a CSV import (a header row, then one link a row), each decoded as a
    POST /v1/links body. A file that is not UTF-8 CSV with a ``longUrl`` column, or has
    more than ``max_rows`` rows, is refused whole (400 / 422)."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadRequest("The CSV file must be UTF-8.") from None
    if "\0" in text:
        raise ValidationFailed("Text fields must not contain NUL characters.")
    reader = csv.DictReader(io.StringIO(text, newline=""), restkey="_extra")
    try:
        header = reader.fieldnames
        if not header or "longUrl" not in header:
            raise ValidationFailed(
                "The CSV file needs a header row with a longUrl column.",
                [FieldError("longUrl", "column is missing from the header row")],
            )
        rows: list[dict[str, str]] = []
        for row in reader:
            if len(rows) == max_rows:
                raise ValidationFailed(
                    f"At most {max_rows:,} rows in one import.",
                    [FieldError("rows", f"at most {max_rows}")],
                )
            rows.append(row)
    except csv.Error as error:
        raise BadRequest(f"The CSV file is malformed: {error}.") from None
    if not rows:
        raise ValidationFailed("The CSV file has no rows.", [FieldError("rows", "none given")])
    items: list[LinkCreate | HopError] = []
    for row in rows:
        encoded = _encoder.encode(_row_body({k: v for k, v in row.items() if k != "_extra"}))
        try:
            items.append(decode_json_body(encoded, LinkCreate))
        except (BadRequest, ValidationFailed) as error:
            # A missing longUrl cell is the row's 422, as any other bad cell.
            items.append(ValidationFailed(error.detail, error.errors))
    return items


def bulk_result(outcomes: Sequence[Link | HopError]) -> BulkResult:
    results = [
        BulkItemResult(index=index, status=201, link=outcome)
        if isinstance(outcome, Link)
        else BulkItemResult(index=index, status=outcome.status, problem=_problem(outcome))
        for index, outcome in enumerate(outcomes)
    ]
    created = sum(1 for result in results if result.status == 201)
    return BulkResult(created=created, failed=len(results) - created, results=results)


def _problem(error: HopError) -> BulkProblem:
    problem = problem_of(error)
    return BulkProblem(
        type=problem.type,
        title=problem.title,
        status=problem.status,
        detail=problem.detail,
        errors=[{"field": e.field, "message": e.message} for e in problem.errors],
    )


def csv_header() -> bytes:
    return _line(EXPORT_COLUMNS)


def csv_rows(links: Sequence[Link]) -> bytes:
    return b"".join(
        _line(
            (
                link.id,
                link.short_code,
                link.short_url,
                spreadsheet_safe(link.long_url),
                spreadsheet_safe(TAG_SEPARATOR.join(link.tags)),
                link.expires_at or "",
                str(link.redirect_type),
                "true" if link.forward_query else "false",
                link.status,
                str(link.clicks),
                link.created_at,
                link.domain or "",
                spreadsheet_safe(link.external_id or ""),
                "true" if link.archived else "false",
            )
        )
        for link in links
    )


def _line(cells: Sequence[str]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerow(cells)
    return out.getvalue().encode()


async def csv_document(pages: AsyncIterator[Sequence[Link]]) -> AsyncIterator[bytes]:
    """The export, its first page read before the answer starts: a database that cannot
    be reached is then a 503 problem rather than a cut-off 200."""
    first = await anext(pages, None)

    async def document() -> AsyncIterator[bytes]:
        yield csv_header()
        if first is not None:
            yield csv_rows(first)
        async for page in pages:
            yield csv_rows(page)

    return document()
