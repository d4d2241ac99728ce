from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_state import DeliveryState, check_delivery_state

T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """
    Attributes:
        attempts (int):
        event_id (str):
        event_type (str):
        id (str):
        next_attempt_at (None | str):
        state (DeliveryState):
    """

    attempts: int
    event_id: str
    event_type: str
    id: str
    next_attempt_at: None | str
    state: DeliveryState
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        event_id = self.event_id

        event_type = self.event_type

        id = self.id

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at

        state: str = self.state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "eventId": event_id,
                "eventType": event_type,
                "id": id,
                "nextAttemptAt": next_attempt_at,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        event_id = d.pop("eventId")

        event_type = d.pop("eventType")

        id = d.pop("id")

        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        state = check_delivery_state(d.pop("state"))

        delivery = cls(
            attempts=attempts,
            event_id=event_id,
            event_type=event_type,
            id=id,
            next_attempt_at=next_attempt_at,
            state=state,
        )

        delivery.additional_properties = d
        return delivery

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
