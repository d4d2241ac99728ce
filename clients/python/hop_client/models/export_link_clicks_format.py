from typing import Literal

ExportLinkClicksFormat = Literal["csv", "ndjson"]

EXPORT_LINK_CLICKS_FORMAT_VALUES: set[ExportLinkClicksFormat] = {
    "csv",
    "ndjson",
}


def check_export_link_clicks_format(value: str) -> ExportLinkClicksFormat:
    if value in EXPORT_LINK_CLICKS_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_LINK_CLICKS_FORMAT_VALUES!r}")
