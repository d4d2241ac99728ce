from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.connect_request_platform import ConnectRequestPlatform, check_connect_request_platform
from ..types import UNSET, Unset

T = TypeVar("T", bound="ConnectRequest")


@_attrs_define
class ConnectRequest:
    """Shopify: ``shop`` and ``accessToken``; WooCommerce: ``storeUrl``, ``consumerKey``,
    ``consumerSecret``.

    Attributes:
        platform (ConnectRequestPlatform):
        access_token (None | str | Unset):
        consumer_key (None | str | Unset):
        consumer_secret (None | str | Unset):
        shop (None | str | Unset):
        store_url (None | str | Unset):
    """

    platform: ConnectRequestPlatform
    access_token: None | str | Unset = UNSET
    consumer_key: None | str | Unset = UNSET
    consumer_secret: None | str | Unset = UNSET
    shop: None | str | Unset = UNSET
    store_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        platform: str = self.platform

        access_token: None | str | Unset
        if isinstance(self.access_token, Unset):
            access_token = UNSET
        else:
            access_token = self.access_token

        consumer_key: None | str | Unset
        if isinstance(self.consumer_key, Unset):
            consumer_key = UNSET
        else:
            consumer_key = self.consumer_key

        consumer_secret: None | str | Unset
        if isinstance(self.consumer_secret, Unset):
            consumer_secret = UNSET
        else:
            consumer_secret = self.consumer_secret

        shop: None | str | Unset
        if isinstance(self.shop, Unset):
            shop = UNSET
        else:
            shop = self.shop

        store_url: None | str | Unset
        if isinstance(self.store_url, Unset):
            store_url = UNSET
        else:
            store_url = self.store_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "platform": platform,
            }
        )
        if access_token is not UNSET:
            field_dict["accessToken"] = access_token
        if consumer_key is not UNSET:
            field_dict["consumerKey"] = consumer_key
        if consumer_secret is not UNSET:
            field_dict["consumerSecret"] = consumer_secret
        if shop is not UNSET:
            field_dict["shop"] = shop
        if store_url is not UNSET:
            field_dict["storeUrl"] = store_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        platform = check_connect_request_platform(d.pop("platform"))

        def _parse_access_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        access_token = _parse_access_token(d.pop("accessToken", UNSET))

        def _parse_consumer_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        consumer_key = _parse_consumer_key(d.pop("consumerKey", UNSET))

        def _parse_consumer_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        consumer_secret = _parse_consumer_secret(d.pop("consumerSecret", UNSET))

        def _parse_shop(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        shop = _parse_shop(d.pop("shop", UNSET))

        def _parse_store_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        store_url = _parse_store_url(d.pop("storeUrl", UNSET))

        connect_request = cls(
            platform=platform,
            access_token=access_token,
            consumer_key=consumer_key,
            consumer_secret=consumer_secret,
            shop=shop,
            store_url=store_url,
        )

        return connect_request
