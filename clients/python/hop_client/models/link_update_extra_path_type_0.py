from typing import Literal

LinkUpdateExtraPathType0 = Literal["append", "ignore"]

LINK_UPDATE_EXTRA_PATH_TYPE_0_VALUES: set[LinkUpdateExtraPathType0] = {
    "append",
    "ignore",
}


def check_link_update_extra_path_type_0(value: str) -> LinkUpdateExtraPathType0:
    if value in LINK_UPDATE_EXTRA_PATH_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_UPDATE_EXTRA_PATH_TYPE_0_VALUES!r}")
