from typing import Literal

LinkCreateExtraPathType0 = Literal["append", "ignore"]

LINK_CREATE_EXTRA_PATH_TYPE_0_VALUES: set[LinkCreateExtraPathType0] = {
    "append",
    "ignore",
}


def check_link_create_extra_path_type_0(value: str) -> LinkCreateExtraPathType0:
    if value in LINK_CREATE_EXTRA_PATH_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_CREATE_EXTRA_PATH_TYPE_0_VALUES!r}")
