from typing import Literal

CryptoQrCreateType = Literal["crypto"]

CRYPTO_QR_CREATE_TYPE_VALUES: set[CryptoQrCreateType] = {
    "crypto",
}


def check_crypto_qr_create_type(value: str) -> CryptoQrCreateType:
    if value in CRYPTO_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CRYPTO_QR_CREATE_TYPE_VALUES!r}")
