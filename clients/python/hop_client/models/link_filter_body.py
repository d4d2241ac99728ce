from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.link_filter_body_status_type_0 import LinkFilterBodyStatusType0, check_link_filter_body_status_type_0
from ..models.link_filter_body_tag_match import LinkFilterBodyTagMatch, check_link_filter_body_tag_match
from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkFilterBody")


@_attrs_define
class LinkFilterBody:
    """Which links a bulk change is about: the filters of GET /v1/links (archived ones
    too unless ``archived`` says).

    Attributes:
        archived (bool | None | Unset): true: only archived links; false: only the others; absent: both.
        created_from (datetime.datetime | None | Unset):
        created_to (datetime.datetime | None | Unset):
        domain (None | str | Unset):
        external_id (None | str | Unset):
        q (None | str | Unset):
        status (LinkFilterBodyStatusType0 | None | Unset):
        tag (list[str] | Unset):
        tag_match (LinkFilterBodyTagMatch | Unset):  Default: 'all'.
    """

    archived: bool | None | Unset = UNSET
    created_from: datetime.datetime | None | Unset = UNSET
    created_to: datetime.datetime | None | Unset = UNSET
    domain: None | str | Unset = UNSET
    external_id: None | str | Unset = UNSET
    q: None | str | Unset = UNSET
    status: LinkFilterBodyStatusType0 | None | Unset = UNSET
    tag: list[str] | Unset = UNSET
    tag_match: LinkFilterBodyTagMatch | Unset = "all"

    def to_dict(self) -> dict[str, Any]:
        archived: bool | None | Unset
        if isinstance(self.archived, Unset):
            archived = UNSET
        else:
            archived = self.archived

        created_from: None | str | Unset
        if isinstance(self.created_from, Unset):
            created_from = UNSET
        elif isinstance(self.created_from, datetime.datetime):
            created_from = self.created_from.isoformat()
        else:
            created_from = self.created_from

        created_to: None | str | Unset
        if isinstance(self.created_to, Unset):
            created_to = UNSET
        elif isinstance(self.created_to, datetime.datetime):
            created_to = self.created_to.isoformat()
        else:
            created_to = self.created_to

        domain: None | str | Unset
        if isinstance(self.domain, Unset):
            domain = UNSET
        else:
            domain = self.domain

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        q: None | str | Unset
        if isinstance(self.q, Unset):
            q = UNSET
        else:
            q = self.q

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, str):
            status = self.status
        else:
            status = self.status

        tag: list[str] | Unset = UNSET
        if not isinstance(self.tag, Unset):
            tag = self.tag

        tag_match: str | Unset = UNSET
        if not isinstance(self.tag_match, Unset):
            tag_match = self.tag_match

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if archived is not UNSET:
            field_dict["archived"] = archived
        if created_from is not UNSET:
            field_dict["createdFrom"] = created_from
        if created_to is not UNSET:
            field_dict["createdTo"] = created_to
        if domain is not UNSET:
            field_dict["domain"] = domain
        if external_id is not UNSET:
            field_dict["externalId"] = external_id
        if q is not UNSET:
            field_dict["q"] = q
        if status is not UNSET:
            field_dict["status"] = status
        if tag is not UNSET:
            field_dict["tag"] = tag
        if tag_match is not UNSET:
            field_dict["tagMatch"] = tag_match

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_archived(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        archived = _parse_archived(d.pop("archived", UNSET))

        def _parse_created_from(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_from_type_0 = datetime.datetime.fromisoformat(data)

                return created_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        created_from = _parse_created_from(d.pop("createdFrom", UNSET))

        def _parse_created_to(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_to_type_0 = datetime.datetime.fromisoformat(data)

                return created_to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        created_to = _parse_created_to(d.pop("createdTo", UNSET))

        def _parse_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        domain = _parse_domain(d.pop("domain", UNSET))

        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("externalId", UNSET))

        def _parse_q(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        q = _parse_q(d.pop("q", UNSET))

        def _parse_status(data: object) -> LinkFilterBodyStatusType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = check_link_filter_body_status_type_0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LinkFilterBodyStatusType0 | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        tag = cast(list[str], d.pop("tag", UNSET))

        _tag_match = d.pop("tagMatch", UNSET)
        tag_match: LinkFilterBodyTagMatch | Unset
        if isinstance(_tag_match, Unset):
            tag_match = UNSET
        else:
            tag_match = check_link_filter_body_tag_match(_tag_match)

        link_filter_body = cls(
            archived=archived,
            created_from=created_from,
            created_to=created_to,
            domain=domain,
            external_id=external_id,
            q=q,
            status=status,
            tag=tag,
            tag_match=tag_match,
        )

        return link_filter_body
