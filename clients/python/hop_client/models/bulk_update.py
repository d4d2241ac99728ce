from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.bulk_action import BulkAction
    from ..models.link_filter_body import LinkFilterBody


T = TypeVar("T", bound="BulkUpdate")


@_attrs_define
class BulkUpdate:
    """
    Attributes:
        action (BulkAction):
        filter_ (LinkFilterBody): Which links a bulk change is about: the filters of GET /v1/links (archived ones
                too unless ``archived`` says).
    """

    action: BulkAction
    filter_: LinkFilterBody

    def to_dict(self) -> dict[str, Any]:
        action = self.action.to_dict()

        filter_ = self.filter_.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "filter": filter_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_action import BulkAction  # noqa: PLC0415
        from ..models.link_filter_body import LinkFilterBody  # noqa: PLC0415

        d = dict(src_dict)
        action = BulkAction.from_dict(d.pop("action"))

        filter_ = LinkFilterBody.from_dict(d.pop("filter"))

        bulk_update = cls(
            action=action,
            filter_=filter_,
        )

        return bulk_update
