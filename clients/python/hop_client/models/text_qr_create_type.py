from typing import Literal

TextQrCreateType = Literal["text"]

TEXT_QR_CREATE_TYPE_VALUES: set[TextQrCreateType] = {
    "text",
}


def check_text_qr_create_type(value: str) -> TextQrCreateType:
    if value in TEXT_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TEXT_QR_CREATE_TYPE_VALUES!r}")
