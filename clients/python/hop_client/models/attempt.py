from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Attempt")


@_attrs_define
class Attempt:
    """
    Attributes:
        attempt (int):
        attempted_at (str):
        delivery_id (str):
        duration_ms (int):
        error (None | str):
        event_id (str):
        event_type (str):
        id (str):
        response_body (None | str):
        status_code (int | None):
        succeeded (bool):
    """

    attempt: int
    attempted_at: str
    delivery_id: str
    duration_ms: int
    error: None | str
    event_id: str
    event_type: str
    id: str
    response_body: None | str
    status_code: int | None
    succeeded: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        attempted_at = self.attempted_at

        delivery_id = self.delivery_id

        duration_ms = self.duration_ms

        error: None | str
        error = self.error

        event_id = self.event_id

        event_type = self.event_type

        id = self.id

        response_body: None | str
        response_body = self.response_body

        status_code: int | None
        status_code = self.status_code

        succeeded = self.succeeded

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt": attempt,
                "attemptedAt": attempted_at,
                "deliveryId": delivery_id,
                "durationMs": duration_ms,
                "error": error,
                "eventId": event_id,
                "eventType": event_type,
                "id": id,
                "responseBody": response_body,
                "statusCode": status_code,
                "succeeded": succeeded,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        attempted_at = d.pop("attemptedAt")

        delivery_id = d.pop("deliveryId")

        duration_ms = d.pop("durationMs")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        event_id = d.pop("eventId")

        event_type = d.pop("eventType")

        id = d.pop("id")

        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("responseBody"))

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("statusCode"))

        succeeded = d.pop("succeeded")

        attempt = cls(
            attempt=attempt,
            attempted_at=attempted_at,
            delivery_id=delivery_id,
            duration_ms=duration_ms,
            error=error,
            event_id=event_id,
            event_type=event_type,
            id=id,
            response_body=response_body,
            status_code=status_code,
            succeeded=succeeded,
        )

        attempt.additional_properties = d
        return attempt

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
