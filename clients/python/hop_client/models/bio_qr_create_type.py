from typing import Literal

BioQrCreateType = Literal["bio"]

BIO_QR_CREATE_TYPE_VALUES: set[BioQrCreateType] = {
    "bio",
}


def check_bio_qr_create_type(value: str) -> BioQrCreateType:
    if value in BIO_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BIO_QR_CREATE_TYPE_VALUES!r}")
