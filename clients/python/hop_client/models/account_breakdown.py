from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.account_breakdown_browser import AccountBreakdownBrowser
    from ..models.account_breakdown_city import AccountBreakdownCity
    from ..models.account_breakdown_country import AccountBreakdownCountry
    from ..models.account_breakdown_device import AccountBreakdownDevice
    from ..models.account_breakdown_os import AccountBreakdownOs
    from ..models.account_breakdown_referrer import AccountBreakdownReferrer
    from ..models.account_breakdown_region import AccountBreakdownRegion
    from ..models.account_breakdown_utm_campaign import AccountBreakdownUtmCampaign
    from ..models.account_breakdown_utm_medium import AccountBreakdownUtmMedium
    from ..models.account_breakdown_utm_source import AccountBreakdownUtmSource


T = TypeVar("T", bound="AccountBreakdown")


@_attrs_define
class AccountBreakdown:
    """
    Attributes:
        browser (AccountBreakdownBrowser):
        city (AccountBreakdownCity):
        country (AccountBreakdownCountry):
        device (AccountBreakdownDevice):
        os (AccountBreakdownOs):
        referrer (AccountBreakdownReferrer):
        region (AccountBreakdownRegion):
        utm_campaign (AccountBreakdownUtmCampaign):
        utm_medium (AccountBreakdownUtmMedium):
        utm_source (AccountBreakdownUtmSource):
    """

    browser: AccountBreakdownBrowser
    city: AccountBreakdownCity
    country: AccountBreakdownCountry
    device: AccountBreakdownDevice
    os: AccountBreakdownOs
    referrer: AccountBreakdownReferrer
    region: AccountBreakdownRegion
    utm_campaign: AccountBreakdownUtmCampaign
    utm_medium: AccountBreakdownUtmMedium
    utm_source: AccountBreakdownUtmSource
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        browser = self.browser.to_dict()

        city = self.city.to_dict()

        country = self.country.to_dict()

        device = self.device.to_dict()

        os = self.os.to_dict()

        referrer = self.referrer.to_dict()

        region = self.region.to_dict()

        utm_campaign = self.utm_campaign.to_dict()

        utm_medium = self.utm_medium.to_dict()

        utm_source = self.utm_source.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "browser": browser,
                "city": city,
                "country": country,
                "device": device,
                "os": os,
                "referrer": referrer,
                "region": region,
                "utmCampaign": utm_campaign,
                "utmMedium": utm_medium,
                "utmSource": utm_source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_breakdown_browser import AccountBreakdownBrowser  # noqa: PLC0415
        from ..models.account_breakdown_city import AccountBreakdownCity  # noqa: PLC0415
        from ..models.account_breakdown_country import AccountBreakdownCountry  # noqa: PLC0415
        from ..models.account_breakdown_device import AccountBreakdownDevice  # noqa: PLC0415
        from ..models.account_breakdown_os import AccountBreakdownOs  # noqa: PLC0415
        from ..models.account_breakdown_referrer import AccountBreakdownReferrer  # noqa: PLC0415
        from ..models.account_breakdown_region import AccountBreakdownRegion  # noqa: PLC0415
        from ..models.account_breakdown_utm_campaign import AccountBreakdownUtmCampaign  # noqa: PLC0415
        from ..models.account_breakdown_utm_medium import AccountBreakdownUtmMedium  # noqa: PLC0415
        from ..models.account_breakdown_utm_source import AccountBreakdownUtmSource  # noqa: PLC0415

        d = dict(src_dict)
        browser = AccountBreakdownBrowser.from_dict(d.pop("browser"))

        city = AccountBreakdownCity.from_dict(d.pop("city"))

        country = AccountBreakdownCountry.from_dict(d.pop("country"))

        device = AccountBreakdownDevice.from_dict(d.pop("device"))

        os = AccountBreakdownOs.from_dict(d.pop("os"))

        referrer = AccountBreakdownReferrer.from_dict(d.pop("referrer"))

        region = AccountBreakdownRegion.from_dict(d.pop("region"))

        utm_campaign = AccountBreakdownUtmCampaign.from_dict(d.pop("utmCampaign"))

        utm_medium = AccountBreakdownUtmMedium.from_dict(d.pop("utmMedium"))

        utm_source = AccountBreakdownUtmSource.from_dict(d.pop("utmSource"))

        account_breakdown = cls(
            browser=browser,
            city=city,
            country=country,
            device=device,
            os=os,
            referrer=referrer,
            region=region,
            utm_campaign=utm_campaign,
            utm_medium=utm_medium,
            utm_source=utm_source,
        )

        account_breakdown.additional_properties = d
        return account_breakdown

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
