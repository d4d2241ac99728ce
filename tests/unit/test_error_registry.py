"""Each status's title, slug and OpenAPI description come from the one error class that
declares it; the problem renderer and the OpenAPI helper read them from there."""

from __future__ import annotations

from admin.api.operations import problems
from admin.errors import ERRORS_BY_STATUS, AliasTaken, Conflict, HopError, PayloadTooLarge
from admin.http.problems import _http_error


def test_every_status_has_one_declaring_class() -> None:
    assert sorted(ERRORS_BY_STATUS) == [
        400,
        401,
        403,
        404,
        409,
        410,
        413,
        422,
        429,
        500,
        502,
        503,
        504,
    ]
    assert ERRORS_BY_STATUS[409] is Conflict
    assert ERRORS_BY_STATUS[500] is HopError
    assert AliasTaken not in ERRORS_BY_STATUS.values()  # refines the slug only


def test_litestar_errors_take_the_title_of_the_declaring_class() -> None:
    for status, cls in ERRORS_BY_STATUS.items():
        if status != PayloadTooLarge.status:
            assert _http_error(status, "x").title == cls.title
    assert _http_error(405, "x").title == "Method Not Allowed"


def test_openapi_descriptions_come_from_the_classes() -> None:
    for status, spec in problems(404).items():
        assert spec.description == ERRORS_BY_STATUS[status].description
