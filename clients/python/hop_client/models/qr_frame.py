from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="QrFrame")


@_attrs_define
class QrFrame:
    """A frame around the code with a caption below it ("Scan me").

    Attributes:
        caption (str): One line, plain text.
    """

    caption: str

    def to_dict(self) -> dict[str, Any]:
        caption = self.caption

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "caption": caption,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        caption = d.pop("caption")

        qr_frame = cls(
            caption=caption,
        )

        return qr_frame
