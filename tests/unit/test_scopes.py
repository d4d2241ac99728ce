from __future__ import annotations

import pytest

from admin.auth.scopes import ALL_SCOPES, grants, parse_scopes


def test_parse() -> None:
    assert parse_scopes("links:read, links:write,links:read") == ("links:read", "links:write")
    with pytest.raises(ValueError, match="links:fly"):
        parse_scopes("links:fly")
    with pytest.raises(ValueError, match="at least one"):
        parse_scopes(" , ")


def test_write_implies_read_only_for_its_resource() -> None:
    assert grants({"links:write"}, "links:read")
    assert not grants({"links:read"}, "links:write")
    assert not grants({"qr:write"}, "links:read")
    assert all(grants(ALL_SCOPES, scope) for scope in ALL_SCOPES)
