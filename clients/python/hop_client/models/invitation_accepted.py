from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invitation_accepted_role import InvitationAcceptedRole, check_invitation_accepted_role

T = TypeVar("T", bound="InvitationAccepted")


@_attrs_define
class InvitationAccepted:
    """The membership the invitation gave: sign in to the workspace (`workspaceId` of
    POST /v1/auth/login or /refresh) to act in it.

    Attributes:
        role (InvitationAcceptedRole):
        workspace_id (str):
    """

    role: InvitationAcceptedRole
    workspace_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role: str = self.role

        workspace_id = self.workspace_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
                "workspaceId": workspace_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = check_invitation_accepted_role(d.pop("role"))

        workspace_id = d.pop("workspaceId")

        invitation_accepted = cls(
            role=role,
            workspace_id=workspace_id,
        )

        invitation_accepted.additional_properties = d
        return invitation_accepted

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
