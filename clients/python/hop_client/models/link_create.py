from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.link_create_redirect_type import LinkCreateRedirectType, check_link_create_redirect_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkCreate")


@_attrs_define
class LinkCreate:
    """
    Attributes:
        long_url (str): Absolute http(s) URL, at most 2,048 characters.
        alias (None | str | Unset):
        expires_at (datetime.datetime | None | Unset):
        forward_query (bool | Unset):  Default: True.
        redirect_type (LinkCreateRedirectType | Unset):  Default: 302.
        tags (list[str] | Unset): At most 20 tags.
    """

    long_url: str
    alias: None | str | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    forward_query: bool | Unset = True
    redirect_type: LinkCreateRedirectType | Unset = 302
    tags: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        long_url = self.long_url

        alias: None | str | Unset
        if isinstance(self.alias, Unset):
            alias = UNSET
        else:
            alias = self.alias

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        forward_query = self.forward_query

        redirect_type: int | Unset = UNSET
        if not isinstance(self.redirect_type, Unset):
            redirect_type = self.redirect_type

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "longUrl": long_url,
            }
        )
        if alias is not UNSET:
            field_dict["alias"] = alias
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at
        if forward_query is not UNSET:
            field_dict["forwardQuery"] = forward_query
        if redirect_type is not UNSET:
            field_dict["redirectType"] = redirect_type
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        long_url = d.pop("longUrl")

        def _parse_alias(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        alias = _parse_alias(d.pop("alias", UNSET))

        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expires_at = _parse_expires_at(d.pop("expiresAt", UNSET))

        forward_query = d.pop("forwardQuery", UNSET)

        _redirect_type = d.pop("redirectType", UNSET)
        redirect_type: LinkCreateRedirectType | Unset
        if isinstance(_redirect_type, Unset):
            redirect_type = UNSET
        else:
            redirect_type = check_link_create_redirect_type(_redirect_type)

        tags = cast(list[str], d.pop("tags", UNSET))

        link_create = cls(
            long_url=long_url,
            alias=alias,
            expires_at=expires_at,
            forward_query=forward_query,
            redirect_type=redirect_type,
            tags=tags,
        )

        return link_create
