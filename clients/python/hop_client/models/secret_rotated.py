from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SecretRotated")


@_attrs_define
class SecretRotated:
    """The new secret, shown this once; the previous one signs too until the time given.

    Attributes:
        id (str):
        previous_secret_expires_at (str):
        secret (str):
    """

    id: str
    previous_secret_expires_at: str
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        previous_secret_expires_at = self.previous_secret_expires_at

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "previousSecretExpiresAt": previous_secret_expires_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        previous_secret_expires_at = d.pop("previousSecretExpiresAt")

        secret = d.pop("secret")

        secret_rotated = cls(
            id=id,
            previous_secret_expires_at=previous_secret_expires_at,
            secret=secret,
        )

        secret_rotated.additional_properties = d
        return secret_rotated

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
