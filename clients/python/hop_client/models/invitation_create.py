from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.invitation_create_role import InvitationCreateRole, check_invitation_create_role

T = TypeVar("T", bound="InvitationCreate")


@_attrs_define
class InvitationCreate:
    """
    Attributes:
        email (str): The invited person's address.
        role (InvitationCreateRole):
    """

    email: str
    role: InvitationCreateRole

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        role = check_invitation_create_role(d.pop("role"))

        invitation_create = cls(
            email=email,
            role=role,
        )

        return invitation_create
