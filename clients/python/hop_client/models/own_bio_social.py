from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OwnBioSocial")


@_attrs_define
class OwnBioSocial:
    """
    Attributes:
        destination (str):
        handle (str):
        link_id (str):
        network (str):
        url (str):
    """

    destination: str
    handle: str
    link_id: str
    network: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        destination = self.destination

        handle = self.handle

        link_id = self.link_id

        network = self.network

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "destination": destination,
                "handle": handle,
                "linkId": link_id,
                "network": network,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        destination = d.pop("destination")

        handle = d.pop("handle")

        link_id = d.pop("linkId")

        network = d.pop("network")

        url = d.pop("url")

        own_bio_social = cls(
            destination=destination,
            handle=handle,
            link_id=link_id,
            network=network,
            url=url,
        )

        own_bio_social.additional_properties = d
        return own_bio_social

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
