from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.orphan_count import OrphanCount
    from ..models.orphan_day import OrphanDay
    from ..models.orphan_totals import OrphanTotals


T = TypeVar("T", bound="OrphanVisits")


@_attrs_define
class OrphanVisits:
    """
    Attributes:
        domain (None | str):
        from_ (str):
        other_paths (int):
        other_referrers (int):
        series (list[OrphanDay]):
        to (str):
        top_paths (list[OrphanCount]):
        top_referrers (list[OrphanCount]):
        totals (OrphanTotals):
    """

    domain: None | str
    from_: str
    other_paths: int
    other_referrers: int
    series: list[OrphanDay]
    to: str
    top_paths: list[OrphanCount]
    top_referrers: list[OrphanCount]
    totals: OrphanTotals
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        domain: None | str
        domain = self.domain

        from_ = self.from_

        other_paths = self.other_paths

        other_referrers = self.other_referrers

        series = []
        for series_item_data in self.series:
            series_item = series_item_data.to_dict()
            series.append(series_item)

        to = self.to

        top_paths = []
        for top_paths_item_data in self.top_paths:
            top_paths_item = top_paths_item_data.to_dict()
            top_paths.append(top_paths_item)

        top_referrers = []
        for top_referrers_item_data in self.top_referrers:
            top_referrers_item = top_referrers_item_data.to_dict()
            top_referrers.append(top_referrers_item)

        totals = self.totals.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "domain": domain,
                "from": from_,
                "otherPaths": other_paths,
                "otherReferrers": other_referrers,
                "series": series,
                "to": to,
                "topPaths": top_paths,
                "topReferrers": top_referrers,
                "totals": totals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.orphan_count import OrphanCount  # noqa: PLC0415
        from ..models.orphan_day import OrphanDay  # noqa: PLC0415
        from ..models.orphan_totals import OrphanTotals  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        domain = _parse_domain(d.pop("domain"))

        from_ = d.pop("from")

        other_paths = d.pop("otherPaths")

        other_referrers = d.pop("otherReferrers")

        series = []
        _series = d.pop("series")
        for series_item_data in _series:
            series_item = OrphanDay.from_dict(series_item_data)

            series.append(series_item)

        to = d.pop("to")

        top_paths = []
        _top_paths = d.pop("topPaths")
        for top_paths_item_data in _top_paths:
            top_paths_item = OrphanCount.from_dict(top_paths_item_data)

            top_paths.append(top_paths_item)

        top_referrers = []
        _top_referrers = d.pop("topReferrers")
        for top_referrers_item_data in _top_referrers:
            top_referrers_item = OrphanCount.from_dict(top_referrers_item_data)

            top_referrers.append(top_referrers_item)

        totals = OrphanTotals.from_dict(d.pop("totals"))

        orphan_visits = cls(
            domain=domain,
            from_=from_,
            other_paths=other_paths,
            other_referrers=other_referrers,
            series=series,
            to=to,
            top_paths=top_paths,
            top_referrers=top_referrers,
            totals=totals,
        )

        orphan_visits.additional_properties = d
        return orphan_visits

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
