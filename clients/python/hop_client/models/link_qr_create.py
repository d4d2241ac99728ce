from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.link_qr_create_type import LinkQrCreateType, check_link_qr_create_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link_data import LinkData
    from ..models.qr_style import QrStyle


T = TypeVar("T", bound="LinkQrCreate")


@_attrs_define
class LinkQrCreate:
    """
    Attributes:
        data (LinkData):
        type_ (LinkQrCreateType):
        dynamic (bool | None | Unset):
        style (None | QrStyle | Unset):
        title (None | str | Unset):
    """

    data: LinkData
    type_: LinkQrCreateType
    dynamic: bool | None | Unset = UNSET
    style: None | QrStyle | Unset = UNSET
    title: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.qr_style import QrStyle  # noqa: PLC0415

        data = self.data.to_dict()

        type_: str = self.type_

        dynamic: bool | None | Unset
        if isinstance(self.dynamic, Unset):
            dynamic = UNSET
        else:
            dynamic = self.dynamic

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

        field_dict.update(
            {
                "data": data,
                "type": type_,
            }
        )
        if dynamic is not UNSET:
            field_dict["dynamic"] = dynamic
        if style is not UNSET:
            field_dict["style"] = style
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_data import LinkData  # noqa: PLC0415
        from ..models.qr_style import QrStyle  # noqa: PLC0415

        d = dict(src_dict)
        data = LinkData.from_dict(d.pop("data"))

        type_ = check_link_qr_create_type(d.pop("type"))

        def _parse_dynamic(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        dynamic = _parse_dynamic(d.pop("dynamic", UNSET))

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

        link_qr_create = cls(
            data=data,
            type_=type_,
            dynamic=dynamic,
            style=style,
            title=title,
        )

        return link_qr_create
