from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.link_status import LinkStatus, check_link_status

if TYPE_CHECKING:
    from ..models.link_safety import LinkSafety


T = TypeVar("T", bound="Link")


@_attrs_define
class Link:
    """
    Attributes:
        clicks (int):
        created_at (str):
        expires_at (None | str):
        forward_query (bool):
        id (str):
        long_url (str):
        redirect_type (int):
        safety (LinkSafety): What the safety layer says of the destination (docs/safety.md).
        short_code (str):
        short_url (str): <short_base_url>/<shortCode>; for sandbox (svc_test_) links <short_base_url>/test/<shortCode>.
        status (LinkStatus): blocked: the safety layer blocks it (403 at the edge); flagged: visitors see a warning page
            first; expired; active.
        tags (list[str]):
        updated_at (str):
    """

    clicks: int
    created_at: str
    expires_at: None | str
    forward_query: bool
    id: str
    long_url: str
    redirect_type: int
    safety: LinkSafety
    short_code: str
    short_url: str
    status: LinkStatus
    tags: list[str]
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        clicks = self.clicks

        created_at = self.created_at

        expires_at: None | str
        expires_at = self.expires_at

        forward_query = self.forward_query

        id = self.id

        long_url = self.long_url

        redirect_type = self.redirect_type

        safety = self.safety.to_dict()

        short_code = self.short_code

        short_url = self.short_url

        status: str = self.status

        tags = self.tags

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clicks": clicks,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "forwardQuery": forward_query,
                "id": id,
                "longUrl": long_url,
                "redirectType": redirect_type,
                "safety": safety,
                "shortCode": short_code,
                "shortUrl": short_url,
                "status": status,
                "tags": tags,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_safety import LinkSafety  # noqa: PLC0415

        d = dict(src_dict)
        clicks = d.pop("clicks")

        created_at = d.pop("createdAt")

        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        forward_query = d.pop("forwardQuery")

        id = d.pop("id")

        long_url = d.pop("longUrl")

        redirect_type = d.pop("redirectType")

        safety = LinkSafety.from_dict(d.pop("safety"))

        short_code = d.pop("shortCode")

        short_url = d.pop("shortUrl")

        status = check_link_status(d.pop("status"))

        tags = cast(list[str], d.pop("tags"))

        updated_at = d.pop("updatedAt")

        link = cls(
            clicks=clicks,
            created_at=created_at,
            expires_at=expires_at,
            forward_query=forward_query,
            id=id,
            long_url=long_url,
            redirect_type=redirect_type,
            safety=safety,
            short_code=short_code,
            short_url=short_url,
            status=status,
            tags=tags,
            updated_at=updated_at,
        )

        link.additional_properties = d
        return link

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
