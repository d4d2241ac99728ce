from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.api_key_environment import ApiKeyEnvironment, check_api_key_environment
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiKey")


@_attrs_define
class ApiKey:
    """
    Attributes:
        created_at (str):
        environment (ApiKeyEnvironment):
        id (str):
        last_used_at (None | str): Last use, lagging by at most HOP_API_KEY_USAGE_INTERVAL.
        name (None | str):
        prefix (str): The key's first characters, to tell keys apart.
        revoked_at (None | str):
        scopes (list[str]):
        created_by (None | str | Unset): The user who made the key (null once they have left Hop).
    """

    created_at: str
    environment: ApiKeyEnvironment
    id: str
    last_used_at: None | str
    name: None | str
    prefix: str
    revoked_at: None | str
    scopes: list[str]
    created_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        environment: str = self.environment

        id = self.id

        last_used_at: None | str
        last_used_at = self.last_used_at

        name: None | str
        name = self.name

        prefix = self.prefix

        revoked_at: None | str
        revoked_at = self.revoked_at

        scopes = self.scopes

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "environment": environment,
                "id": id,
                "lastUsedAt": last_used_at,
                "name": name,
                "prefix": prefix,
                "revokedAt": revoked_at,
                "scopes": scopes,
            }
        )
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("createdAt")

        environment = check_api_key_environment(d.pop("environment"))

        id = d.pop("id")

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        prefix = d.pop("prefix")

        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))

        scopes = cast(list[str], d.pop("scopes"))

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        api_key = cls(
            created_at=created_at,
            environment=environment,
            id=id,
            last_used_at=last_used_at,
            name=name,
            prefix=prefix,
            revoked_at=revoked_at,
            scopes=scopes,
            created_by=created_by,
        )

        api_key.additional_properties = d
        return api_key

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
