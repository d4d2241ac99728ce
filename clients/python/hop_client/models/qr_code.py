from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.qr_code_data import QrCodeData
    from ..models.qr_style import QrStyle


T = TypeVar("T", bound="QrCode")


@_attrs_define
class QrCode:
    """
    Attributes:
        created_at (str):
        data (QrCodeData):
        dynamic (bool):
        id (str):
        image_url (str):
        link_id (None | str):
        payload (str):
        short_url (None | str):
        title (None | str):
        type_ (str):
        updated_at (str):
        created_by (None | str | Unset): Who made it: the API key's id (key_…) when a key made it, else the user's id
            (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null:
            made before workspaces.
        style (QrStyle | Unset): How the code is drawn, saved with it; every image is rendered with it.
    """

    created_at: str
    data: QrCodeData
    dynamic: bool
    id: str
    image_url: str
    link_id: None | str
    payload: str
    short_url: None | str
    title: None | str
    type_: str
    updated_at: str
    created_by: None | str | Unset = UNSET
    style: QrStyle | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        data = self.data.to_dict()

        dynamic = self.dynamic

        id = self.id

        image_url = self.image_url

        link_id: None | str
        link_id = self.link_id

        payload = self.payload

        short_url: None | str
        short_url = self.short_url

        title: None | str
        title = self.title

        type_ = self.type_

        updated_at = self.updated_at

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        style: dict[str, Any] | Unset = UNSET
        if not isinstance(self.style, Unset):
            style = self.style.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "data": data,
                "dynamic": dynamic,
                "id": id,
                "imageUrl": image_url,
                "linkId": link_id,
                "payload": payload,
                "shortUrl": short_url,
                "title": title,
                "type": type_,
                "updatedAt": updated_at,
            }
        )
        if created_by is not UNSET:
            field_dict["createdBy"] = created_by
        if style is not UNSET:
            field_dict["style"] = style

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.qr_code_data import QrCodeData  # noqa: PLC0415
        from ..models.qr_style import QrStyle  # noqa: PLC0415

        d = dict(src_dict)
        created_at = d.pop("createdAt")

        data = QrCodeData.from_dict(d.pop("data"))

        dynamic = d.pop("dynamic")

        id = d.pop("id")

        image_url = d.pop("imageUrl")

        def _parse_link_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        link_id = _parse_link_id(d.pop("linkId"))

        payload = d.pop("payload")

        def _parse_short_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        short_url = _parse_short_url(d.pop("shortUrl"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        type_ = d.pop("type")

        updated_at = d.pop("updatedAt")

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("createdBy", UNSET))

        _style = d.pop("style", UNSET)
        style: QrStyle | Unset
        if isinstance(_style, Unset):
            style = UNSET
        else:
            style = QrStyle.from_dict(_style)

        qr_code = cls(
            created_at=created_at,
            data=data,
            dynamic=dynamic,
            id=id,
            image_url=image_url,
            link_id=link_id,
            payload=payload,
            short_url=short_url,
            title=title,
            type_=type_,
            updated_at=updated_at,
            created_by=created_by,
            style=style,
        )

        qr_code.additional_properties = d
        return qr_code

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
