from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_update_events_item import WebhookUpdateEventsItem, check_webhook_update_events_item
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookUpdate")


@_attrs_define
class WebhookUpdate:
    """Only the fields sent change.

    Attributes:
        endpoint (str | Unset): The receiving URL: https, on a public address.
        events (list[WebhookUpdateEventsItem] | Unset): Event types to send (link.created, link.clicked, ...), or ["*"]
            for every type, present and future.
    """

    endpoint: str | Unset = UNSET
    events: list[WebhookUpdateEventsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        endpoint = self.endpoint

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item: str = events_item_data
                events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if endpoint is not UNSET:
            field_dict["endpoint"] = endpoint
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint = d.pop("endpoint", UNSET)

        _events = d.pop("events", UNSET)
        events: list[WebhookUpdateEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = check_webhook_update_events_item(events_item_data)

                events.append(events_item)

        webhook_update = cls(
            endpoint=endpoint,
            events=events,
        )

        return webhook_update
