from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_when import RuleWhen


T = TypeVar("T", bound="Rule")


@_attrs_define
class Rule:
    """
    Attributes:
        url (str): Absolute http(s) URL, at most 2,048 characters.
        when (RuleWhen): Every condition given must hold; a list holds when the visit has any of its values.
        android_url (None | str | Unset):
        app_url (None | str | Unset):
        ios_url (None | str | Unset):
    """

    url: str
    when: RuleWhen
    android_url: None | str | Unset = UNSET
    app_url: None | str | Unset = UNSET
    ios_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        when = self.when.to_dict()

        android_url: None | str | Unset
        if isinstance(self.android_url, Unset):
            android_url = UNSET
        else:
            android_url = self.android_url

        app_url: None | str | Unset
        if isinstance(self.app_url, Unset):
            app_url = UNSET
        else:
            app_url = self.app_url

        ios_url: None | str | Unset
        if isinstance(self.ios_url, Unset):
            ios_url = UNSET
        else:
            ios_url = self.ios_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "when": when,
            }
        )
        if android_url is not UNSET:
            field_dict["androidUrl"] = android_url
        if app_url is not UNSET:
            field_dict["appUrl"] = app_url
        if ios_url is not UNSET:
            field_dict["iosUrl"] = ios_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_when import RuleWhen  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        when = RuleWhen.from_dict(d.pop("when"))

        def _parse_android_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        android_url = _parse_android_url(d.pop("androidUrl", UNSET))

        def _parse_app_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        app_url = _parse_app_url(d.pop("appUrl", UNSET))

        def _parse_ios_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ios_url = _parse_ios_url(d.pop("iosUrl", UNSET))

        rule = cls(
            url=url,
            when=when,
            android_url=android_url,
            app_url=app_url,
            ios_url=ios_url,
        )

        return rule
