"""The import form's sources: which inputs each source's fieldset has, how the posted
form becomes the body ``POST /v1/imports`` takes, and how the service's field errors
find their input again.

An input's id and name are ``<source>-<field>`` (``bitly-token``, ``shlink-baseUrl``):
every source's fieldset is on the page at once (without JavaScript all of them show),
so the API's field names alone would collide. The field part is the API's own name,
which is what maps an error on ``options.baseUrl`` back to ``shlink-baseUrl``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from admin.errors import HopError, ValidationFailed
from admin.imports.sources import SOURCES
from admin.web.forms import FormErrors, plain, text

Part = Literal["credentials", "options"]
InputKind = Literal["text", "password", "url", "checkbox", "file"]
SOURCE_FIELD = "source"
_MISSING = re.compile(r"Object missing required field `(\w+)`")
_URL_PATTERN = re.compile(r"Expected `str` matching regex .*")


@dataclass(frozen=True, kw_only=True)
class Input:
    field: str  # the API's name in credentials or options
    part: Part
    label: str
    kind: InputKind = "password"
    hint: str = ""


@dataclass(frozen=True, kw_only=True)
class SourceForm:
    name: str
    inputs: tuple[Input, ...]
    note: str = ""

    @property
    def label(self) -> str:
        return SOURCES[self.name].label

    def input_id(self, item: Input) -> str:
        return f"{self.name}-{item.field}"

    @property
    def fieldset_id(self) -> str:
        """Where an error that names no single input of the source is shown."""
        return f"{self.name}-fields"

    def labels(self) -> dict[str, str]:
        found = {self.input_id(item): item.label for item in self.inputs}
        return {**found, self.fieldset_id: self.label}


def _api_key(what: str) -> Input:
    return Input(field="apiKey", part="credentials", label=f"{what} API key")


def _base_url(what: str, hint: str, *, required: bool) -> Input:
    label = f"{what} server address" if required else f"{what} API address (optional)"
    return Input(field="baseUrl", part="options", label=label, kind="url", hint=hint)


SOURCE_FORMS: tuple[SourceForm, ...] = (
    SourceForm(
        name="bitly",
        note="An access token from Bitly: Settings, Developer settings, API.",
        inputs=(
            Input(field="token", part="credentials", label="Bitly access token"),
            Input(
                field="groupGuid",
                part="options",
                label="Bitly group guid (optional)",
                kind="text",
                hint="Only this group's links, e.g. Ba1bc23dE4F; every active group if empty.",
            ),
            Input(
                field="clicks",
                part="options",
                label="Bring each link's click total (one request per link)",
                kind="checkbox",
            ),
            _base_url("Bitly", "Default https://api-ssl.bitly.com", required=False),
        ),
    ),
    SourceForm(
        name="rebrandly",
        note="An API key from Rebrandly: Account settings, API keys.",
        inputs=(
            _api_key("Rebrandly"),
            _base_url("Rebrandly", "Default https://api.rebrandly.com", required=False),
        ),
    ),
    SourceForm(
        name="shortio",
        note="A secret API key from Short.io: Integrations and API.",
        inputs=(
            _api_key("Short.io"),
            _base_url("Short.io", "Default https://api.short.io", required=False),
        ),
    ),
    SourceForm(
        name="shlink",
        note="An API key of your Shlink instance (shlink api-key:generate).",
        inputs=(
            _api_key("Shlink"),
            _base_url("Shlink", "Your instance, e.g. https://s.example", required=True),
        ),
    ),
    SourceForm(
        name="yourls",
        note="The signature token, or a username and password, of your YOURLS site.",
        inputs=(
            Input(field="signature", part="credentials", label="YOURLS signature token"),
            Input(
                field="username",
                part="credentials",
                label="YOURLS username (instead of the signature)",
                kind="text",
            ),
            Input(field="password", part="credentials", label="YOURLS password"),
            _base_url("YOURLS", "Your site, e.g. https://y.example", required=True),
        ),
    ),
    SourceForm(
        name="kutt",
        note="An API key from Kutt: Settings, API.",
        inputs=(_api_key("Kutt"), _base_url("Kutt", "e.g. https://kutt.it", required=True)),
    ),
    SourceForm(
        name="csv",
        note="Bitly's link export or Hop's own export, as a UTF-8 CSV file.",
        inputs=(Input(field="content", part="options", label="CSV file", kind="file"),),
    ),
)
FORMS_BY_NAME = {form.name: form for form in SOURCE_FORMS}
CSV_FILE = "csv-content"  # the file input's name


def labels() -> dict[str, str]:
    """Every input's label by its id, for the error summary's links."""
    found = {SOURCE_FIELD: "Source"}
    for form in SOURCE_FORMS:
        found.update(form.labels())
    return found


def import_body(values: dict[str, Any], file_text: str | None) -> dict[str, Any]:
    """The JSON body of ``POST /v1/imports`` the posted form stands for: the chosen
    source's inputs only, empty ones left out (so a missing one is the service's
    "is required"). An unknown source goes as it came: the service names the choices."""
    source = text(values, SOURCE_FIELD).strip()
    body: dict[str, Any] = {"source": source, "credentials": {}, "options": {}}
    form = FORMS_BY_NAME.get(source)
    if form is None:
        return body
    for item in form.inputs:
        value: str | bool | None
        if item.kind == "checkbox":
            value = form.input_id(item) in values
        elif item.kind == "file":
            value = file_text or None
        else:
            value = text(values, form.input_id(item)).strip() or None
        if value is not None:
            body[item.part][item.field] = value
    return body


def shown_values(values: dict[str, Any]) -> dict[str, Any]:
    """What the form shows again after a refusal: the source, the options' text fields
    and the checkboxes as they were; never a credential."""
    shown: dict[str, Any] = {SOURCE_FIELD: text(values, SOURCE_FIELD)}
    for form in SOURCE_FORMS:
        for item in form.inputs:
            key = form.input_id(item)
            if item.kind == "checkbox":
                shown[key] = key in values
            elif item.part == "options" and item.kind != "file":
                shown[key] = text(values, key)
    return shown


def form_errors(error: HopError, source: str) -> FormErrors:
    """The service's refusal with each field error at the input it is about."""
    form = FORMS_BY_NAME.get(source)
    if form is None or not error.errors:
        return FormErrors.of(error)
    fields: dict[str, str] = {}
    for item in error.errors:
        where, message = _place(form, item.field, item.message)
        fields.setdefault(where, message)
    detail = "" if isinstance(error, ValidationFailed) else error.detail
    return FormErrors(detail=detail, fields=fields)


def _place(form: SourceForm, field: str, message: str) -> tuple[str, str]:
    """(input id, message as a person reads it) of one field error."""
    if field == SOURCE_FIELD:
        return SOURCE_FIELD, plain(message)
    part, _, name = field.partition(".")
    if not name and (missing := _MISSING.fullmatch(message)):
        name, message = missing[1], "is required"
    name = name.split(".")[0].split("[")[0]
    inputs = {item.field: item for item in form.inputs if item.part == part}
    item = inputs.get(name)
    if item is None:
        return form.fieldset_id, plain(message)
    if item.kind == "url" and _URL_PATTERN.fullmatch(message):
        return form.input_id(item), "must be an http:// or https:// address"
    if item.kind == "file" and message == "is required":
        return form.input_id(item), "is required: choose a file that is not empty"
    return form.input_id(item), plain(message)
