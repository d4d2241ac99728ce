from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DomainUpdate")


@_attrs_define
class DomainUpdate:
    """
    Attributes:
        not_found_url (None | str):
    """

    not_found_url: None | str

    def to_dict(self) -> dict[str, Any]:
        not_found_url: None | str
        not_found_url = self.not_found_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "notFoundUrl": not_found_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_not_found_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        not_found_url = _parse_not_found_url(d.pop("notFoundUrl"))

        domain_update = cls(
            not_found_url=not_found_url,
        )

        return domain_update
