from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RefreshRequest")


@_attrs_define
class RefreshRequest:
    """
    Attributes:
        refresh_token (str):
        workspace_id (None | str | Unset):
    """

    refresh_token: str
    workspace_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        refresh_token = self.refresh_token

        workspace_id: None | str | Unset
        if isinstance(self.workspace_id, Unset):
            workspace_id = UNSET
        else:
            workspace_id = self.workspace_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "refreshToken": refresh_token,
            }
        )
        if workspace_id is not UNSET:
            field_dict["workspaceId"] = workspace_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        refresh_token = d.pop("refreshToken")

        def _parse_workspace_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        workspace_id = _parse_workspace_id(d.pop("workspaceId", UNSET))

        refresh_request = cls(
            refresh_token=refresh_token,
            workspace_id=workspace_id,
        )

        return refresh_request
