from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.social_data_network import SocialDataNetwork, check_social_data_network

T = TypeVar("T", bound="SocialData")


@_attrs_define
class SocialData:
    """
    Attributes:
        handle (str):
        network (SocialDataNetwork):
    """

    handle: str
    network: SocialDataNetwork

    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        network: str = self.network

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "handle": handle,
                "network": network,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        handle = d.pop("handle")

        network = check_social_data_network(d.pop("network"))

        social_data = cls(
            handle=handle,
            network=network,
        )

        return social_data
