from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EpcData")


@_attrs_define
class EpcData:
    """A SEPA credit transfer (EPC069-12, version 002, UTF-8).

    Attributes:
        iban (str):
        name (str): Beneficiary.
        amount (None | str | Unset):
        bic (None | str | Unset):
        purpose (None | str | Unset):
        reference (None | str | Unset):
        text (None | str | Unset):
    """

    iban: str
    name: str
    amount: None | str | Unset = UNSET
    bic: None | str | Unset = UNSET
    purpose: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    text: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        iban = self.iban

        name = self.name

        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        bic: None | str | Unset
        if isinstance(self.bic, Unset):
            bic = UNSET
        else:
            bic = self.bic

        purpose: None | str | Unset
        if isinstance(self.purpose, Unset):
            purpose = UNSET
        else:
            purpose = self.purpose

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "iban": iban,
                "name": name,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if bic is not UNSET:
            field_dict["bic"] = bic
        if purpose is not UNSET:
            field_dict["purpose"] = purpose
        if reference is not UNSET:
            field_dict["reference"] = reference
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        iban = d.pop("iban")

        name = d.pop("name")

        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_bic(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bic = _parse_bic(d.pop("bic", UNSET))

        def _parse_purpose(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        purpose = _parse_purpose(d.pop("purpose", UNSET))

        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))

        epc_data = cls(
            iban=iban,
            name=name,
            amount=amount,
            bic=bic,
            purpose=purpose,
            reference=reference,
            text=text,
        )

        return epc_data
