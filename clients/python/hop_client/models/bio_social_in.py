from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bio_social_in_network import BioSocialInNetwork, check_bio_social_in_network

T = TypeVar("T", bound="BioSocialIn")


@_attrs_define
class BioSocialIn:
    """
    Attributes:
        handle (str):
        network (BioSocialInNetwork):
    """

    handle: str
    network: BioSocialInNetwork

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

        network = check_bio_social_in_network(d.pop("network"))

        bio_social_in = cls(
            handle=handle,
            network=network,
        )

        return bio_social_in
