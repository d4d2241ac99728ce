from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EventData")


@_attrs_define
class EventData:
    """
    Attributes:
        start (datetime.datetime):
        summary (str):
        all_day (bool | Unset):  Default: False.
        description (None | str | Unset):
        end (datetime.datetime | None | Unset):
        location (None | str | Unset):
    """

    start: datetime.datetime
    summary: str
    all_day: bool | Unset = False
    description: None | str | Unset = UNSET
    end: datetime.datetime | None | Unset = UNSET
    location: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start.isoformat()

        summary = self.summary

        all_day = self.all_day

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        end: None | str | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        elif isinstance(self.end, datetime.datetime):
            end = self.end.isoformat()
        else:
            end = self.end

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "summary": summary,
            }
        )
        if all_day is not UNSET:
            field_dict["allDay"] = all_day
        if description is not UNSET:
            field_dict["description"] = description
        if end is not UNSET:
            field_dict["end"] = end
        if location is not UNSET:
            field_dict["location"] = location

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = datetime.datetime.fromisoformat(d.pop("start"))

        summary = d.pop("summary")

        all_day = d.pop("allDay", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_end(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_type_0 = datetime.datetime.fromisoformat(data)

                return end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        end = _parse_end(d.pop("end", UNSET))

        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        event_data = cls(
            start=start,
            summary=summary,
            all_day=all_day,
            description=description,
            end=end,
            location=location,
        )

        return event_data
