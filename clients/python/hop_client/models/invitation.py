from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invitation_role import InvitationRole, check_invitation_role

T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """A pending invitation; its token is only in the e-mail.

    Attributes:
        created_at (str):
        email (str):
        expires_at (str):
        id (str):
        invited_by (None | str):
        role (InvitationRole):
    """

    created_at: str
    email: str
    expires_at: str
    id: str
    invited_by: None | str
    role: InvitationRole
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        email = self.email

        expires_at = self.expires_at

        id = self.id

        invited_by: None | str
        invited_by = self.invited_by

        role: str = self.role

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "email": email,
                "expiresAt": expires_at,
                "id": id,
                "invitedBy": invited_by,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("createdAt")

        email = d.pop("email")

        expires_at = d.pop("expiresAt")

        id = d.pop("id")

        def _parse_invited_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invited_by = _parse_invited_by(d.pop("invitedBy"))

        role = check_invitation_role(d.pop("role"))

        invitation = cls(
            created_at=created_at,
            email=email,
            expires_at=expires_at,
            id=id,
            invited_by=invited_by,
            role=role,
        )

        invitation.additional_properties = d
        return invitation

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
