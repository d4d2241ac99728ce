from typing import Literal

ExportLinksTagMatch = Literal["all", "any"]

EXPORT_LINKS_TAG_MATCH_VALUES: set[ExportLinksTagMatch] = {
    "all",
    "any",
}


def check_export_links_tag_match(value: str) -> ExportLinksTagMatch:
    if value in EXPORT_LINKS_TAG_MATCH_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_LINKS_TAG_MATCH_VALUES!r}")
