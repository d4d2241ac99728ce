from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.integration_connected_via import IntegrationConnectedVia, check_integration_connected_via
from ..models.integration_platform import IntegrationPlatform, check_integration_platform
from ..models.integration_status import IntegrationStatus, check_integration_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="Integration")


@_attrs_define
class Integration:
    """
    Attributes:
        connected_via (IntegrationConnectedVia):
        created_at (str):
        currency (None | str):
        id (str):
        name (str):
        platform (IntegrationPlatform):
        revoked_at (None | str):
        revoked_reason (None | str):
        status (IntegrationStatus):
        store_url (str):
        updated_at (str):
        created_by (None | str | Unset): Who made it: the API key's id (key_…) when a key made it, else the user's id
            (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null:
            made before workspaces.
    """

    connected_via: IntegrationConnectedVia
    created_at: str
    currency: None | str
    id: str
    name: str
    platform: IntegrationPlatform
    revoked_at: None | str
    revoked_reason: None | str
    status: IntegrationStatus
    store_url: str
    updated_at: str
    created_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        connected_via: str = self.connected_via

        created_at = self.created_at

        currency: None | str
        currency = self.currency

        id = self.id

        name = self.name

        platform: str = self.platform

        revoked_at: None | str
        revoked_at = self.revoked_at

        revoked_reason: None | str
        revoked_reason = self.revoked_reason

        status: str = self.status

        store_url = self.store_url

        updated_at = self.updated_at

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "connectedVia": connected_via,
                "createdAt": created_at,
                "currency": currency,
                "id": id,
                "name": name,
                "platform": platform,
                "revokedAt": revoked_at,
                "revokedReason": revoked_reason,
                "status": status,
                "storeUrl": store_url,
                "updatedAt": updated_at,
            }
        )
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        connected_via = check_integration_connected_via(d.pop("connectedVia"))

        created_at = d.pop("createdAt")

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        id = d.pop("id")

        name = d.pop("name")

        platform = check_integration_platform(d.pop("platform"))

        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))

        def _parse_revoked_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_reason = _parse_revoked_reason(d.pop("revokedReason"))

        status = check_integration_status(d.pop("status"))

        store_url = d.pop("storeUrl")

        updated_at = d.pop("updatedAt")

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        integration = cls(
            connected_via=connected_via,
            created_at=created_at,
            currency=currency,
            id=id,
            name=name,
            platform=platform,
            revoked_at=revoked_at,
            revoked_reason=revoked_reason,
            status=status,
            store_url=store_url,
            updated_at=updated_at,
            created_by=created_by,
        )

        integration.additional_properties = d
        return integration

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
