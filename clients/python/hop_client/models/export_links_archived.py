from typing import Literal

ExportLinksArchived = Literal["all", "false", "true"]

EXPORT_LINKS_ARCHIVED_VALUES: set[ExportLinksArchived] = {
    "all",
    "false",
    "true",
}


def check_export_links_archived(value: str) -> ExportLinksArchived:
    if value in EXPORT_LINKS_ARCHIVED_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_LINKS_ARCHIVED_VALUES!r}")
