from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.orphan_totals_bot_types import OrphanTotalsBotTypes
    from ..models.orphan_totals_humans import OrphanTotalsHumans


T = TypeVar("T", bound="OrphanTotals")


@_attrs_define
class OrphanTotals:
    """
    Attributes:
        bot_types (OrphanTotalsBotTypes):
        bots (int):
        humans (OrphanTotalsHumans):
        total (int):
    """

    bot_types: OrphanTotalsBotTypes
    bots: int
    humans: OrphanTotalsHumans
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bot_types = self.bot_types.to_dict()

        bots = self.bots

        humans = self.humans.to_dict()

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "botTypes": bot_types,
                "bots": bots,
                "humans": humans,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.orphan_totals_bot_types import OrphanTotalsBotTypes  # noqa: PLC0415
        from ..models.orphan_totals_humans import OrphanTotalsHumans  # noqa: PLC0415

        d = dict(src_dict)
        bot_types = OrphanTotalsBotTypes.from_dict(d.pop("botTypes"))

        bots = d.pop("bots")

        humans = OrphanTotalsHumans.from_dict(d.pop("humans"))

        total = d.pop("total")

        orphan_totals = cls(
            bot_types=bot_types,
            bots=bots,
            humans=humans,
            total=total,
        )

        orphan_totals.additional_properties = d
        return orphan_totals

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
