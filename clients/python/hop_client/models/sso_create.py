from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sso_create_default_role import SsoCreateDefaultRole, check_sso_create_default_role
from ..types import UNSET, Unset

T = TypeVar("T", bound="SsoCreate")


@_attrs_define
class SsoCreate:
    """
    Attributes:
        client_id (str): Hop's client id at the provider.
        client_secret (str): Hop's client secret at the provider: sealed at rest, never returned.
        domains (list[str]): E-mail domains, each to prove by a DNS TXT record before it counts.
        issuer (str): The provider's issuer URL, as its discovery document names it: https (http only on a loopback
            address). Its discovery document is fetched when saved.
        default_role (SsoCreateDefaultRole | Unset): The role of people from the domains who join by signing in.
            Default: 'member'.
        require_sso (bool | Unset): People whose address is on a verified domain may no longer sign in with a password
            (API keys keep working). Default: False.
    """

    client_id: str
    client_secret: str
    domains: list[str]
    issuer: str
    default_role: SsoCreateDefaultRole | Unset = "member"
    require_sso: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_secret = self.client_secret

        domains = self.domains

        issuer = self.issuer

        default_role: str | Unset = UNSET
        if not isinstance(self.default_role, Unset):
            default_role = self.default_role

        require_sso = self.require_sso

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "clientSecret": client_secret,
                "domains": domains,
                "issuer": issuer,
            }
        )
        if default_role is not UNSET:
            field_dict["defaultRole"] = default_role
        if require_sso is not UNSET:
            field_dict["requireSso"] = require_sso

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        client_secret = d.pop("clientSecret")

        domains = cast(list[str], d.pop("domains"))

        issuer = d.pop("issuer")

        _default_role = d.pop("defaultRole", UNSET)
        default_role: SsoCreateDefaultRole | Unset
        if isinstance(_default_role, Unset):
            default_role = UNSET
        else:
            default_role = check_sso_create_default_role(_default_role)

        require_sso = d.pop("requireSso", UNSET)

        sso_create = cls(
            client_id=client_id,
            client_secret=client_secret,
            domains=domains,
            issuer=issuer,
            default_role=default_role,
            require_sso=require_sso,
        )

        return sso_create
