from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.product_link_channels_item import ProductLinkChannelsItem, check_product_link_channels_item
from ..models.product_link_generator import ProductLinkGenerator, check_product_link_generator
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.copy import Copy
    from ..models.link import Link
    from ..models.utm_used import UtmUsed


T = TypeVar("T", bound="ProductLink")


@_attrs_define
class ProductLink:
    """
    Attributes:
        channels (list[ProductLinkChannelsItem]):
        copy (Copy):
        created_at (str):
        generator (ProductLinkGenerator):
        id (str):
        language (str):
        link (Link | None):
        model (None | str):
        product_id (str):
        tone (str):
        updated_at (str):
        utm (UtmUsed):
        link_reused (bool | None | Unset):
    """

    channels: list[ProductLinkChannelsItem]
    copy: Copy
    created_at: str
    generator: ProductLinkGenerator
    id: str
    language: str
    link: Link | None
    model: None | str
    product_id: str
    tone: str
    updated_at: str
    utm: UtmUsed
    link_reused: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.link import Link  # noqa: PLC0415

        channels = []
        for channels_item_data in self.channels:
            channels_item: str = channels_item_data
            channels.append(channels_item)

        copy = self.copy.to_dict()

        created_at = self.created_at

        generator: str = self.generator

        id = self.id

        language = self.language

        link: dict[str, Any] | None
        if isinstance(self.link, Link):
            link = self.link.to_dict()
        else:
            link = self.link

        model: None | str
        model = self.model

        product_id = self.product_id

        tone = self.tone

        updated_at = self.updated_at

        utm = self.utm.to_dict()

        link_reused: bool | None | Unset
        if isinstance(self.link_reused, Unset):
            link_reused = UNSET
        else:
            link_reused = self.link_reused

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "channels": channels,
                "copy": copy,
                "createdAt": created_at,
                "generator": generator,
                "id": id,
                "language": language,
                "link": link,
                "model": model,
                "productId": product_id,
                "tone": tone,
                "updatedAt": updated_at,
                "utm": utm,
            }
        )
        if link_reused is not UNSET:
            field_dict["linkReused"] = link_reused

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.copy import Copy  # noqa: PLC0415
        from ..models.link import Link  # noqa: PLC0415
        from ..models.utm_used import UtmUsed  # noqa: PLC0415

        d = dict(src_dict)
        channels = []
        _channels = d.pop("channels")
        for channels_item_data in _channels:
            channels_item = check_product_link_channels_item(channels_item_data)

            channels.append(channels_item)

        copy = Copy.from_dict(d.pop("copy"))

        created_at = d.pop("createdAt")

        generator = check_product_link_generator(d.pop("generator"))

        id = d.pop("id")

        language = d.pop("language")

        def _parse_link(data: object) -> Link | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                link_type_0 = Link.from_dict(data)

                return link_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Link | None, data)

        link = _parse_link(d.pop("link"))

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))

        product_id = d.pop("productId")

        tone = d.pop("tone")

        updated_at = d.pop("updatedAt")

        utm = UtmUsed.from_dict(d.pop("utm"))

        def _parse_link_reused(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        link_reused = _parse_link_reused(d.pop("linkReused", UNSET))

        product_link = cls(
            channels=channels,
            copy=copy,
            created_at=created_at,
            generator=generator,
            id=id,
            language=language,
            link=link,
            model=model,
            product_id=product_id,
            tone=tone,
            updated_at=updated_at,
            utm=utm,
            link_reused=link_reused,
        )

        product_link.additional_properties = d
        return product_link

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
