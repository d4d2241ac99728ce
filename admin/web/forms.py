"""Forms in, services' errors out.

A form is turned into the very JSON body the API takes and decoded by the API's own
decoder (admin/api/body.py), so a page and ``/v1`` accept and refuse exactly the
same input, with the same field names in their errors. Those errors come back to the
template as ``FormErrors``: one message per field (shown under the field and tied
to it with ``aria-describedby``) and a summary at the top of the form.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
from litestar import Request

from admin.api.body import decode_json_body
from admin.errors import HopError, ValidationFailed
from admin.wording import plural

T = TypeVar("T")


def _at_least_characters(least: int) -> str:
    return "is required" if least == 1 else f"must be at least {plural(least, 'character')}"


def _at_least_entries(least: int) -> str:
    return "must have at least one entry" if least == 1 else f"must have at least {least} entries"


# The decoder's messages (the API's contract) as a person reads them under a field, the
# number said with its noun in the right number ("at least 1 characters" read wrong).
_PLAIN: list[tuple[re.Pattern[str], Callable[[int], str] | str]] = [
    (re.compile(r"Expected `str` of length >= (\d+)"), _at_least_characters),
    (
        re.compile(r"Expected `str` of length <= (\d+)"),
        lambda most: f"must be at most {plural(most, 'character')}",
    ),
    (re.compile(r"Expected `str` matching regex .*"), "has characters that are not allowed"),
    (
        re.compile(r"Expected `array` of length <= (\d+)"),
        lambda most: f"must have at most {plural(most, 'entry', 'entries')}",
    ),
    (re.compile(r"Expected `array` of length >= (\d+)"), _at_least_entries),
    (re.compile(r"Invalid enum value .*"), "is not one of the choices"),
    (re.compile(r"Expected `datetime`.*|Invalid RFC3339 .*"), "must be a date and time"),
    (re.compile(r"Expected `(?:int|bool)`.*"), "is not one of the choices"),
]


def plain(message: str) -> str:
    for pattern, said in _PLAIN:
        if match := pattern.fullmatch(message):
            return said if isinstance(said, str) else said(int(match[1]))
    return message


class FormErrors(msgspec.Struct, frozen=True):
    detail: str = ""
    fields: dict[str, str] = msgspec.field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.detail or self.fields)

    @classmethod
    def of(cls, error: HopError, detail: str | None = None) -> FormErrors:
        fields: dict[str, str] = {}
        for item in error.errors:
            fields.setdefault(item.field.split(".")[0].split("[")[0], plain(item.message))
        if detail is None:
            # "Invalid value for x, y." only repeats the list of fields under it.
            detail = "" if isinstance(error, ValidationFailed) and fields else error.detail
        return cls(detail=detail, fields=fields)


NO_ERRORS = FormErrors()


async def read_form(request: Request[Any, Any, Any]) -> dict[str, Any]:
    """The posted fields: one value each, lists for repeated ones (checkbox groups)."""
    form = await request.form()
    values: dict[str, Any] = {}
    for key in form:
        items = [item for item in form.getall(key) if isinstance(item, str)]
        values[key] = items if len(items) > 1 else (items[0] if items else "")
    return values


def text(values: dict[str, Any], name: str) -> str:
    value = values.get(name, "")
    return value if isinstance(value, str) else (value[0] if value else "")


def many(values: dict[str, Any], name: str) -> list[str]:
    value = values.get(name, [])
    return [value] if isinstance(value, str) else list(value)


def decode(body: dict[str, Any], model: type[T]) -> T:
    """``body`` as the API would decode it (the same 400 and 422 errors)."""
    return decode_json_body(msgspec.json.encode(body), model)
