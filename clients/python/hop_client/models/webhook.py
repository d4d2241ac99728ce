from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_pause_reason_type_0 import WebhookPauseReasonType0, check_webhook_pause_reason_type_0
from ..models.webhook_status import WebhookStatus, check_webhook_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        created_at (str):
        endpoint (str):
        events (list[str]):
        failure_streak (int):
        id (str):
        pause_reason (None | WebhookPauseReasonType0):
        paused_at (None | str):
        previous_secret_expires_at (None | str):
        status (WebhookStatus):
        updated_at (str):
        created_by (None | str | Unset): Who made it: the API key's id (key_…) when a key made it, else the user's id
            (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null:
            made before workspaces.
    """

    created_at: str
    endpoint: str
    events: list[str]
    failure_streak: int
    id: str
    pause_reason: None | WebhookPauseReasonType0
    paused_at: None | str
    previous_secret_expires_at: None | str
    status: WebhookStatus
    updated_at: str
    created_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        endpoint = self.endpoint

        events = self.events

        failure_streak = self.failure_streak

        id = self.id

        pause_reason: None | str
        if isinstance(self.pause_reason, str):
            pause_reason = self.pause_reason
        else:
            pause_reason = self.pause_reason

        paused_at: None | str
        paused_at = self.paused_at

        previous_secret_expires_at: None | str
        previous_secret_expires_at = self.previous_secret_expires_at

        status: str = self.status

        updated_at = self.updated_at

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "endpoint": endpoint,
                "events": events,
                "failureStreak": failure_streak,
                "id": id,
                "pauseReason": pause_reason,
                "pausedAt": paused_at,
                "previousSecretExpiresAt": previous_secret_expires_at,
                "status": status,
                "updatedAt": updated_at,
            }
        )
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("createdAt")

        endpoint = d.pop("endpoint")

        events = cast(list[str], d.pop("events"))

        failure_streak = d.pop("failureStreak")

        id = d.pop("id")

        def _parse_pause_reason(data: object) -> None | WebhookPauseReasonType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pause_reason_type_0 = check_webhook_pause_reason_type_0(data)

                return pause_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookPauseReasonType0, data)

        pause_reason = _parse_pause_reason(d.pop("pauseReason"))

        def _parse_paused_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        paused_at = _parse_paused_at(d.pop("pausedAt"))

        def _parse_previous_secret_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(d.pop("previousSecretExpiresAt"))

        status = check_webhook_status(d.pop("status"))

        updated_at = d.pop("updatedAt")

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        webhook = cls(
            created_at=created_at,
            endpoint=endpoint,
            events=events,
            failure_streak=failure_streak,
            id=id,
            pause_reason=pause_reason,
            paused_at=paused_at,
            previous_secret_expires_at=previous_secret_expires_at,
            status=status,
            updated_at=updated_at,
            created_by=created_by,
        )

        webhook.additional_properties = d
        return webhook

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
