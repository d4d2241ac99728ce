from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WooKeys")


@_attrs_define
class WooKeys:
    """What WooCommerce POSTs to our callback_url after the owner approved.

    Attributes:
        consumer_key (str): The credential as the platform issued it: visible ASCII characters.
        consumer_secret (str): The credential as the platform issued it: visible ASCII characters.
        key_permissions (str):
        user_id (str):
        key_id (int | None | str | Unset):
    """

    consumer_key: str
    consumer_secret: str
    key_permissions: str
    user_id: str
    key_id: int | None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        consumer_key = self.consumer_key

        consumer_secret = self.consumer_secret

        key_permissions = self.key_permissions

        user_id = self.user_id

        key_id: int | None | str | Unset
        if isinstance(self.key_id, Unset):
            key_id = UNSET
        else:
            key_id = self.key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "consumer_key": consumer_key,
                "consumer_secret": consumer_secret,
                "key_permissions": key_permissions,
                "user_id": user_id,
            }
        )
        if key_id is not UNSET:
            field_dict["key_id"] = key_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        consumer_key = d.pop("consumer_key")

        consumer_secret = d.pop("consumer_secret")

        key_permissions = d.pop("key_permissions")

        user_id = d.pop("user_id")

        def _parse_key_id(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        key_id = _parse_key_id(d.pop("key_id", UNSET))

        woo_keys = cls(
            consumer_key=consumer_key,
            consumer_secret=consumer_secret,
            key_permissions=key_permissions,
            user_id=user_id,
            key_id=key_id,
        )

        woo_keys.additional_properties = d
        return woo_keys

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
