from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sso_default_role import SsoDefaultRole, check_sso_default_role

if TYPE_CHECKING:
    from ..models.sso_domain import SsoDomain


T = TypeVar("T", bound="Sso")


@_attrs_define
class Sso:
    """A workspace's single sign-on connection (its client secret is never returned).

    Attributes:
        client_id (str):
        created_at (str):
        default_role (SsoDefaultRole):
        domains (list[SsoDomain]):
        issuer (str):
        require_sso (bool):
        updated_at (str):
    """

    client_id: str
    created_at: str
    default_role: SsoDefaultRole
    domains: list[SsoDomain]
    issuer: str
    require_sso: bool
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        created_at = self.created_at

        default_role: str = self.default_role

        domains = []
        for domains_item_data in self.domains:
            domains_item = domains_item_data.to_dict()
            domains.append(domains_item)

        issuer = self.issuer

        require_sso = self.require_sso

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clientId": client_id,
                "createdAt": created_at,
                "defaultRole": default_role,
                "domains": domains,
                "issuer": issuer,
                "requireSso": require_sso,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sso_domain import SsoDomain  # noqa: PLC0415

        d = dict(src_dict)
        client_id = d.pop("clientId")

        created_at = d.pop("createdAt")

        default_role = check_sso_default_role(d.pop("defaultRole"))

        domains = []
        _domains = d.pop("domains")
        for domains_item_data in _domains:
            domains_item = SsoDomain.from_dict(domains_item_data)

            domains.append(domains_item)

        issuer = d.pop("issuer")

        require_sso = d.pop("requireSso")

        updated_at = d.pop("updatedAt")

        sso = cls(
            client_id=client_id,
            created_at=created_at,
            default_role=default_role,
            domains=domains,
            issuer=issuer,
            require_sso=require_sso,
            updated_at=updated_at,
        )

        sso.additional_properties = d
        return sso

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
