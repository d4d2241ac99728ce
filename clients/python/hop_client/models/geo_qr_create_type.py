from typing import Literal

GeoQrCreateType = Literal["geo"]

GEO_QR_CREATE_TYPE_VALUES: set[GeoQrCreateType] = {
    "geo",
}


def check_geo_qr_create_type(value: str) -> GeoQrCreateType:
    if value in GEO_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GEO_QR_CREATE_TYPE_VALUES!r}")
