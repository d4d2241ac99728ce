from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sso_update_default_role_type_0 import SsoUpdateDefaultRoleType0, check_sso_update_default_role_type_0
from ..types import UNSET, Unset

T = TypeVar("T", bound="SsoUpdate")


@_attrs_define
class SsoUpdate:
    """
    Attributes:
        add_domains (list[str] | None | Unset):
        default_role (None | SsoUpdateDefaultRoleType0 | Unset):
        require_sso (bool | None | Unset):
    """

    add_domains: list[str] | None | Unset = UNSET
    default_role: None | SsoUpdateDefaultRoleType0 | Unset = UNSET
    require_sso: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        add_domains: list[str] | None | Unset
        if isinstance(self.add_domains, Unset):
            add_domains = UNSET
        elif isinstance(self.add_domains, list):
            add_domains = self.add_domains

        else:
            add_domains = self.add_domains

        default_role: None | str | Unset
        if isinstance(self.default_role, Unset):
            default_role = UNSET
        elif isinstance(self.default_role, str):
            default_role = self.default_role
        else:
            default_role = self.default_role

        require_sso: bool | None | Unset
        if isinstance(self.require_sso, Unset):
            require_sso = UNSET
        else:
            require_sso = self.require_sso

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if add_domains is not UNSET:
            field_dict["addDomains"] = add_domains
        if default_role is not UNSET:
            field_dict["defaultRole"] = default_role
        if require_sso is not UNSET:
            field_dict["requireSso"] = require_sso

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_add_domains(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                add_domains_type_0 = cast(list[str], data)

                return add_domains_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        add_domains = _parse_add_domains(d.pop("addDomains", UNSET))

        def _parse_default_role(data: object) -> None | SsoUpdateDefaultRoleType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                default_role_type_0 = check_sso_update_default_role_type_0(data)

                return default_role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SsoUpdateDefaultRoleType0 | Unset, data)

        default_role = _parse_default_role(d.pop("defaultRole", UNSET))

        def _parse_require_sso(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        require_sso = _parse_require_sso(d.pop("requireSso", UNSET))

        sso_update = cls(
            add_domains=add_domains,
            default_role=default_role,
            require_sso=require_sso,
        )

        return sso_update
