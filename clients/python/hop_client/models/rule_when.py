from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rule_when_device_type_0_item import RuleWhenDeviceType0Item, check_rule_when_device_type_0_item
from ..models.rule_when_os_type_0_item import RuleWhenOsType0Item, check_rule_when_os_type_0_item
from ..types import UNSET, Unset

T = TypeVar("T", bound="RuleWhen")


@_attrs_define
class RuleWhen:
    """Every condition given must hold; a list holds when the visit has any of its values.

    Attributes:
        country (list[str] | None | Unset):
        device (list[RuleWhenDeviceType0Item] | None | Unset):
        language (list[str] | None | Unset):
        os (list[RuleWhenOsType0Item] | None | Unset):
    """

    country: list[str] | None | Unset = UNSET
    device: list[RuleWhenDeviceType0Item] | None | Unset = UNSET
    language: list[str] | None | Unset = UNSET
    os: list[RuleWhenOsType0Item] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        country: list[str] | None | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        elif isinstance(self.country, list):
            country = self.country

        else:
            country = self.country

        device: list[str] | None | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        elif isinstance(self.device, list):
            device = []
            for device_type_0_item_data in self.device:
                device_type_0_item: str = device_type_0_item_data
                device.append(device_type_0_item)

        else:
            device = self.device

        language: list[str] | None | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        elif isinstance(self.language, list):
            language = self.language

        else:
            language = self.language

        os: list[str] | None | Unset
        if isinstance(self.os, Unset):
            os = UNSET
        elif isinstance(self.os, list):
            os = []
            for os_type_0_item_data in self.os:
                os_type_0_item: str = os_type_0_item_data
                os.append(os_type_0_item)

        else:
            os = self.os

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if country is not UNSET:
            field_dict["country"] = country
        if device is not UNSET:
            field_dict["device"] = device
        if language is not UNSET:
            field_dict["language"] = language
        if os is not UNSET:
            field_dict["os"] = os

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_country(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                country_type_0 = cast(list[str], data)

                return country_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        country = _parse_country(d.pop("country", UNSET))

        def _parse_device(data: object) -> list[RuleWhenDeviceType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                device_type_0 = []
                _device_type_0 = data
                for device_type_0_item_data in _device_type_0:
                    device_type_0_item = check_rule_when_device_type_0_item(device_type_0_item_data)

                    device_type_0.append(device_type_0_item)

                return device_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RuleWhenDeviceType0Item] | None | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        def _parse_language(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                language_type_0 = cast(list[str], data)

                return language_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        def _parse_os(data: object) -> list[RuleWhenOsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                os_type_0 = []
                _os_type_0 = data
                for os_type_0_item_data in _os_type_0:
                    os_type_0_item = check_rule_when_os_type_0_item(os_type_0_item_data)

                    os_type_0.append(os_type_0_item)

                return os_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RuleWhenOsType0Item] | None | Unset, data)

        os = _parse_os(d.pop("os", UNSET))

        rule_when = cls(
            country=country,
            device=device,
            language=language,
            os=os,
        )

        return rule_when
