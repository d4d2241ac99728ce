from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_actor import AuditActor


T = TypeVar("T", bound="AuditEntry")


@_attrs_define
class AuditEntry:
    """
    Attributes:
        action (str):
        actor (AuditActor): Who acted: the person (an API key's maker, while they are on Hop) and the API key
                when one was used; both null for an operator's command or the service itself.
        at (str):
        id (str):
        ip (None | str):
        target (None | str):
        user_agent (None | str):
    """

    action: str
    actor: AuditActor
    at: str
    id: str
    ip: None | str
    target: None | str
    user_agent: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        actor = self.actor.to_dict()

        at = self.at

        id = self.id

        ip: None | str
        ip = self.ip

        target: None | str
        target = self.target

        user_agent: None | str
        user_agent = self.user_agent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "actor": actor,
                "at": at,
                "id": id,
                "ip": ip,
                "target": target,
                "userAgent": user_agent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_actor import AuditActor  # noqa: PLC0415

        d = dict(src_dict)
        action = d.pop("action")

        actor = AuditActor.from_dict(d.pop("actor"))

        at = d.pop("at")

        id = d.pop("id")

        def _parse_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip = _parse_ip(d.pop("ip"))

        def _parse_target(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target = _parse_target(d.pop("target"))

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("userAgent"))

        audit_entry = cls(
            action=action,
            actor=actor,
            at=at,
            id=id,
            ip=ip,
            target=target,
            user_agent=user_agent,
        )

        audit_entry.additional_properties = d
        return audit_entry

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
