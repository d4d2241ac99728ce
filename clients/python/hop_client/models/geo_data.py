from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GeoData")


@_attrs_define
class GeoData:
    """
    Attributes:
        latitude (float): -90 to 90
        longitude (float): -180 to 180
    """

    latitude: float
    longitude: float

    def to_dict(self) -> dict[str, Any]:
        latitude = self.latitude

        longitude = self.longitude

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "latitude": latitude,
                "longitude": longitude,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        latitude = d.pop("latitude")

        longitude = d.pop("longitude")

        geo_data = cls(
            latitude=latitude,
            longitude=longitude,
        )

        return geo_data
