from typing import Literal

EventQrCreateType = Literal["event"]

EVENT_QR_CREATE_TYPE_VALUES: set[EventQrCreateType] = {
    "event",
}


def check_event_qr_create_type(value: str) -> EventQrCreateType:
    if value in EVENT_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENT_QR_CREATE_TYPE_VALUES!r}")
