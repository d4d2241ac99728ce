from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WorkspaceDelete")


@_attrs_define
class WorkspaceDelete:
    """
    Attributes:
        confirm (None | str | Unset):
    """

    confirm: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        confirm: None | str | Unset
        if isinstance(self.confirm, Unset):
            confirm = UNSET
        else:
            confirm = self.confirm

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if confirm is not UNSET:
            field_dict["confirm"] = confirm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_confirm(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        confirm = _parse_confirm(d.pop("confirm", UNSET))

        workspace_delete = cls(
            confirm=confirm,
        )

        return workspace_delete
