"""Every pattern the API checks and publishes matches whole strings only, and means the
same to the server (Python ``re.search``, as msgspec applies it) and to readers of the
OpenAPI document (ECMA-262): no trailing newline slips past ``$``."""

from __future__ import annotations

import importlib
import pkgutil
import re
import warnings
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar import Litestar

import admin
from admin.app import ROUTE_HANDLERS
from admin.http.openapi import openapi_config
from admin.patterns import WHOLE_PREFIX, WHOLE_SUFFIX, whole


def _patterns(node: Any, where: str = "") -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                found.append((where, value))
            else:
                found += _patterns(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _patterns(value, f"{where}[{index}]")
    return found


def _published() -> list[tuple[str, str]]:
    with warnings.catch_warnings():
        # Without build_app's services the handlers' dependencies read as query
        # parameters, and Litestar warns about those and about its own older
        # parameter spellings; the request bodies' schemas are the same.
        warnings.simplefilter("ignore", DeprecationWarning)
        app = Litestar(route_handlers=ROUTE_HANDLERS, openapi_config=openapi_config())
        return _patterns(app.openapi_schema.to_schema())


PUBLISHED = _published()


def test_the_document_has_patterns_to_check() -> None:
    names = {where.rsplit("/", 1)[-1] for where, _ in PUBLISHED}
    assert {"alias", "username", "secret", "language", "birthday", "purpose"} <= names


@pytest.mark.parametrize(("where", "pattern"), PUBLISHED)
def test_every_published_pattern_is_anchored_the_same_way(where: str, pattern: str) -> None:
    assert pattern.startswith(WHOLE_PREFIX), where
    assert pattern.endswith(WHOLE_SUFFIX), where
    # Python reads \d \w \s \b as Unicode classes, ECMA-262 as ASCII ones.
    assert not re.search(r"\\[dDwWsSbB]", pattern), where


@pytest.mark.parametrize(("where", "pattern"), PUBLISHED)
@settings(max_examples=50, database=None, deadline=None)
@given(data=st.data())
def test_no_published_pattern_accepts_a_trailing_newline(
    where: str, pattern: str, data: st.DataObject
) -> None:
    text = data.draw(st.from_regex(pattern), label=where)
    assert re.search(pattern, text)
    assert re.search(pattern, text + "\n") is None
    assert re.search(pattern, text + "\r\n") is None


def _struct_patterns() -> list[tuple[str, str]]:
    """Patterns of every Struct in the admin, wire formats outside the document included."""
    found: list[tuple[str, str]] = []
    for module in pkgutil.walk_packages(admin.__path__, "admin."):
        for name, value in vars(importlib.import_module(module.name)).items():
            if (
                isinstance(value, type)
                and issubclass(value, msgspec.Struct)
                and value.__module__ == module.name
            ):
                schema = msgspec.json.schema(value)
                found += _patterns(schema, f"{module.name}.{name}")
    return found


def test_every_struct_pattern_is_anchored_the_same_way() -> None:
    found = _struct_patterns()
    assert len(found) >= len(PUBLISHED)
    for where, pattern in found:
        assert pattern.startswith(WHOLE_PREFIX), where
        assert pattern.endswith(WHOLE_SUFFIX), where


@pytest.mark.parametrize(
    ("body", "text", "matches"),
    [
        ("[a-z]+", "admin", True),
        ("[a-z]+", "admin\n", False),
        ("[a-z]+", "\nadmin", False),
        ("auto|[a-z]{3}", "auto", True),
        ("auto|[a-z]{3}", "autox", False),  # the alternation is grouped inside the anchors
        ("auto|[a-z]{3}", "xauto", False),
        ("auto|[a-z]{3}", "auto\n", False),
    ],
)
def test_whole(body: str, text: str, matches: bool) -> None:
    assert bool(re.search(whole(body), text)) is matches
