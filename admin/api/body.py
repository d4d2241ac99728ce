"""Strict JSON request bodies: ``@post(..., dto=JsonBody[LinkCreate])``.

Litestar's default path decodes JSON into builtins and then converts, and
answers every failure with 400. Our contract is finer (docs/api.md#errors): a body that is not
JSON, not ``application/json``, not an object or missing a required field is 400;
a present field with a bad value is 422 naming the field. This DTO decodes
straight from bytes with one cached msgspec decoder per type (fast, and exact
about which field failed) while Litestar still documents the body in OpenAPI.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Generator
from typing import Any, TypeVar, cast

import msgspec
from litestar._openapi.schema_generation import SchemaCreator
from litestar.dto import AbstractDTO
from litestar.dto.data_structures import DTOFieldDefinition
from litestar.openapi.spec import Reference, Schema
from litestar.types.serialization import LitestarEncodableType
from litestar.typing import FieldDefinition

from admin.errors import BadRequest, FieldError, ValidationFailed

T = TypeVar("T")
_decoders: dict[type[Any], msgspec.json.Decoder[Any]] = {}
_MESSAGE = re.compile(r"(?P<message>.*?)(?: - at `\$(?P<path>[^`]*)`)?", re.DOTALL)
_MISSING = re.compile(r"Object missing required field `(?P<name>[^`]+)`")
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<name>[^`]+)`")
# An escaped NUL (\u0000) preceded by an even number of backslashes: PostgreSQL
# text cannot hold NUL, and no field of ours has a use for it.
_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
_JSON_MEDIA = re.compile(r"application/(?:[\w.+-]+\+)?json")


def _strict_names(model: Any) -> set[str]:
    """Names of the structs in ``model`` that refuse unknown fields."""
    return {
        info.cls.__name__
        for info in _struct_types(msgspec.inspect.type_info(model))
        if info.forbid_unknown_fields
    }


def _struct_types(info: msgspec.inspect.Type) -> list[msgspec.inspect.StructType]:
    found: list[msgspec.inspect.StructType] = []
    if isinstance(info, msgspec.inspect.StructType):
        found.append(info)
        for field in info.fields:
            found += _struct_types(field.type)
    for attribute in ("item_type", "value_type", "types"):
        inner = getattr(info, attribute, None)
        for item in inner if isinstance(inner, tuple) else (inner,) if inner else ():
            found += _struct_types(item)
    return found


def _decoder(model: type[T]) -> msgspec.json.Decoder[T]:
    decoder = _decoders.get(model)
    if decoder is None:
        decoder = _decoders[model] = msgspec.json.Decoder(model)
    return decoder


def _field(path: str) -> str:
    return path.lstrip(".")


def decode_json_body(body: bytes, model: type[T]) -> T:
    """Decode ``body`` into ``model`` or raise BadRequest / ValidationFailed."""
    if _NUL.search(body):
        raise ValidationFailed("Text fields must not contain NUL characters.")
    try:
        return _decoder(model).decode(body)
    except msgspec.ValidationError as exc:
        match = _MESSAGE.fullmatch(str(exc))
        assert match is not None  # the pattern matches every string
        message, path = match["message"], _field(match["path"] or "")
        if missing := _MISSING.fullmatch(message):
            field = f"{path}.{missing['name']}" if path else missing["name"]
            raise BadRequest(
                f"The field {field!r} is required.", [FieldError(field, "is required")]
            ) from None
        if unknown := _UNKNOWN.fullmatch(message):
            field = f"{path}.{unknown['name']}" if path else unknown["name"]
            raise ValidationFailed(
                f"Unknown field {field!r}.", [FieldError(field, "is not a known field")]
            ) from None
        if not path:
            raise BadRequest(f"The request body must be a JSON object: {message}.") from None
        raise ValidationFailed(
            f"Invalid value for {path!r}: {message}.", [FieldError(path, message)]
        ) from None
    except msgspec.DecodeError:
        raise BadRequest("The request body is not valid JSON.") from None


def require_json(content_type: str | None) -> None:
    media_type = (content_type or "").split(";", 1)[0].strip().lower()
    if not _JSON_MEDIA.fullmatch(media_type):
        raise BadRequest("The request body must be sent as Content-Type: application/json.")


class JsonBody(AbstractDTO[T]):
    """Decode the handler's ``data`` with ``decode_json_body``; document it as the struct."""

    @classmethod
    def generate_field_definitions(
        cls, model_type: type[Any]
    ) -> Generator[DTOFieldDefinition, None, None]:
        yield from ()

    @classmethod
    def detect_nested_field(cls, field_definition: FieldDefinition) -> bool:
        return False

    @classmethod
    def create_for_field_definition(
        cls, field_definition: FieldDefinition, handler_id: str, backend_cls: Any = None
    ) -> None:
        return None  # no DTO backend: decode_bytes does all the work

    @classmethod
    def create_openapi_schema(
        cls, field_definition: FieldDefinition, handler_id: str, schema_creator: SchemaCreator
    ) -> Reference | Schema:
        schema = schema_creator.for_field_definition(
            FieldDefinition.from_annotation(cls.model_type)
        )
        # The body's structs that refuse unknown fields say so in the document too.
        strict = _strict_names(cls.model_type)
        for registered in schema_creator.schema_registry:
            if registered.key[-1] in strict:
                registered.schema.additional_properties = False
        return schema

    def decode_bytes(self, value: bytes) -> Any:
        require_json(self.asgi_connection.headers.get("content-type"))
        return decode_json_body(value, self.model_type)

    def decode_builtins(self, value: dict[str, Any]) -> Any:
        return msgspec.convert(value, self.model_type)

    def data_to_encodable_type(self, data: T | Collection[T]) -> LitestarEncodableType:
        # Our bodies are msgspec structs, which Litestar encodes. With pydantic installed
        # (the openai client needs it) Litestar's encodable type is a closed union that
        # a bare TypeVar cannot be shown to fit.
        return cast("LitestarEncodableType", data)
