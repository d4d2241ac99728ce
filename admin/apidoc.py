"""The OpenAPI document without a running server: ``python -m admin.apidoc [FILE]``.

It is the document /v1/openapi.json serves: the admin is composed exactly as ``hop
admin`` composes it (admin/app.py), but never started, so nothing connects anywhere.
``./scripts/gen-sdk`` generates the Python SDK (clients/python/) from it, and the tests
check that the served document, this one and the committed SDK agree.
"""

from __future__ import annotations

import json
import secrets
import sys
import warnings
from typing import Any

from litestar import Litestar

from admin.app import build_app
from admin.http.gate import Gate
from admin.http.openapi import document_of
from common.settings import load_settings


def offline_document() -> dict[str, Any]:
    # Placeholders: the stores are created but never opened, and the document does not
    # depend on any setting; the secrets only have to pass the settings' checks.
    settings = load_settings(
        {
            "HOP_DATABASE_URL": "postgresql://hop@127.0.0.1:9/hop",
            "HOP_REDIS_URL": "redis://127.0.0.1:9/0",
            "HOP_WEBHOOK_SECRET_KEY": secrets.token_hex(32),
        }
    )
    with warnings.catch_warnings():
        # Litestar warns, once per handler, that dependencies it infers by name will need
        # marking in its next major version; the admin itself starts with the same warnings.
        warnings.simplefilter("ignore", DeprecationWarning)
        gate = build_app(settings)
    assert isinstance(gate, Gate)
    assert isinstance(gate.app, Litestar)
    return document_of(gate.app)


def render(document: dict[str, Any]) -> str:
    """The document as committed and diffed: sorted keys, two-space indent, final newline."""
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = render(offline_document())
    if argv:
        with open(argv[0], "w", encoding="utf-8") as file:
            file.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
