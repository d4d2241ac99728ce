from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Passkey")


@_attrs_define
class Passkey:
    """A passkey of the account (never its key or counter).

    Attributes:
        created_at (str):
        id (str):
        last_used_at (None | str):
        name (str):
        transports (list[str]):
    """

    created_at: str
    id: str
    last_used_at: None | str
    name: str
    transports: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        id = self.id

        last_used_at: None | str
        last_used_at = self.last_used_at

        name = self.name

        transports = self.transports

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "id": id,
                "lastUsedAt": last_used_at,
                "name": name,
                "transports": transports,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("createdAt")

        id = d.pop("id")

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))

        name = d.pop("name")

        transports = cast(list[str], d.pop("transports"))

        passkey = cls(
            created_at=created_at,
            id=id,
            last_used_at=last_used_at,
            name=name,
            transports=transports,
        )

        passkey.additional_properties = d
        return passkey

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
