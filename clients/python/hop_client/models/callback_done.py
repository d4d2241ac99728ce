from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.integration import Integration


T = TypeVar("T", bound="CallbackDone")


@_attrs_define
class CallbackDone:
    """
    Attributes:
        message (str):
        ok (bool):
        integration (Integration | None | Unset):
    """

    message: str
    ok: bool
    integration: Integration | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.integration import Integration  # noqa: PLC0415

        message = self.message

        ok = self.ok

        integration: dict[str, Any] | None | Unset
        if isinstance(self.integration, Unset):
            integration = UNSET
        elif isinstance(self.integration, Integration):
            integration = self.integration.to_dict()
        else:
            integration = self.integration

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "ok": ok,
            }
        )
        if integration is not UNSET:
            field_dict["integration"] = integration

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.integration import Integration  # noqa: PLC0415

        d = dict(src_dict)
        message = d.pop("message")

        ok = d.pop("ok")

        def _parse_integration(data: object) -> Integration | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                integration_type_0 = Integration.from_dict(data)

                return integration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Integration | None | Unset, data)

        integration = _parse_integration(d.pop("integration", UNSET))

        callback_done = cls(
            message=message,
            ok=ok,
            integration=integration,
        )

        callback_done.additional_properties = d
        return callback_done

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
