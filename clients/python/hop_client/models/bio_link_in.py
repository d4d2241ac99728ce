from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BioLinkIn")


@_attrs_define
class BioLinkIn:
    """A button on the page: a destination ``url``, or ``linkId``, one of your short links.

    Attributes:
        title (str):
        link_id (None | str | Unset):
        url (None | str | Unset):
    """

    title: str
    link_id: None | str | Unset = UNSET
    url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        link_id: None | str | Unset
        if isinstance(self.link_id, Unset):
            link_id = UNSET
        else:
            link_id = self.link_id

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
            }
        )
        if link_id is not UNSET:
            field_dict["linkId"] = link_id
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        title = d.pop("title")

        def _parse_link_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        link_id = _parse_link_id(d.pop("linkId", UNSET))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        bio_link_in = cls(
            title=title,
            link_id=link_id,
            url=url,
        )

        return bio_link_in
