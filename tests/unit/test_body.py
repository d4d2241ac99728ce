from __future__ import annotations

import msgspec
import pytest

from admin.api.body import decode_json_body, require_json
from admin.bio.schemas import BioPut
from admin.errors import BadRequest, FieldError, ValidationFailed
from admin.links.schemas import LinkCreate
from admin.webhooks.schemas import WebhookCreate


def test_valid_body() -> None:
    link = decode_json_body(b'{"longUrl":"https://example.com","tags":["a"]}', LinkCreate)
    assert link.long_url == "https://example.com"
    assert link.tags == ["a"]


@pytest.mark.parametrize("body", [b"{", b"[]", b'"text"', b"null", b'{"alias":"abc"}'])
def test_structural_problems_are_400(body: bytes) -> None:
    with pytest.raises(BadRequest):
        decode_json_body(body, LinkCreate)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (b'{"longUrl":1}', "longUrl"),
        (b'{"longUrl":"https://e.com","tags":[1]}', "tags[0]"),
        (b'{"longUrl":"https://e.com","extra":1}', "extra"),
        (b'{"longUrl":"https://e.com","expiresAt":"2030-01-01"}', "expiresAt"),
    ],
)
def test_bad_values_are_422_with_the_field(body: bytes, field: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        decode_json_body(body, LinkCreate)
    assert caught.value.errors[0].field == field


@pytest.mark.parametrize(
    ("body", "model", "field"),
    [
        (b'{"longUrl":"https://e.com","alias":"admin\\n"}', LinkCreate, "alias"),
        (b'{"longUrl":"https://e.com","alias":"fine-alias\\n"}', LinkCreate, "alias"),
        (b'{"username":"admin\\n","displayName":"x"}', BioPut, "username"),
        (b'{"username":"ok_name","displayName":"x","language":"en\\n"}', BioPut, "language"),
        (
            b'{"endpoint":"https://e.com","events":["*"],"secret":"auto\\n"}',
            WebhookCreate,
            "secret",
        ),
    ],
)
def test_a_trailing_newline_does_not_pass_a_pattern(body: bytes, model: type, field: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        decode_json_body(body, model)
    assert caught.value.errors[0].field == field


def test_nul_is_refused() -> None:
    with pytest.raises(ValidationFailed):
        decode_json_body(b'{"longUrl":"https://e.com/\\u0000"}', LinkCreate)
    decode_json_body(b'{"longUrl":"https://e.com/\\\\u0000"}', LinkCreate)


@pytest.mark.parametrize(
    "content_type",
    ["application/json", "application/json; charset=utf-8", "application/merge-patch+json"],
)
def test_json_media_types(content_type: str) -> None:
    require_json(content_type)


@pytest.mark.parametrize("content_type", [None, "", "text/plain", "application/jsonx"])
def test_other_media_types(content_type: str | None) -> None:
    with pytest.raises(BadRequest):
        require_json(content_type)


def test_field_error_shape() -> None:
    """What a problem's ``errors`` items look like on the wire (docs/api.md#errors)."""
    assert msgspec.json.encode(FieldError("a", "b")) == b'{"field":"a","message":"b"}'
