from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TopLink")


@_attrs_define
class TopLink:
    """
    Attributes:
        clicks (int):
        deleted (bool):
        id (str):
        long_url (str):
        short_code (str):
        short_url (str):
    """

    clicks: int
    deleted: bool
    id: str
    long_url: str
    short_code: str
    short_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clicks = self.clicks

        deleted = self.deleted

        id = self.id

        long_url = self.long_url

        short_code = self.short_code

        short_url = self.short_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clicks": clicks,
                "deleted": deleted,
                "id": id,
                "longUrl": long_url,
                "shortCode": short_code,
                "shortUrl": short_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        clicks = d.pop("clicks")

        deleted = d.pop("deleted")

        id = d.pop("id")

        long_url = d.pop("longUrl")

        short_code = d.pop("shortCode")

        short_url = d.pop("shortUrl")

        top_link = cls(
            clicks=clicks,
            deleted=deleted,
            id=id,
            long_url=long_url,
            short_code=short_code,
            short_url=short_url,
        )

        top_link.additional_properties = d
        return top_link

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
