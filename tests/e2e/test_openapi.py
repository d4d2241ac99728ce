"""The OpenAPI document is true to the endpoints: schemathesis finds no mismatch.

The conformance run is schemathesis' own command line (`schemathesis run --checks all`,
every phase) against a real admin process, as a client developer would run it; its
configuration and documented exceptions are schemathesis.toml. The conventions every
operation follows are checked offline by tests/unit/test_openapi_document.py.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.processes import ROOT

# Examples per operation and phase: enough to cross every documented boundary, few enough
# to keep the run within about three minutes on two shared cores.
MAX_EXAMPLES = 6


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
    assert document["paths"]["/v1/links"]["post"]["operationId"] == "createLink"
    assert document["paths"]["/v1/links/{link_id}/clicks"]["get"]["operationId"] == "getLinkClicks"
    assert document["paths"]["/v1/links"]["post"]["security"] == [
        {"ApiKey": ["links:write"]},
        {"AccessToken": ["links:write"]},
    ]
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


def test_options_allow_every_method_of_the_path(api: httpx.Client) -> None:
    for path, methods in [
        ("/v1/links", "GET, OPTIONS, POST"),
        ("/v1/links/lnk_x", "DELETE, GET, OPTIONS, PATCH"),
        ("/v1/webhooks/wh_x", "DELETE, GET, OPTIONS, PATCH"),
        ("/v1/bio", "DELETE, GET, OPTIONS, PUT"),
    ]:
        answer = api.options(path)
        assert answer.status_code == 204, path
        assert answer.headers["allow"] == methods, path


def test_the_served_document_is_the_committed_one(api: httpx.Client) -> None:
    served = api.get("/v1/openapi.json").json()
    assert served == json.loads((ROOT / "clients/openapi.json").read_text())


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_schemathesis_finds_nothing(admin_url: str, account: Account, tmp_path: Path) -> None:
    """`schemathesis run --checks all`, every phase: the document's examples, coverage of
    its boundaries, fuzzing, and stateful sequences that follow the document's links from
    a created resource to the operations on it. The documented exceptions, each with its
    reason, are in schemathesis.toml."""
    run = subprocess.run(
        [
            ROOT / ".venv/bin/schemathesis",
            "--no-color",
            "--config-file",
            ROOT / "schemathesis.toml",
            "run",
            f"{admin_url}/v1/openapi.json",
            "--checks",
            "all",
            "--max-examples",
            str(MAX_EXAMPLES),
            "--seed",
            "16",
            # An account's export streams everything it owns; on a two-core machine
            # running the rest of the suite beside it, it has taken over schemathesis'
            # default 10 s. What is checked is the answer, not its speed.
            "--request-timeout",
            "60",
            "--header",
            f"Authorization: Bearer {account.live_key}",
        ],
        cwd=tmp_path,  # its reports, if any, stay out of the tree
        capture_output=True,
        text=True,
        timeout=540,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-2000:]
