from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LoginMfa")


@_attrs_define
class LoginMfa:
    """
    Attributes:
        code (str): A 6-digit code from the authenticator app, or a recovery code.
        mfa_token (str):
    """

    code: str
    mfa_token: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        mfa_token = self.mfa_token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "mfaToken": mfa_token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        mfa_token = d.pop("mfaToken")

        login_mfa = cls(
            code=code,
            mfa_token=mfa_token,
        )

        return login_mfa
