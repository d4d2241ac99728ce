from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.account_analytics_interval import AccountAnalyticsInterval, check_account_analytics_interval
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.account_breakdown import AccountBreakdown
    from ..models.account_totals import AccountTotals
    from ..models.series_point import SeriesPoint
    from ..models.top_link import TopLink


T = TypeVar("T", bound="AccountAnalytics")


@_attrs_define
class AccountAnalytics:
    """
    Attributes:
        breakdown (AccountBreakdown):
        from_ (str):
        include_bots (bool):
        interval (AccountAnalyticsInterval):
        series (list[SeriesPoint]):
        to (str):
        top_links (list[TopLink]):
        totals (AccountTotals):
        include_archived (bool | Unset):  Default: False.
    """

    breakdown: AccountBreakdown
    from_: str
    include_bots: bool
    interval: AccountAnalyticsInterval
    series: list[SeriesPoint]
    to: str
    top_links: list[TopLink]
    totals: AccountTotals
    include_archived: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        breakdown = self.breakdown.to_dict()

        from_ = self.from_

        include_bots = self.include_bots

        interval: str = self.interval

        series = []
        for series_item_data in self.series:
            series_item = series_item_data.to_dict()
            series.append(series_item)

        to = self.to

        top_links = []
        for top_links_item_data in self.top_links:
            top_links_item = top_links_item_data.to_dict()
            top_links.append(top_links_item)

        totals = self.totals.to_dict()

        include_archived = self.include_archived

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "breakdown": breakdown,
                "from": from_,
                "includeBots": include_bots,
                "interval": interval,
                "series": series,
                "to": to,
                "topLinks": top_links,
                "totals": totals,
            }
        )
        if include_archived is not UNSET:
            field_dict["includeArchived"] = include_archived

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_breakdown import AccountBreakdown  # noqa: PLC0415
        from ..models.account_totals import AccountTotals  # noqa: PLC0415
        from ..models.series_point import SeriesPoint  # noqa: PLC0415
        from ..models.top_link import TopLink  # noqa: PLC0415

        d = dict(src_dict)
        breakdown = AccountBreakdown.from_dict(d.pop("breakdown"))

        from_ = d.pop("from")

        include_bots = d.pop("includeBots")

        interval = check_account_analytics_interval(d.pop("interval"))

        series = []
        _series = d.pop("series")
        for series_item_data in _series:
            series_item = SeriesPoint.from_dict(series_item_data)

            series.append(series_item)

        to = d.pop("to")

        top_links = []
        _top_links = d.pop("topLinks")
        for top_links_item_data in _top_links:
            top_links_item = TopLink.from_dict(top_links_item_data)

            top_links.append(top_links_item)

        totals = AccountTotals.from_dict(d.pop("totals"))

        include_archived = d.pop("includeArchived", UNSET)

        account_analytics = cls(
            breakdown=breakdown,
            from_=from_,
            include_bots=include_bots,
            interval=interval,
            series=series,
            to=to,
            top_links=top_links,
            totals=totals,
            include_archived=include_archived,
        )

        account_analytics.additional_properties = d
        return account_analytics

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
