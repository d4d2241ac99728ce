from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TotpDisable")


@_attrs_define
class TotpDisable:
    """
    Attributes:
        code (str): A 6-digit code from the authenticator app, or a recovery code.
        password (None | str | Unset):
    """

    code: str
    password: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
            }
        )
        if password is not UNSET:
            field_dict["password"] = password

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        totp_disable = cls(
            code=code,
            password=password,
        )

        return totp_disable
