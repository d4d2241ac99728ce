from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.member_update_role import MemberUpdateRole, check_member_update_role

T = TypeVar("T", bound="MemberUpdate")


@_attrs_define
class MemberUpdate:
    """
    Attributes:
        role (MemberUpdateRole):
    """

    role: MemberUpdateRole

    def to_dict(self) -> dict[str, Any]:
        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = check_member_update_role(d.pop("role"))

        member_update = cls(
            role=role,
        )

        return member_update
