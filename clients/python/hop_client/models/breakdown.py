from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.breakdown_browser import BreakdownBrowser
    from ..models.breakdown_city import BreakdownCity
    from ..models.breakdown_country import BreakdownCountry
    from ..models.breakdown_day import BreakdownDay
    from ..models.breakdown_device import BreakdownDevice
    from ..models.breakdown_os import BreakdownOs
    from ..models.breakdown_referrer import BreakdownReferrer
    from ..models.breakdown_region import BreakdownRegion


T = TypeVar("T", bound="Breakdown")


@_attrs_define
class Breakdown:
    """
    Attributes:
        browser (BreakdownBrowser):
        city (BreakdownCity):
        country (BreakdownCountry):
        day (BreakdownDay):
        device (BreakdownDevice):
        os (BreakdownOs):
        referrer (BreakdownReferrer):
        region (BreakdownRegion):
    """

    browser: BreakdownBrowser
    city: BreakdownCity
    country: BreakdownCountry
    day: BreakdownDay
    device: BreakdownDevice
    os: BreakdownOs
    referrer: BreakdownReferrer
    region: BreakdownRegion
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        browser = self.browser.to_dict()

        city = self.city.to_dict()

        country = self.country.to_dict()

        day = self.day.to_dict()

        device = self.device.to_dict()

        os = self.os.to_dict()

        referrer = self.referrer.to_dict()

        region = self.region.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "browser": browser,
                "city": city,
                "country": country,
                "day": day,
                "device": device,
                "os": os,
                "referrer": referrer,
                "region": region,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.breakdown_browser import BreakdownBrowser  # noqa: PLC0415
        from ..models.breakdown_city import BreakdownCity  # noqa: PLC0415
        from ..models.breakdown_country import BreakdownCountry  # noqa: PLC0415
        from ..models.breakdown_day import BreakdownDay  # noqa: PLC0415
        from ..models.breakdown_device import BreakdownDevice  # noqa: PLC0415
        from ..models.breakdown_os import BreakdownOs  # noqa: PLC0415
        from ..models.breakdown_referrer import BreakdownReferrer  # noqa: PLC0415
        from ..models.breakdown_region import BreakdownRegion  # noqa: PLC0415

        d = dict(src_dict)
        browser = BreakdownBrowser.from_dict(d.pop("browser"))

        city = BreakdownCity.from_dict(d.pop("city"))

        country = BreakdownCountry.from_dict(d.pop("country"))

        day = BreakdownDay.from_dict(d.pop("day"))

        device = BreakdownDevice.from_dict(d.pop("device"))

        os = BreakdownOs.from_dict(d.pop("os"))

        referrer = BreakdownReferrer.from_dict(d.pop("referrer"))

        region = BreakdownRegion.from_dict(d.pop("region"))

        breakdown = cls(
            browser=browser,
            city=city,
            country=country,
            day=day,
            device=device,
            os=os,
            referrer=referrer,
            region=region,
        )

        breakdown.additional_properties = d
        return breakdown

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
