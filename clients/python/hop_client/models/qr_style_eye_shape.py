from typing import Literal

QrStyleEyeShape = Literal["dots", "rounded", "square"]

QR_STYLE_EYE_SHAPE_VALUES: set[QrStyleEyeShape] = {
    "dots",
    "rounded",
    "square",
}


def check_qr_style_eye_shape(value: str) -> QrStyleEyeShape:
    if value in QR_STYLE_EYE_SHAPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QR_STYLE_EYE_SHAPE_VALUES!r}")
