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

from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import positive_data_acceptance

from tests.support.accounts import Account

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
