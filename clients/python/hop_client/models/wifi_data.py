from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.wifi_data_security import WifiDataSecurity, check_wifi_data_security
from ..types import UNSET, Unset

T = TypeVar("T", bound="WifiData")


@_attrs_define
class WifiData:
    """
    Attributes:
        ssid (str): Network name (required).
        hidden (bool | Unset):  Default: False.
        password (None | str | Unset):
        security (WifiDataSecurity | Unset):  Default: 'WPA'.
    """

    ssid: str
    hidden: bool | Unset = False
    password: None | str | Unset = UNSET
    security: WifiDataSecurity | Unset = "WPA"

    def to_dict(self) -> dict[str, Any]:
        ssid = self.ssid

        hidden = self.hidden

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        security: str | Unset = UNSET
        if not isinstance(self.security, Unset):
            security = self.security

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ssid": ssid,
            }
        )
        if hidden is not UNSET:
            field_dict["hidden"] = hidden
        if password is not UNSET:
            field_dict["password"] = password
        if security is not UNSET:
            field_dict["security"] = security

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ssid = d.pop("ssid")

        hidden = d.pop("hidden", UNSET)

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        _security = d.pop("security", UNSET)
        security: WifiDataSecurity | Unset
        if isinstance(_security, Unset):
            security = UNSET
        else:
            security = check_wifi_data_security(_security)

        wifi_data = cls(
            ssid=ssid,
            hidden=hidden,
            password=password,
            security=security,
        )

        return wifi_data
