from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LinkData")


@_attrs_define
class LinkData:
    """
    Attributes:
        link_id (str): One of your links: its id, its short link or its code.
    """

    link_id: str

    def to_dict(self) -> dict[str, Any]:
        link_id = self.link_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "linkId": link_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        link_id = d.pop("linkId")

        link_data = cls(
            link_id=link_id,
        )

        return link_data
