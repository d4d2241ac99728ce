from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_create_events_item import WebhookCreateEventsItem, check_webhook_create_events_item
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreate")


@_attrs_define
class WebhookCreate:
    """
    Attributes:
        endpoint (str): The receiving URL: https, on a public address.
        events (list[WebhookCreateEventsItem]): Event types to send (link.created, link.clicked, ...), or ["*"] for
            every type, present and future.
        secret (str | Unset): "auto" to have a whsec_ secret generated, or your own 24-128 visible ASCII characters.
            Default: 'auto'.
    """

    endpoint: str
    events: list[WebhookCreateEventsItem]
    secret: str | Unset = "auto"

    def to_dict(self) -> dict[str, Any]:
        endpoint = self.endpoint

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpoint": endpoint,
                "events": events,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint = d.pop("endpoint")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_create_events_item(events_item_data)

            events.append(events_item)

        secret = d.pop("secret", UNSET)

        webhook_create = cls(
            endpoint=endpoint,
            events=events,
            secret=secret,
        )

        return webhook_create
