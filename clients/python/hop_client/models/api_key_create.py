from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.api_key_create_environment import ApiKeyCreateEnvironment, check_api_key_create_environment
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiKeyCreate")


@_attrs_define
class ApiKeyCreate:
    """
    Attributes:
        scopes (list[str]): What the key may do; only scopes the calling credential holds.
        environment (ApiKeyCreateEnvironment | Unset): `live` (svc_live_) or `test`: a sandbox key (svc_test_). Default:
            'live'.
        name (None | str | Unset):
    """

    scopes: list[str]
    environment: ApiKeyCreateEnvironment | Unset = "live"
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        scopes = self.scopes

        environment: str | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = self.environment

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scopes": scopes,
            }
        )
        if environment is not UNSET:
            field_dict["environment"] = environment
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scopes = cast(list[str], d.pop("scopes"))

        _environment = d.pop("environment", UNSET)
        environment: ApiKeyCreateEnvironment | Unset
        if isinstance(_environment, Unset):
            environment = UNSET
        else:
            environment = check_api_key_create_environment(_environment)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        api_key_create = cls(
            scopes=scopes,
            environment=environment,
            name=name,
        )

        return api_key_create
