"""The OpenAPI document is true to the endpoints: schemathesis finds no 5xx and no mismatch.

Each operation is driven through schemathesis' Python API (its pytest plugin
does not support pytest 9 yet), with generated valid and invalid requests, a
bounded number of examples and the default checks: no server error, documented
status codes, content types, headers and response schemas. One check is left
out: "positive data acceptance" expects every schema-valid body to succeed, but
some rules are semantic and JSON Schema cannot state them (a destination must not
point at our own short domain, an alias must not be reserved, an expiry must lie
in the future); those answers are documented 422s.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import positive_data_acceptance

from tests.support.accounts import Account
from tests.support.processes import ROOT

EXAMPLES_PER_OPERATION = 40


def test_document_lists_every_endpoint(api: httpx.Client) -> None:
    document = api.get("/v1/openapi.json").json()
    assert document["openapi"].startswith("3.")
    paths = {(path, method) for path, item in document["paths"].items() for method in item}
    assert {
        ("/v1/links", "post"),
        ("/v1/links", "get"),
        ("/v1/links/{link_id}", "get"),
        ("/v1/links/{link_id}", "patch"),
        ("/v1/links/{link_id}", "delete"),
        ("/v1/auth/login", "post"),
        ("/v1/auth/refresh", "post"),
        ("/v1/qr", "post"),
        ("/v1/qr", "get"),
        ("/v1/qr/{qr_id}", "get"),
        ("/v1/qr/{qr_id}", "patch"),
        ("/v1/qr/{qr_id}", "delete"),
        ("/v1/qr/{qr_id}/image", "get"),
        ("/v1/bio", "put"),
        ("/v1/bio", "get"),
        ("/v1/bio", "delete"),
        ("/v1/bio/{username}", "get"),
        ("/v1/users/me/export", "post"),
        ("/v1/webhooks", "post"),
        ("/v1/webhooks", "get"),
        ("/v1/webhooks/{webhook_id}", "get"),
        ("/v1/webhooks/{webhook_id}", "patch"),
        ("/v1/webhooks/{webhook_id}", "delete"),
        ("/v1/webhooks/{webhook_id}/resume", "post"),
        ("/v1/webhooks/{webhook_id}/rotate-secret", "post"),
        ("/v1/webhooks/{webhook_id}/test", "post"),
        ("/v1/webhooks/{webhook_id}/deliveries", "get"),
        ("/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver", "post"),
    } <= paths
    assert document["paths"]["/v1/bio/{username}"]["get"]["security"] == [{}]
    image = document["paths"]["/v1/qr/{qr_id}/image"]["get"]["responses"]
    assert set(image["200"]["content"]) == {"image/svg+xml", "image/png", "application/pdf"}
    assert {"304", "404", "422"} <= set(image)


VENDORED_BUNDLE = ROOT / "admin/http/static/scalar/standalone.js"


def test_reference_page_loads_nothing_from_another_origin(api: httpx.Client) -> None:
    response = api.get("/v1/docs")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    # No absolute or protocol-relative URL at all: everything comes from this origin.
    assert re.findall(r"(?i)(?:https?:)?//[^\s\"'<>]*", page) == []
    scripts = re.findall(r"<script\b[^>]*>", page)
    sources = [re.search(r'\bsrc="([^"]+)"', tag) for tag in scripts]
    loaded = [match[1] for match in sources if match]
    assert len(loaded) == 1
    assert loaded[0].startswith("/v1/docs/assets/scalar-")
    # The one script without src is configuration data, which browsers don't execute.
    assert all(
        'type="application/json"' in tag
        for tag, src in zip(scripts, sources, strict=True)
        if not src
    )
    assert 'data-url="/v1/openapi.json"' in page

    policy = dict(
        directive.strip().split(" ", 1)
        for directive in response.headers["content-security-policy"].split(";")
    )
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'"
    assert policy["connect-src"] == "'self'"
    assert response.headers["x-content-type-options"] == "nosniff"

    bundle = api.get(loaded[0])  # gzip-encoded on the wire; httpx decodes it
    assert bundle.status_code == 200
    assert bundle.headers["content-encoding"] == "gzip"
    assert bundle.content == VENDORED_BUNDLE.read_bytes()
    assert bundle.headers["content-type"].startswith("text/javascript")
    assert "immutable" in bundle.headers["cache-control"]
    plain = api.get(loaded[0], headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == VENDORED_BUNDLE.read_bytes()
    assert api.get("/v1/docs/assets/scalar-0000000000000000.js").status_code == 404


@pytest.mark.slow
def test_every_operation_conforms(admin_url: str, account: Account) -> None:
    schema = schemathesis.openapi.from_url(f"{admin_url}/v1/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 7
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: schemathesis.Case[Any]) -> None:
            case.call_and_validate(
                headers=account.headers(), excluded_checks=[positive_data_acceptance]
            )

        check()
