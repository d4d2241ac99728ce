from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LiveClick")


@_attrs_define
class LiveClick:
    """A click as the live streams show it (the `data:` of an `event: click`): what the
    dashboard's live view needs, never the visitor's address or visitor id.

    Attributes:
        browser (str):
        city (None | str):
        clicked_at (str):
        country (None | str):
        device (str):
        id (str):
        is_bot (bool):
        is_qr (bool):
        link_id (str):
        os (str):
        referrer_host (None | str):
        region (None | str):
        short_code (str):
    """

    browser: str
    city: None | str
    clicked_at: str
    country: None | str
    device: str
    id: str
    is_bot: bool
    is_qr: bool
    link_id: str
    os: str
    referrer_host: None | str
    region: None | str
    short_code: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        browser = self.browser

        city: None | str
        city = self.city

        clicked_at = self.clicked_at

        country: None | str
        country = self.country

        device = self.device

        id = self.id

        is_bot = self.is_bot

        is_qr = self.is_qr

        link_id = self.link_id

        os = self.os

        referrer_host: None | str
        referrer_host = self.referrer_host

        region: None | str
        region = self.region

        short_code = self.short_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "browser": browser,
                "city": city,
                "clickedAt": clicked_at,
                "country": country,
                "device": device,
                "id": id,
                "isBot": is_bot,
                "isQr": is_qr,
                "linkId": link_id,
                "os": os,
                "referrerHost": referrer_host,
                "region": region,
                "shortCode": short_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        browser = d.pop("browser")

        def _parse_city(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        city = _parse_city(d.pop("city"))

        clicked_at = d.pop("clickedAt")

        def _parse_country(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country = _parse_country(d.pop("country"))

        device = d.pop("device")

        id = d.pop("id")

        is_bot = d.pop("isBot")

        is_qr = d.pop("isQr")

        link_id = d.pop("linkId")

        os = d.pop("os")

        def _parse_referrer_host(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        referrer_host = _parse_referrer_host(d.pop("referrerHost"))

        def _parse_region(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region = _parse_region(d.pop("region"))

        short_code = d.pop("shortCode")

        live_click = cls(
            browser=browser,
            city=city,
            clicked_at=clicked_at,
            country=country,
            device=device,
            id=id,
            is_bot=is_bot,
            is_qr=is_qr,
            link_id=link_id,
            os=os,
            referrer_host=referrer_host,
            region=region,
            short_code=short_code,
        )

        live_click.additional_properties = d
        return live_click

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
