from typing import Literal

QrStyleModuleShape = Literal["dots", "rounded", "square"]

QR_STYLE_MODULE_SHAPE_VALUES: set[QrStyleModuleShape] = {
    "dots",
    "rounded",
    "square",
}


def check_qr_style_module_shape(value: str) -> QrStyleModuleShape:
    if value in QR_STYLE_MODULE_SHAPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QR_STYLE_MODULE_SHAPE_VALUES!r}")
