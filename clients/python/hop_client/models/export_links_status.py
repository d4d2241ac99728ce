from typing import Literal

ExportLinksStatus = Literal["active", "blocked", "expired", "flagged"]

EXPORT_LINKS_STATUS_VALUES: set[ExportLinksStatus] = {
    "active",
    "blocked",
    "expired",
    "flagged",
}


def check_export_links_status(value: str) -> ExportLinksStatus:
    if value in EXPORT_LINKS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_LINKS_STATUS_VALUES!r}")
