from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SsoDomain")


@_attrs_define
class SsoDomain:
    """
    Attributes:
        domain (str):
        txt_name (str): Publish a TXT record at this name...
        txt_value (str): ...holding this value, then verify.
        verified (bool):
        verified_at (None | str):
    """

    domain: str
    txt_name: str
    txt_value: str
    verified: bool
    verified_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        txt_name = self.txt_name

        txt_value = self.txt_value

        verified = self.verified

        verified_at: None | str
        verified_at = self.verified_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "domain": domain,
                "txtName": txt_name,
                "txtValue": txt_value,
                "verified": verified,
                "verifiedAt": verified_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        txt_name = d.pop("txtName")

        txt_value = d.pop("txtValue")

        verified = d.pop("verified")

        def _parse_verified_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verified_at = _parse_verified_at(d.pop("verifiedAt"))

        sso_domain = cls(
            domain=domain,
            txt_name=txt_name,
            txt_value=txt_value,
            verified=verified,
            verified_at=verified_at,
        )

        sso_domain.additional_properties = d
        return sso_domain

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
