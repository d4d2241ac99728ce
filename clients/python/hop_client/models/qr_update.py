from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.qr_style import QrStyle
    from ..models.qr_update_data import QrUpdateData


T = TypeVar("T", bound="QrUpdate")


@_attrs_define
class QrUpdate:
    """``title`` for any code; ``data`` (of the code's own type) only for dynamic codes.

    Attributes:
        data (QrUpdateData | Unset):
        style (None | QrStyle | Unset):
        title (None | str | Unset):
    """

    data: QrUpdateData | Unset = UNSET
    style: None | QrStyle | Unset = UNSET
    title: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.qr_style import QrStyle  # noqa: PLC0415

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        style: dict[str, Any] | None | Unset
        if isinstance(self.style, Unset):
            style = UNSET
        elif isinstance(self.style, QrStyle):
            style = self.style.to_dict()
        else:
            style = self.style

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if data is not UNSET:
            field_dict["data"] = data
        if style is not UNSET:
            field_dict["style"] = style
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.qr_style import QrStyle  # noqa: PLC0415
        from ..models.qr_update_data import QrUpdateData  # noqa: PLC0415

        d = dict(src_dict)
        _data = d.pop("data", UNSET)
        data: QrUpdateData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = QrUpdateData.from_dict(_data)

        def _parse_style(data: object) -> None | QrStyle | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                style_type_0 = QrStyle.from_dict(data)

                return style_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QrStyle | Unset, data)

        style = _parse_style(d.pop("style", UNSET))

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        qr_update = cls(
            data=data,
            style=style,
            title=title,
        )

        return qr_update
