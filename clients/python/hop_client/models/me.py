from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.me_plan import MePlan, check_me_plan

T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """
    Attributes:
        created_at (str):
        custom_limits (bool): True when an operator negotiated the limits (`hop user limits`).
        email (str):
        id (str):
        limit_per_minute (int): Requests per minute in force.
        limit_per_month (int): Requests per calendar month (UTC).
        plan (MePlan):
        verified (bool): Whether the e-mail address is verified.
    """

    created_at: str
    custom_limits: bool
    email: str
    id: str
    limit_per_minute: int
    limit_per_month: int
    plan: MePlan
    verified: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        custom_limits = self.custom_limits

        email = self.email

        id = self.id

        limit_per_minute = self.limit_per_minute

        limit_per_month = self.limit_per_month

        plan: str = self.plan

        verified = self.verified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "customLimits": custom_limits,
                "email": email,
                "id": id,
                "limitPerMinute": limit_per_minute,
                "limitPerMonth": limit_per_month,
                "plan": plan,
                "verified": verified,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("createdAt")

        custom_limits = d.pop("customLimits")

        email = d.pop("email")

        id = d.pop("id")

        limit_per_minute = d.pop("limitPerMinute")

        limit_per_month = d.pop("limitPerMonth")

        plan = check_me_plan(d.pop("plan"))

        verified = d.pop("verified")

        me = cls(
            created_at=created_at,
            custom_limits=custom_limits,
            email=email,
            id=id,
            limit_per_minute=limit_per_minute,
            limit_per_month=limit_per_month,
            plan=plan,
            verified=verified,
        )

        me.additional_properties = d
        return me

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
