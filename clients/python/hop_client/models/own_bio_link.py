from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OwnBioLink")


@_attrs_define
class OwnBioLink:
    """
    Attributes:
        destination (None | str):
        link_id (str):
        title (str):
        url (str):
    """

    destination: None | str
    link_id: str
    title: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        destination: None | str
        destination = self.destination

        link_id = self.link_id

        title = self.title

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "destination": destination,
                "linkId": link_id,
                "title": title,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_destination(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        destination = _parse_destination(d.pop("destination"))

        link_id = d.pop("linkId")

        title = d.pop("title")

        url = d.pop("url")

        own_bio_link = cls(
            destination=destination,
            link_id=link_id,
            title=title,
            url=url,
        )

        own_bio_link.additional_properties = d
        return own_bio_link

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
