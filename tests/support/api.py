"""Talking to the admin API in tests: problem answers and the objects most tests need."""

from __future__ import annotations

from typing import Any

import httpx

from tests.support.accounts import Account

PROBLEM = "application/problem+json"


def assert_problem(response: httpx.Response, status: int, title: str) -> dict[str, object]:
    """An RFC 9457 problem with this status and title, and nothing but its five members."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    problem: dict[str, object] = response.json()
    assert problem["status"] == status
    assert problem["title"] == title
    assert set(problem) == {"type", "title", "status", "detail", "errors"}
    return problem


def create_link(api: httpx.Client, account: Account, **body: object) -> httpx.Response:
    """POST /v1/links with ``body`` as it is (for tests of what the API answers)."""
    return api.post("/v1/links", json=body, headers=account.headers())


def make_link(api: httpx.Client, account: Account, **body: object) -> dict[str, Any]:
    """A created link (for tests that need one)."""
    response = create_link(api, account, **body)
    assert response.status_code == 201, response.text
    link: dict[str, Any] = response.json()
    return link


def make_links(
    api: httpx.Client, account: Account, count: int, prefix: str = ""
) -> list[dict[str, Any]]:
    """``count`` links to https://example.com/<prefix><n>."""
    return [
        make_link(api, account, longUrl=f"https://example.com/{prefix}{n}") for n in range(count)
    ]


def create_qr(api: httpx.Client, account: Account, **body: Any) -> httpx.Response:
    return api.post("/v1/qr", json=body, headers=account.headers())


def make_qr(api: httpx.Client, account: Account, **body: Any) -> dict[str, Any]:
    response = create_qr(api, account, **body)
    assert response.status_code == 201, response.text
    code: dict[str, Any] = response.json()
    return code


def assert_422(response: httpx.Response, field: str) -> None:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    fields = [error["field"] for error in response.json()["errors"]]
    assert field in fields, fields


def problem_fields(response: httpx.Response) -> set[str]:
    """The fields a 422 Validation problem names."""
    problem = assert_problem(response, 422, "Validation")
    errors: list[dict[str, Any]] = problem["errors"]  # type: ignore[assignment]
    return {error["field"] for error in errors}


def put_bio(api: httpx.Client, account: Account, **body: Any) -> httpx.Response:
    return api.put("/v1/bio", json=body, headers=account.headers())
