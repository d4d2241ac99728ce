from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rule_when import RuleWhen


T = TypeVar("T", bound="Rule")


@_attrs_define
class Rule:
    """
    Attributes:
        url (str): Absolute http(s) URL, at most 2,048 characters.
        when (RuleWhen): Every condition given must hold; a list holds when the visit has any of its values.
    """

    url: str
    when: RuleWhen

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        when = self.when.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "when": when,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_when import RuleWhen  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        when = RuleWhen.from_dict(d.pop("when"))

        rule = cls(
            url=url,
            when=when,
        )

        return rule
