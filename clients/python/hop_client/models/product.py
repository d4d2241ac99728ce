from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Product")


@_attrs_define
class Product:
    """
    Attributes:
        currency (None | str):
        id (str):
        image_url (None | str):
        max_price (None | str):
        price (None | str):
        tags (list[str]):
        title (str):
        url (str):
        vendor (None | str):
    """

    currency: None | str
    id: str
    image_url: None | str
    max_price: None | str
    price: None | str
    tags: list[str]
    title: str
    url: str
    vendor: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        currency: None | str
        currency = self.currency

        id = self.id

        image_url: None | str
        image_url = self.image_url

        max_price: None | str
        max_price = self.max_price

        price: None | str
        price = self.price

        tags = self.tags

        title = self.title

        url = self.url

        vendor: None | str
        vendor = self.vendor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "currency": currency,
                "id": id,
                "imageUrl": image_url,
                "maxPrice": max_price,
                "price": price,
                "tags": tags,
                "title": title,
                "url": url,
                "vendor": vendor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_currency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        currency = _parse_currency(d.pop("currency"))

        id = d.pop("id")

        def _parse_image_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        image_url = _parse_image_url(d.pop("imageUrl"))

        def _parse_max_price(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        max_price = _parse_max_price(d.pop("maxPrice"))

        def _parse_price(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        price = _parse_price(d.pop("price"))

        tags = cast(list[str], d.pop("tags"))

        title = d.pop("title")

        url = d.pop("url")

        def _parse_vendor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        vendor = _parse_vendor(d.pop("vendor"))

        product = cls(
            currency=currency,
            id=id,
            image_url=image_url,
            max_price=max_price,
            price=price,
            tags=tags,
            title=title,
            url=url,
            vendor=vendor,
        )

        product.additional_properties = d
        return product

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
