from typing import Literal

WhatsappQrCreateType = Literal["whatsapp"]

WHATSAPP_QR_CREATE_TYPE_VALUES: set[WhatsappQrCreateType] = {
    "whatsapp",
}


def check_whatsapp_qr_create_type(value: str) -> WhatsappQrCreateType:
    if value in WHATSAPP_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WHATSAPP_QR_CREATE_TYPE_VALUES!r}")
