from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.workspace_plan import WorkspacePlan, check_workspace_plan
from ..models.workspace_role import WorkspaceRole, check_workspace_role
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.workspace_link_health import WorkspaceLinkHealth
    from ..models.workspace_privacy import WorkspacePrivacy


T = TypeVar("T", bound="Workspace")


@_attrs_define
class Workspace:
    """
    Attributes:
        created_at (str):
        id (str):
        name (str):
        personal (bool): A person's own workspace: it goes with their account.
        plan (WorkspacePlan):
        role (WorkspaceRole): The caller's role in it.
        slug (str):
        link_health (WorkspaceLinkHealth | Unset): Whether the worker checks the workspace's links' destinations
                (docs/api.md#link-health).
        privacy (WorkspacePrivacy | Unset): What the workspace promises its links' visitors (docs/privacy.md).
        require_mfa (bool | Unset): Members must sign in with a second factor (TOTP or a passkey). Default: False.
    """

    created_at: str
    id: str
    name: str
    personal: bool
    plan: WorkspacePlan
    role: WorkspaceRole
    slug: str
    link_health: WorkspaceLinkHealth | Unset = UNSET
    privacy: WorkspacePrivacy | Unset = UNSET
    require_mfa: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        id = self.id

        name = self.name

        personal = self.personal

        plan: str = self.plan

        role: str = self.role

        slug = self.slug

        link_health: dict[str, Any] | Unset = UNSET
        if not isinstance(self.link_health, Unset):
            link_health = self.link_health.to_dict()

        privacy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.privacy, Unset):
            privacy = self.privacy.to_dict()

        require_mfa = self.require_mfa

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "id": id,
                "name": name,
                "personal": personal,
                "plan": plan,
                "role": role,
                "slug": slug,
            }
        )
        if link_health is not UNSET:
            field_dict["linkHealth"] = link_health
        if privacy is not UNSET:
            field_dict["privacy"] = privacy
        if require_mfa is not UNSET:
            field_dict["requireMfa"] = require_mfa

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.workspace_link_health import WorkspaceLinkHealth  # noqa: PLC0415
        from ..models.workspace_privacy import WorkspacePrivacy  # noqa: PLC0415

        d = dict(src_dict)
        created_at = d.pop("createdAt")

        id = d.pop("id")

        name = d.pop("name")

        personal = d.pop("personal")

        plan = check_workspace_plan(d.pop("plan"))

        role = check_workspace_role(d.pop("role"))

        slug = d.pop("slug")

        _link_health = d.pop("linkHealth", UNSET)
        link_health: WorkspaceLinkHealth | Unset
        if isinstance(_link_health, Unset):
            link_health = UNSET
        else:
            link_health = WorkspaceLinkHealth.from_dict(_link_health)

        _privacy = d.pop("privacy", UNSET)
        privacy: WorkspacePrivacy | Unset
        if isinstance(_privacy, Unset):
            privacy = UNSET
        else:
            privacy = WorkspacePrivacy.from_dict(_privacy)

        require_mfa = d.pop("requireMfa", UNSET)

        workspace = cls(
            created_at=created_at,
            id=id,
            name=name,
            personal=personal,
            plan=plan,
            role=role,
            slug=slug,
            link_health=link_health,
            privacy=privacy,
            require_mfa=require_mfa,
        )

        workspace.additional_properties = d
        return workspace

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
