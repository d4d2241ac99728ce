from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.link_update_redirect_type import LinkUpdateRedirectType, check_link_update_redirect_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkUpdate")


@_attrs_define
class LinkUpdate:
    """Only the fields sent change; ``null`` clears ``tags`` and ``expiresAt``.

    Attributes:
        alias (str | Unset): Custom short code: 3-64 of A-Z a-z 0-9 _ -. Unique per environment (live and sandbox are
            separate); a code freed by a delete or alias change stays reserved for its previous owner for
            HOP_CODE_RESERVATION_DAYS (30 by default).
        expires_at (datetime.datetime | None | Unset):
        forward_query (bool | Unset):
        long_url (str | Unset): Absolute http(s) URL, at most 2,048 characters.
        redirect_type (LinkUpdateRedirectType | Unset):
        tags (list[str] | None | Unset):
    """

    alias: str | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    forward_query: bool | Unset = UNSET
    long_url: str | Unset = UNSET
    redirect_type: LinkUpdateRedirectType | Unset = UNSET
    tags: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        alias = self.alias

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        forward_query = self.forward_query

        long_url = self.long_url

        redirect_type: int | Unset = UNSET
        if not isinstance(self.redirect_type, Unset):
            redirect_type = self.redirect_type

        tags: list[str] | None | Unset
        if isinstance(self.tags, Unset):
            tags = UNSET
        elif isinstance(self.tags, list):
            tags = self.tags

        else:
            tags = self.tags

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if alias is not UNSET:
            field_dict["alias"] = alias
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at
        if forward_query is not UNSET:
            field_dict["forwardQuery"] = forward_query
        if long_url is not UNSET:
            field_dict["longUrl"] = long_url
        if redirect_type is not UNSET:
            field_dict["redirectType"] = redirect_type
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        alias = d.pop("alias", UNSET)

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

        long_url = d.pop("longUrl", UNSET)

        _redirect_type = d.pop("redirectType", UNSET)
        redirect_type: LinkUpdateRedirectType | Unset
        if isinstance(_redirect_type, Unset):
            redirect_type = UNSET
        else:
            redirect_type = check_link_update_redirect_type(_redirect_type)

        def _parse_tags(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tags_type_0 = cast(list[str], data)

                return tags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tags = _parse_tags(d.pop("tags", UNSET))

        link_update = cls(
            alias=alias,
            expires_at=expires_at,
            forward_query=forward_query,
            long_url=long_url,
            redirect_type=redirect_type,
            tags=tags,
        )

        return link_update
