from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.qr_style_ecl_type_0 import QrStyleEclType0, check_qr_style_ecl_type_0
from ..models.qr_style_eye_shape import QrStyleEyeShape, check_qr_style_eye_shape
from ..models.qr_style_module_shape import QrStyleModuleShape, check_qr_style_module_shape
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.qr_frame import QrFrame
    from ..models.qr_gradient import QrGradient


T = TypeVar("T", bound="QrStyle")


@_attrs_define
class QrStyle:
    """How the code is drawn, saved with it; every image is rendered with it.

    Attributes:
        dark (str | Unset): #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS basic name (black, navy, …). Default: '#000000'.
        ecl (None | QrStyleEclType0 | Unset):
        eye_shape (QrStyleEyeShape | Unset):  Default: 'square'.
        frame (None | QrFrame | Unset):
        gradient (None | QrGradient | Unset):
        light (str | Unset): A colour, or `transparent`. Default: '#ffffff'.
        logo (None | str | Unset):
        module_shape (QrStyleModuleShape | Unset):  Default: 'square'.
    """

    dark: str | Unset = "#000000"
    ecl: None | QrStyleEclType0 | Unset = UNSET
    eye_shape: QrStyleEyeShape | Unset = "square"
    frame: None | QrFrame | Unset = UNSET
    gradient: None | QrGradient | Unset = UNSET
    light: str | Unset = "#ffffff"
    logo: None | str | Unset = UNSET
    module_shape: QrStyleModuleShape | Unset = "square"

    def to_dict(self) -> dict[str, Any]:
        from ..models.qr_frame import QrFrame  # noqa: PLC0415
        from ..models.qr_gradient import QrGradient  # noqa: PLC0415

        dark = self.dark

        ecl: None | str | Unset
        if isinstance(self.ecl, Unset):
            ecl = UNSET
        elif isinstance(self.ecl, str):
            ecl = self.ecl
        else:
            ecl = self.ecl

        eye_shape: str | Unset = UNSET
        if not isinstance(self.eye_shape, Unset):
            eye_shape = self.eye_shape

        frame: dict[str, Any] | None | Unset
        if isinstance(self.frame, Unset):
            frame = UNSET
        elif isinstance(self.frame, QrFrame):
            frame = self.frame.to_dict()
        else:
            frame = self.frame

        gradient: dict[str, Any] | None | Unset
        if isinstance(self.gradient, Unset):
            gradient = UNSET
        elif isinstance(self.gradient, QrGradient):
            gradient = self.gradient.to_dict()
        else:
            gradient = self.gradient

        light = self.light

        logo: None | str | Unset
        if isinstance(self.logo, Unset):
            logo = UNSET
        else:
            logo = self.logo

        module_shape: str | Unset = UNSET
        if not isinstance(self.module_shape, Unset):
            module_shape = self.module_shape

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if dark is not UNSET:
            field_dict["dark"] = dark
        if ecl is not UNSET:
            field_dict["ecl"] = ecl
        if eye_shape is not UNSET:
            field_dict["eyeShape"] = eye_shape
        if frame is not UNSET:
            field_dict["frame"] = frame
        if gradient is not UNSET:
            field_dict["gradient"] = gradient
        if light is not UNSET:
            field_dict["light"] = light
        if logo is not UNSET:
            field_dict["logo"] = logo
        if module_shape is not UNSET:
            field_dict["moduleShape"] = module_shape

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.qr_frame import QrFrame  # noqa: PLC0415
        from ..models.qr_gradient import QrGradient  # noqa: PLC0415

        d = dict(src_dict)
        dark = d.pop("dark", UNSET)

        def _parse_ecl(data: object) -> None | QrStyleEclType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ecl_type_0 = check_qr_style_ecl_type_0(data)

                return ecl_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QrStyleEclType0 | Unset, data)

        ecl = _parse_ecl(d.pop("ecl", UNSET))

        _eye_shape = d.pop("eyeShape", UNSET)
        eye_shape: QrStyleEyeShape | Unset
        if isinstance(_eye_shape, Unset):
            eye_shape = UNSET
        else:
            eye_shape = check_qr_style_eye_shape(_eye_shape)

        def _parse_frame(data: object) -> None | QrFrame | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                frame_type_0 = QrFrame.from_dict(data)

                return frame_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QrFrame | Unset, data)

        frame = _parse_frame(d.pop("frame", UNSET))

        def _parse_gradient(data: object) -> None | QrGradient | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                gradient_type_0 = QrGradient.from_dict(data)

                return gradient_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QrGradient | Unset, data)

        gradient = _parse_gradient(d.pop("gradient", UNSET))

        light = d.pop("light", UNSET)

        def _parse_logo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo = _parse_logo(d.pop("logo", UNSET))

        _module_shape = d.pop("moduleShape", UNSET)
        module_shape: QrStyleModuleShape | Unset
        if isinstance(_module_shape, Unset):
            module_shape = UNSET
        else:
            module_shape = check_qr_style_module_shape(_module_shape)

        qr_style = cls(
            dark=dark,
            ecl=ecl,
            eye_shape=eye_shape,
            frame=frame,
            gradient=gradient,
            light=light,
            logo=logo,
            module_shape=module_shape,
        )

        return qr_style
