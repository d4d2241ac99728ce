from typing import Literal

LinkExtraPathType0 = Literal["append", "ignore"]

LINK_EXTRA_PATH_TYPE_0_VALUES: set[LinkExtraPathType0] = {
    "append",
    "ignore",
}


def check_link_extra_path_type_0(value: str) -> LinkExtraPathType0:
    if value in LINK_EXTRA_PATH_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_EXTRA_PATH_TYPE_0_VALUES!r}")
