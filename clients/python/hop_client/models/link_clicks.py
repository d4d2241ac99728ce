from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.breakdown import Breakdown
    from ..models.click_record import ClickRecord
    from ..models.click_totals import ClickTotals


T = TypeVar("T", bound="LinkClicks")


@_attrs_define
class LinkClicks:
    """
    Attributes:
        breakdown (Breakdown):
        clicks (list[ClickRecord]):
        from_ (None | str):
        include_bots (bool):
        link_id (str):
        next_cursor (None | str):
        to (None | str):
        totals (ClickTotals):
    """

    breakdown: Breakdown
    clicks: list[ClickRecord]
    from_: None | str
    include_bots: bool
    link_id: str
    next_cursor: None | str
    to: None | str
    totals: ClickTotals
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        breakdown = self.breakdown.to_dict()

        clicks = []
        for clicks_item_data in self.clicks:
            clicks_item = clicks_item_data.to_dict()
            clicks.append(clicks_item)

        from_: None | str
        from_ = self.from_

        include_bots = self.include_bots

        link_id = self.link_id

        next_cursor: None | str
        next_cursor = self.next_cursor

        to: None | str
        to = self.to

        totals = self.totals.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "breakdown": breakdown,
                "clicks": clicks,
                "from": from_,
                "includeBots": include_bots,
                "linkId": link_id,
                "nextCursor": next_cursor,
                "to": to,
                "totals": totals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.breakdown import Breakdown  # noqa: PLC0415
        from ..models.click_record import ClickRecord  # noqa: PLC0415
        from ..models.click_totals import ClickTotals  # noqa: PLC0415

        d = dict(src_dict)
        breakdown = Breakdown.from_dict(d.pop("breakdown"))

        clicks = []
        _clicks = d.pop("clicks")
        for clicks_item_data in _clicks:
            clicks_item = ClickRecord.from_dict(clicks_item_data)

            clicks.append(clicks_item)

        def _parse_from_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_ = _parse_from_(d.pop("from"))

        include_bots = d.pop("includeBots")

        link_id = d.pop("linkId")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        def _parse_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        to = _parse_to(d.pop("to"))

        totals = ClickTotals.from_dict(d.pop("totals"))

        link_clicks = cls(
            breakdown=breakdown,
            clicks=clicks,
            from_=from_,
            include_bots=include_bots,
            link_id=link_id,
            next_cursor=next_cursor,
            to=to,
            totals=totals,
        )

        link_clicks.additional_properties = d
        return link_clicks

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
