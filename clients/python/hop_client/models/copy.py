from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Copy")


@_attrs_define
class Copy:
    """
    Attributes:
        description (str):
        email_body (None | str):
        email_subject (None | str):
        hashtags (list[str]):
        headline (str):
        instagram (None | str):
        x (None | str):
    """

    description: str
    email_body: None | str
    email_subject: None | str
    hashtags: list[str]
    headline: str
    instagram: None | str
    x: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        email_body: None | str
        email_body = self.email_body

        email_subject: None | str
        email_subject = self.email_subject

        hashtags = self.hashtags

        headline = self.headline

        instagram: None | str
        instagram = self.instagram

        x: None | str
        x = self.x

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "description": description,
                "emailBody": email_body,
                "emailSubject": email_subject,
                "hashtags": hashtags,
                "headline": headline,
                "instagram": instagram,
                "x": x,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        description = d.pop("description")

        def _parse_email_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email_body = _parse_email_body(d.pop("emailBody"))

        def _parse_email_subject(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email_subject = _parse_email_subject(d.pop("emailSubject"))

        hashtags = cast(list[str], d.pop("hashtags"))

        headline = d.pop("headline")

        def _parse_instagram(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        instagram = _parse_instagram(d.pop("instagram"))

        def _parse_x(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        x = _parse_x(d.pop("x"))

        copy = cls(
            description=description,
            email_body=email_body,
            email_subject=email_subject,
            hashtags=hashtags,
            headline=headline,
            instagram=instagram,
            x=x,
        )

        copy.additional_properties = d
        return copy

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
