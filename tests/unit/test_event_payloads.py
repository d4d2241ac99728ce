"""The outbox's contract: each event type's payload struct (admin/events/payloads.py) is
the data docs/api.md#events and docs/webhooks.md#events describe, and the documented
examples decode as their structs. What SQL writes is held to the same structs in
tests/integration/test_event_payloads.py."""

from __future__ import annotations

import re

import msgspec
import pytest

from admin.links.schemas import Link
from admin.qr.schemas import QrCode
from admin.webhooks.catalogue import PAYLOADS
from common.events import EVENT_TYPES, WEBHOOK_TEST_EVENT
from tests.support.processes import ROOT

_ROW = re.compile(r"^\| `([a-z]+\.[a-z]+)` \|(.*)\|\s*$", re.MULTILINE)
_NAMES = re.compile(r"`([A-Za-z]+(?:, [A-Za-z]+)+)`")


def _table(doc: str) -> dict[str, str]:
    """The Events table of a document: type → its ``data`` cell."""
    text = (ROOT / "docs" / doc).read_text()
    section = text[text.index("## Events") :]
    return {kind: cells.rsplit("|", 1)[-1].strip() for kind, cells in _ROW.findall(section)}


def _encoded(struct: type[msgspec.Struct]) -> set[str]:
    return {field.encode_name for field in msgspec.structs.fields(struct)}


def _named(cell: str) -> set[str]:
    """The field list a cell gives as `a, b, c` (its first such list)."""
    found = _NAMES.search(cell)
    assert found, cell
    return set(found[1].split(", "))


def test_every_type_has_its_struct() -> None:
    documented = set(_table("api.md")) | {WEBHOOK_TEST_EVENT}
    assert set(PAYLOADS) == documented == {*EVENT_TYPES, WEBHOOK_TEST_EVENT}
    assert set(_table("webhooks.md")) == documented


@pytest.mark.parametrize("doc", ["api.md", "webhooks.md"])
def test_the_documented_fields_are_the_structs(doc: str) -> None:
    for kind, cell in _table(doc).items():
        struct = PAYLOADS[kind]
        if cell.startswith("the link resource"):
            assert issubclass(struct, Link), kind
            extra = {"changes", "previous"} if kind == "link.updated" else set()
            assert _encoded(struct) == _encoded(Link) | extra, kind
            if "`changes`" in cell:
                assert extra, kind
            if "(`" in cell:  # the resource's fields named in parentheses: some of them
                assert _named(cell) <= _encoded(Link), kind
        elif cell.startswith("the QR code resource"):
            assert struct is QrCode, kind
        else:
            assert _encoded(struct) == _named(cell), kind


def test_the_documented_examples_decode_as_their_structs() -> None:
    text = (ROOT / "docs" / "api.md").read_text()
    start = text.index("Examples of `data`, by type")
    block = text[text.index("```json", start) + len("```json") : text.index("```\n", start + 1)]
    examples = msgspec.json.decode(block, type=dict[str, msgspec.Raw])
    own = {kind for kind, struct in PAYLOADS.items() if struct not in (Link, QrCode)}
    own -= {"link.updated"}  # the link resource too
    assert set(examples) == own
    for kind, raw in examples.items():
        decoded = msgspec.json.decode(raw, type=PAYLOADS[kind], strict=True)
        # Nothing dropped or defaulted: encoding gives the example back.
        assert msgspec.json.decode(msgspec.json.encode(decoded)) == msgspec.json.decode(raw)
