"""The conventions every operation of the OpenAPI document follows (docs/openapi.md).

Generated clients name their functions after operation ids and read the document's
constraints, so each operation has a stable verb+noun operationId, a tag, a summary,
an example of every JSON body it takes or answers, its security requirement and its
problem answers. A failure names the operation and what it lacks.
"""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import msgspec
import pytest

from admin.api.examples import EXAMPLES
from admin.apidoc import offline_document
from admin.http.openapi import ACCESS_TOKEN, API_KEY

DOCUMENT = offline_document()
OPERATIONS = [
    (f"{method.upper()} {path}", operation)
    for path, item in DOCUMENT["paths"].items()
    for method, operation in item.items()
    if isinstance(operation, dict) and "responses" in operation
]
IDS = [where for where, _ in OPERATIONS]
# lowerCamelCase, a verb first: createLink, listLinks, getLinkClicks.
OPERATION_ID = re.compile(r"[a-z]+(?:[A-Z][a-z0-9]*)+|logIn")
VERBS = {
    "create", "list", "get", "update", "delete", "put", "register", "resume", "rotate",
    "send", "redeliver", "request", "export", "revoke", "connect", "generate", "complete",
    "receive", "return", "log", "refresh", "import", "verify", "check", "accept",
        "cancel", "resend", "upsert",
}  # fmt: skip
TAGS = {
    "links", "analytics", "qr", "bio", "webhooks", "auth", "account", "integrations", "domains",
    "workspaces", "imports",
}  # fmt: skip
PROBLEM = {"$ref": "#/components/schemas/Problem"}


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    if ref := schema.get("$ref"):
        return dict(DOCUMENT["components"]["schemas"][ref.rsplit("/", 1)[-1]])
    return schema


def _examples(media: dict[str, Any]) -> list[Any]:
    if "example" in media:
        return [media["example"]]
    if "examples" in media:
        return [example["value"] for example in media["examples"].values()]
    return list(_resolve(media.get("schema", {})).get("examples", []))


def test_there_are_operations_to_check() -> None:
    assert len(OPERATIONS) >= 40


def test_operation_ids_are_unique_verb_noun_names() -> None:
    ids = [operation.get("operationId", "") for _, operation in OPERATIONS]
    duplicates = sorted({name for name in ids if ids.count(name) > 1})
    assert not duplicates, f"operationIds used twice: {duplicates}"
    for where, operation in OPERATIONS:
        name = operation.get("operationId", "")
        assert OPERATION_ID.fullmatch(name), (
            f"{where}: operationId {name!r} is not a lowerCamelCase verb+noun; set "
            "operation_id= on the route (docs/openapi.md)"
        )
        verb = re.match(r"[a-z]+", name)
        assert verb is not None
        assert verb[0] in VERBS, (
            f"{where}: operationId {name!r} starts with no known verb ({sorted(VERBS)}); "
            "add the verb here if it is the right word"
        )


@pytest.mark.parametrize(("where", "operation"), OPERATIONS, ids=IDS)
def test_every_operation_has_a_tag_a_summary_and_a_description(
    where: str, operation: dict[str, Any]
) -> None:
    assert operation.get("tags"), f"{where}: the controller needs tags = [<domain>]"
    assert set(operation["tags"]) <= TAGS, (
        f"{where}: tags {operation.get('tags')} must be one of the domains {sorted(TAGS)}"
    )
    summary = operation.get("summary", "")
    rule = f"{where}: set summary= on the route: a short phrase, capitalised, no final period"
    assert summary, rule
    assert summary[0].isupper(), rule
    assert not summary.endswith("."), rule
    assert operation.get("description"), f"{where}: the handler needs a docstring"


