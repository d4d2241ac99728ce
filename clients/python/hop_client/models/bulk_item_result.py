from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bulk_problem import BulkProblem
    from ..models.link import Link


T = TypeVar("T", bound="BulkItemResult")


@_attrs_define
class BulkItemResult:
    """
    Attributes:
        index (int): The item's place in the request (0-based).
        status (int): 201, or the status a single create would answer.
        link (Link | None | Unset):
        problem (BulkProblem | None | Unset):
    """

    index: int
    status: int
    link: Link | None | Unset = UNSET
    problem: BulkProblem | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bulk_problem import BulkProblem  # noqa: PLC0415
        from ..models.link import Link  # noqa: PLC0415

        index = self.index

        status = self.status

        link: dict[str, Any] | None | Unset
        if isinstance(self.link, Unset):
            link = UNSET
        elif isinstance(self.link, Link):
            link = self.link.to_dict()
        else:
            link = self.link

        problem: dict[str, Any] | None | Unset
        if isinstance(self.problem, Unset):
            problem = UNSET
        elif isinstance(self.problem, BulkProblem):
            problem = self.problem.to_dict()
        else:
            problem = self.problem

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "status": status,
            }
        )
        if link is not UNSET:
            field_dict["link"] = link
        if problem is not UNSET:
            field_dict["problem"] = problem

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_problem import BulkProblem  # noqa: PLC0415
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        status = d.pop("status")

        def _parse_link(data: object) -> Link | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                link_type_0 = Link.from_dict(data)

                return link_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Link | None | Unset, data)

        link = _parse_link(d.pop("link", UNSET))

        def _parse_problem(data: object) -> BulkProblem | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                problem_type_0 = BulkProblem.from_dict(data)

                return problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BulkProblem | None | Unset, data)

        problem = _parse_problem(d.pop("problem", UNSET))

        bulk_item_result = cls(
            index=index,
            status=status,
            link=link,
            problem=problem,
        )

        bulk_item_result.additional_properties = d
        return bulk_item_result

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
