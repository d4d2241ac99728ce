from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.crypto_data_currency import CryptoDataCurrency, check_crypto_data_currency
from ..types import UNSET, Unset

T = TypeVar("T", bound="CryptoData")


@_attrs_define
class CryptoData:
    """
    Attributes:
        address (str):
        currency (CryptoDataCurrency):
        amount (None | str | Unset):
        label (None | str | Unset):
        message (None | str | Unset):
    """

    address: str
    currency: CryptoDataCurrency
    amount: None | str | Unset = UNSET
    label: None | str | Unset = UNSET
    message: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        currency: str = self.currency

        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
                "currency": currency,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if label is not UNSET:
            field_dict["label"] = label
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        currency = check_crypto_data_currency(d.pop("currency"))

        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))

        crypto_data = cls(
            address=address,
            currency=currency,
            amount=amount,
            label=label,
            message=message,
        )

        return crypto_data
