from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BulkCreate")


@_attrs_define
class BulkCreate:
    """
    Attributes:
        items (list[Any]): 1-1,000 link objects, each exactly the body of POST /v1/links.
    """

    items: list[Any]

    def to_dict(self) -> dict[str, Any]:
        items = self.items

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        items = cast(list[Any], d.pop("items"))

        bulk_create = cls(
            items=items,
        )

        return bulk_create
