from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DomainUpdate")


@_attrs_define
class DomainUpdate:
    """Each field optional: what is left out stays as it is.

    Attributes:
        case_sensitive (bool | Unset): false: the domain's codes become case-insensitive (409 case-clash, naming them in
            clashes, while two of its codes differ only in case); true: case-sensitive again.
        not_found_url (None | str | Unset):
    """

    case_sensitive: bool | Unset = UNSET
    not_found_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        case_sensitive = self.case_sensitive

        not_found_url: None | str | Unset
        if isinstance(self.not_found_url, Unset):
            not_found_url = UNSET
        else:
            not_found_url = self.not_found_url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if case_sensitive is not UNSET:
            field_dict["caseSensitive"] = case_sensitive
        if not_found_url is not UNSET:
            field_dict["notFoundUrl"] = not_found_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        case_sensitive = d.pop("caseSensitive", UNSET)

        def _parse_not_found_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        not_found_url = _parse_not_found_url(d.pop("notFoundUrl", UNSET))

        domain_update = cls(
            case_sensitive=case_sensitive,
            not_found_url=not_found_url,
        )

        return domain_update
