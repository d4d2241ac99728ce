from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RemappedCode")


@_attrs_define
class RemappedCode:
    """
    Attributes:
        code (None | str): The code at the source.
        new_code (str): The code it has in Hop.
        reason (str):
        source_id (str):
    """

    code: None | str
    new_code: str
    reason: str
    source_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code: None | str
        code = self.code

        new_code = self.new_code

        reason = self.reason

        source_id = self.source_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "newCode": new_code,
                "reason": reason,
                "sourceId": source_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        code = _parse_code(d.pop("code"))

        new_code = d.pop("newCode")

        reason = d.pop("reason")

        source_id = d.pop("sourceId")

        remapped_code = cls(
            code=code,
            new_code=new_code,
            reason=reason,
            source_id=source_id,
        )

        remapped_code.additional_properties = d
        return remapped_code

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