@pytest.mark.parametrize(("where", "operation"), OPERATIONS, ids=IDS)
def test_every_json_body_has_a_valid_example(where: str, operation: dict[str, Any]) -> None:
    bodies = [("request", operation.get("requestBody", {}))]
    bodies += [(status, answer) for status, answer in operation["responses"].items()]
    for which, body in bodies:
        for media_type, media in body.get("content", {}).items():
            if "json" not in media_type:
                continue
            examples = _examples(media)
            assert examples, (
                f"{where}: the {which} body ({media_type}) has no example; put "
                "@example({...}) on its struct (admin/api/examples.py)"
            )
            schema = {**media["schema"], "components": DOCUMENT["components"]}
            for value in examples:
                jsonschema.validate(value, schema, cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_decodes_into_its_struct(name: str) -> None:
    struct, value = EXAMPLES[name]
    # Request examples go through the strict decoder the server uses; any example must at
    # least be the wire form of its struct (a renamed field fails here).
    decoded: object = msgspec.json.decode(msgspec.json.encode(value), type=struct, strict=True)
    assert msgspec.to_builtins(decoded) == msgspec.to_builtins(
        msgspec.convert(value, struct, strict=True)
    )


@pytest.mark.parametrize(("where", "operation"), OPERATIONS, ids=IDS)
def test_security_names_the_scope_the_guard_checks(where: str, operation: dict[str, Any]) -> None:
    security = operation.get("security")
    if security == [{}]:
        return  # public: login, refresh, public Bio pages, the stores' callbacks
    assert security, where
    assert [set(requirement) for requirement in security] == [{API_KEY}, {ACCESS_TOKEN}], where
    key_scopes = security[0][API_KEY]
    rule = f"{where}: give the route opt={{'scope': '<resource>:<read|write>'}}"
    assert len(key_scopes) == 1, rule
    assert re.fullmatch(r"[a-z]+:(read|write)", key_scopes[0]), rule
    assert security[1][ACCESS_TOKEN] == key_scopes


@pytest.mark.parametrize(("where", "operation"), OPERATIONS, ids=IDS)
def test_every_error_answer_is_a_problem(where: str, operation: dict[str, Any]) -> None:
    for status, answer in operation["responses"].items():
        if int(status) < 400:
            continue
        content = answer.get("content", {})
        assert list(content) == ["application/problem+json"], f"{where}: {status}"
        assert content["application/problem+json"]["schema"] == PROBLEM, f"{where}: {status}"
    assert {"400", "413", "429", "503"} <= set(operation["responses"]), where
    if operation.get("security") != [{}]:
        assert {"401", "403"} <= set(operation["responses"]), (
            f"{where}: an operation that needs a credential answers 401 and 403; "
            "list them in problems(...)"
        )


def test_the_dashboard_is_not_in_the_document() -> None:
    assert all(path.startswith("/v1/") for path in DOCUMENT["paths"])
    assert not any(path.startswith("/v1/docs") for path in DOCUMENT["paths"])


def test_security_schemes_are_api_keys_and_access_tokens() -> None:
    schemes = DOCUMENT["components"]["securitySchemes"]
    assert schemes[API_KEY]["scheme"] == "bearer"
    assert "svc_live_" in schemes[API_KEY]["bearerFormat"]
    assert schemes[ACCESS_TOKEN]["bearerFormat"] == "JWT"


def test_creations_link_to_the_operations_on_what_they_created() -> None:
    paths = DOCUMENT["paths"]
    links = paths["/v1/links"]["post"]["responses"]["201"]["links"]
    assert {"getLink", "updateLink", "deleteLink", "getLinkClicks"} <= set(links)
    assert links["getLink"]["parameters"] == {"link_id": "$response.body#/id"}
    webhooks = paths["/v1/webhooks"]["post"]["responses"]["201"]["links"]
    assert {"getWebhook", "rotateWebhookSecret", "listWebhookDeliveries"} <= set(webhooks)
    assert "redeliverWebhookDelivery" not in webhooks  # it needs a delivery id too
    assert "getQrImage" in paths["/v1/qr"]["post"]["responses"]["201"]["links"]


def test_urls_are_uris_in_the_document() -> None:
    schemas = DOCUMENT["components"]["schemas"]
    assert schemas["LinkCreate"]["properties"]["longUrl"]["format"] == "uri"
    assert schemas["WebhookCreate"]["properties"]["endpoint"]["format"] == "uri"
    update = schemas["LinkUpdate"]["properties"]
    assert update["longUrl"]["maxLength"] == 2048
    assert update["alias"]["pattern"].startswith("^(?:")
