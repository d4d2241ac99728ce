from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.workspace_link_health import WorkspaceLinkHealth
    from ..models.workspace_privacy import WorkspacePrivacy


T = TypeVar("T", bound="WorkspaceUpdate")


@_attrs_define
class WorkspaceUpdate:
    """
    Attributes:
        link_health (None | Unset | WorkspaceLinkHealth):
        name (None | str | Unset):
        privacy (None | Unset | WorkspacePrivacy):
        require_mfa (bool | None | Unset):
        slug (None | str | Unset):
    """

    link_health: None | Unset | WorkspaceLinkHealth = UNSET
    name: None | str | Unset = UNSET
    privacy: None | Unset | WorkspacePrivacy = UNSET
    require_mfa: bool | None | Unset = UNSET
    slug: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.workspace_link_health import WorkspaceLinkHealth  # noqa: PLC0415
        from ..models.workspace_privacy import WorkspacePrivacy  # noqa: PLC0415

        link_health: dict[str, Any] | None | Unset
        if isinstance(self.link_health, Unset):
            link_health = UNSET
        elif isinstance(self.link_health, WorkspaceLinkHealth):
            link_health = self.link_health.to_dict()
        else:
            link_health = self.link_health

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        privacy: dict[str, Any] | None | Unset
        if isinstance(self.privacy, Unset):
            privacy = UNSET
        elif isinstance(self.privacy, WorkspacePrivacy):
            privacy = self.privacy.to_dict()
        else:
            privacy = self.privacy

        require_mfa: bool | None | Unset
        if isinstance(self.require_mfa, Unset):
            require_mfa = UNSET
        else:
            require_mfa = self.require_mfa

        slug: None | str | Unset
        if isinstance(self.slug, Unset):
            slug = UNSET
        else:
            slug = self.slug

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if link_health is not UNSET:
            field_dict["linkHealth"] = link_health
        if name is not UNSET:
            field_dict["name"] = name
        if privacy is not UNSET:
            field_dict["privacy"] = privacy
        if require_mfa is not UNSET:
            field_dict["requireMfa"] = require_mfa
        if slug is not UNSET:
            field_dict["slug"] = slug

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.workspace_link_health import WorkspaceLinkHealth  # noqa: PLC0415
        from ..models.workspace_privacy import WorkspacePrivacy  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_link_health(data: object) -> None | Unset | WorkspaceLinkHealth:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                link_health_type_0 = WorkspaceLinkHealth.from_dict(data)

                return link_health_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WorkspaceLinkHealth, data)

        link_health = _parse_link_health(d.pop("linkHealth", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_privacy(data: object) -> None | Unset | WorkspacePrivacy:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                privacy_type_0 = WorkspacePrivacy.from_dict(data)

                return privacy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WorkspacePrivacy, data)

        privacy = _parse_privacy(d.pop("privacy", UNSET))

        def _parse_require_mfa(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        require_mfa = _parse_require_mfa(d.pop("requireMfa", UNSET))

        def _parse_slug(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        slug = _parse_slug(d.pop("slug", UNSET))

        workspace_update = cls(
            link_health=link_health,
            name=name,
            privacy=privacy,
            require_mfa=require_mfa,
            slug=slug,
        )

        return workspace_update
