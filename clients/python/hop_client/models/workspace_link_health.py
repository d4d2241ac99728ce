from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WorkspaceLinkHealth")


@_attrs_define
class WorkspaceLinkHealth:
    """Whether the worker checks the workspace's links' destinations
    (docs/api.md#link-health).

    Attributes:
        enabled (bool | Unset): Check every live link's destinations once a day (HEAD, else a one-byte GET): `health` on
            each link, `link.broken` to webhooks, a daily digest of broken links to the owners. false: no request is made
            for its links. Default: True.
    """

    enabled: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        workspace_link_health = cls(
            enabled=enabled,
        )

        return workspace_link_health
