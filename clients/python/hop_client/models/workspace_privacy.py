from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WorkspacePrivacy")


@_attrs_define
class WorkspacePrivacy:
    """What the workspace promises its links' visitors (docs/privacy.md).

    Attributes:
        honor_dnt (bool | Unset): Honour `DNT: 1` and `Sec-GPC: 1`: such a click is still counted, but no visitor id,
            user agent or referrer is kept of it, and it is left out of unique visitors and counted as a direct visit.
            Default: False.
    """

    honor_dnt: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        honor_dnt = self.honor_dnt

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if honor_dnt is not UNSET:
            field_dict["honorDnt"] = honor_dnt

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        honor_dnt = d.pop("honorDnt", UNSET)

        workspace_privacy = cls(
            honor_dnt=honor_dnt,
        )

        return workspace_privacy
