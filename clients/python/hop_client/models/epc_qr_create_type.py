from typing import Literal

EpcQrCreateType = Literal["epc"]

EPC_QR_CREATE_TYPE_VALUES: set[EpcQrCreateType] = {
    "epc",
}


def check_epc_qr_create_type(value: str) -> EpcQrCreateType:
    if value in EPC_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EPC_QR_CREATE_TYPE_VALUES!r}")
