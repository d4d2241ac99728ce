from typing import Literal

BulkActionType = Literal["addTags", "archive", "delete", "removeTags", "unarchive"]

BULK_ACTION_TYPE_VALUES: set[BulkActionType] = {
    "addTags",
    "archive",
    "delete",
    "removeTags",
    "unarchive",
}


def check_bulk_action_type(value: str) -> BulkActionType:
    if value in BULK_ACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BULK_ACTION_TYPE_VALUES!r}")
