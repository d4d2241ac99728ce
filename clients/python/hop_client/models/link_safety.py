from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.link_safety_source_type_0 import LinkSafetySourceType0, check_link_safety_source_type_0
from ..models.link_safety_verdict import LinkSafetyVerdict, check_link_safety_verdict

T = TypeVar("T", bound="LinkSafety")


@_attrs_define
class LinkSafety:
    """What the safety layer says of the destination (docs/safety.md).

    Attributes:
        checked_at (None | str):
        reasons (list[str]): Stable reason codes (docs/safety.md); empty when ok.
        review_requested_at (None | str): When the owner asked for a review (POST /v1/links/:id/review).
        source (LinkSafetySourceType0 | None): What decided the verdict; null for links not yet checked.
        verdict (LinkSafetyVerdict): ok: redirects; warn: the edge shows a warning page first; block: the edge answers
            403.
    """

    checked_at: None | str
    reasons: list[str]
    review_requested_at: None | str
    source: LinkSafetySourceType0 | None
    verdict: LinkSafetyVerdict
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checked_at: None | str
        checked_at = self.checked_at

        reasons = self.reasons

        review_requested_at: None | str
        review_requested_at = self.review_requested_at

        source: None | str
        if isinstance(self.source, str):
            source = self.source
        else:
            source = self.source

        verdict: str = self.verdict

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkedAt": checked_at,
                "reasons": reasons,
                "reviewRequestedAt": review_requested_at,
                "source": source,
                "verdict": verdict,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_checked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        checked_at = _parse_checked_at(d.pop("checkedAt"))

        reasons = cast(list[str], d.pop("reasons"))

        def _parse_review_requested_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        review_requested_at = _parse_review_requested_at(d.pop("reviewRequestedAt"))

        def _parse_source(data: object) -> LinkSafetySourceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_0 = check_link_safety_source_type_0(data)

                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LinkSafetySourceType0 | None, data)

        source = _parse_source(d.pop("source"))

        verdict = check_link_safety_verdict(d.pop("verdict"))

        link_safety = cls(
            checked_at=checked_at,
            reasons=reasons,
            review_requested_at=review_requested_at,
            source=source,
            verdict=verdict,
        )

        link_safety.additional_properties = d
        return link_safety

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
