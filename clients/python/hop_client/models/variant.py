from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Variant")


@_attrs_define
class Variant:
    """
    Attributes:
        url (str): Absolute http(s) URL, at most 2,048 characters.
        weight (int): A percentage; a link's weights add up to 100.
    """

    url: str
    weight: int

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        weight = self.weight

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "weight": weight,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        weight = d.pop("weight")

        variant = cls(
            url=url,
            weight=weight,
        )

        return variant
