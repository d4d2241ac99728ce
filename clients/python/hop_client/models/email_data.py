from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmailData")


@_attrs_define
class EmailData:
    """
    Attributes:
        to (str):
        bcc (list[str] | Unset):
        body (None | str | Unset):
        cc (list[str] | Unset):
        subject (None | str | Unset):
    """

    to: str
    bcc: list[str] | Unset = UNSET
    body: None | str | Unset = UNSET
    cc: list[str] | Unset = UNSET
    subject: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        to = self.to

        bcc: list[str] | Unset = UNSET
        if not isinstance(self.bcc, Unset):
            bcc = self.bcc

        body: None | str | Unset
        if isinstance(self.body, Unset):
            body = UNSET
        else:
            body = self.body

        cc: list[str] | Unset = UNSET
        if not isinstance(self.cc, Unset):
            cc = self.cc

        subject: None | str | Unset
        if isinstance(self.subject, Unset):
            subject = UNSET
        else:
            subject = self.subject

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "to": to,
            }
        )
        if bcc is not UNSET:
            field_dict["bcc"] = bcc
        if body is not UNSET:
            field_dict["body"] = body
        if cc is not UNSET:
            field_dict["cc"] = cc
        if subject is not UNSET:
            field_dict["subject"] = subject

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        to = d.pop("to")

        bcc = cast(list[str], d.pop("bcc", UNSET))

        def _parse_body(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        body = _parse_body(d.pop("body", UNSET))

        cc = cast(list[str], d.pop("cc", UNSET))

        def _parse_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subject = _parse_subject(d.pop("subject", UNSET))

        email_data = cls(
            to=to,
            bcc=bcc,
            body=body,
            cc=cc,
            subject=subject,
        )

        return email_data
