from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DomainCreate")


@_attrs_define
class DomainCreate:
    """
    Attributes:
        hostname (str): A host name you control, e.g. go.brand.com (ASCII: an internationalised name in its xn-- form),
            at most 238 characters so that its TXT record's name fits in DNS; stored lower-case, without a final dot.
    """

    hostname: str

    def to_dict(self) -> dict[str, Any]:
        hostname = self.hostname

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hostname": hostname,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hostname = d.pop("hostname")

        domain_create = cls(
            hostname=hostname,
        )

        return domain_create
