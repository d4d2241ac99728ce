from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VariantStats")


@_attrs_define
class VariantStats:
    """
    Attributes:
        url (str):
        weight (int):
        clicks (int | Unset): Clicks sent to this variant since the variants were last set (counted by the worker, like
            clicks). Default: 0.
    """

    url: str
    weight: int
    clicks: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        weight = self.weight

        clicks = self.clicks

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "weight": weight,
            }
        )
        if clicks is not UNSET:
            field_dict["clicks"] = clicks

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        weight = d.pop("weight")

        clicks = d.pop("clicks", UNSET)

        variant_stats = cls(
            url=url,
            weight=weight,
            clicks=clicks,
        )

        variant_stats.additional_properties = d
        return variant_stats

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
