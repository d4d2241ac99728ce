"""The admin's last-resort handler: what no call site converted."""

from __future__ import annotations

import msgspec
from litestar import Request
from redis.exceptions import ConnectionError as RedisConnectionError

from admin.http.problems import handle_unexpected

_SCOPE = {
    "type": "http",
    "method": "POST",
    "path": "/v1/links",
    "raw_path": b"/v1/links",
    "root_path": "",
    "scheme": "http",
    "query_string": b"",
    "headers": [(b"host", b"api.example")],
    "server": ("127.0.0.1", 8000),
    "client": ("127.0.0.1", 50000),
}


def _answer(exc: Exception) -> tuple[int | None, dict[str, object]]:
    response = handle_unexpected(Request(_SCOPE), exc)  # type: ignore[arg-type]
    return response.status_code, msgspec.json.decode(response.content)


def test_a_lost_redis_connection_is_503_not_500() -> None:
    for lost in (
        RedisConnectionError("Connection reset by peer"),
        ConnectionResetError(),
        RuntimeError("unable to perform operation on <TCPTransport>; the handler is closed"),
    ):
        status, problem = _answer(lost)
        assert status == 503, lost
        assert problem["status"] == 503
        assert "Traceback" not in str(problem)


def test_a_bug_is_still_a_500_that_says_nothing_of_it() -> None:
    status, problem = _answer(KeyError("secret_column"))
    assert status == 500
    assert "secret_column" not in str(problem)
