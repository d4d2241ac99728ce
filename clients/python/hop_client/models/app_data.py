from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AppData")


@_attrs_define
class AppData:
    """iOS visitors go to iosUrl, Android visitors to androidUrl, everyone else to fallbackUrl.

    Attributes:
        fallback_url (str): Absolute http(s) URL, at most 2,048 characters.
        android_url (None | str | Unset):
        ios_url (None | str | Unset):
    """

    fallback_url: str
    android_url: None | str | Unset = UNSET
    ios_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        fallback_url = self.fallback_url

        android_url: None | str | Unset
        if isinstance(self.android_url, Unset):
            android_url = UNSET
        else:
            android_url = self.android_url

        ios_url: None | str | Unset
        if isinstance(self.ios_url, Unset):
            ios_url = UNSET
        else:
            ios_url = self.ios_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fallbackUrl": fallback_url,
            }
        )
        if android_url is not UNSET:
            field_dict["androidUrl"] = android_url
        if ios_url is not UNSET:
            field_dict["iosUrl"] = ios_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fallback_url = d.pop("fallbackUrl")

        def _parse_android_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        android_url = _parse_android_url(d.pop("androidUrl", UNSET))

        def _parse_ios_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ios_url = _parse_ios_url(d.pop("iosUrl", UNSET))

        app_data = cls(
            fallback_url=fallback_url,
            android_url=android_url,
            ios_url=ios_url,
        )

        return app_data
