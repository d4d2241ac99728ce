from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bulk_action_type import BulkActionType, check_bulk_action_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="BulkAction")


@_attrs_define
class BulkAction:
    """
    Attributes:
        type_ (BulkActionType): addTags / removeTags: change tags; delete: as DELETE /v1/links/:id; archive / unarchive:
            set archived (they still redirect either way).
        tags (list[str] | Unset):
    """

    type_: BulkActionType
    tags: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_bulk_action_type(d.pop("type"))

        tags = cast(list[str], d.pop("tags", UNSET))

        bulk_action = cls(
            type_=type_,
            tags=tags,
        )

        return bulk_action
