from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.link_health_status import LinkHealthStatus, check_link_health_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkHealth")


@_attrs_define
class LinkHealth:
    """What the last check of the link's destinations found (docs/api.md#link-health).

    Attributes:
        checked_at (str):
        http_status (int | None): The status the destination answered; null when none came.
        status (LinkHealthStatus): ok: every destination answered; broken: one answered 404, 410 or 5xx twice, or its
            host does not resolve, refuses connections or fails TLS; unknown: no verdict (401, 403, 429, other 4xx, a time-
            out, an address the checks may not call).
        url (None | str | Unset): The destination the status is about; null when all are ok.
    """

    checked_at: str
    http_status: int | None
    status: LinkHealthStatus
    url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checked_at = self.checked_at

        http_status: int | None
        http_status = self.http_status

        status: str = self.status

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkedAt": checked_at,
                "httpStatus": http_status,
                "status": status,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        checked_at = d.pop("checkedAt")

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("httpStatus"))

        status = check_link_health_status(d.pop("status"))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        link_health = cls(
            checked_at=checked_at,
            http_status=http_status,
            status=status,
            url=url,
        )

        link_health.additional_properties = d
        return link_health

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
