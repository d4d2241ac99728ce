from typing import Literal

ListIntegrationsStatus = Literal["active", "all", "revoked"]

LIST_INTEGRATIONS_STATUS_VALUES: set[ListIntegrationsStatus] = {
    "active",
    "all",
    "revoked",
}


def check_list_integrations_status(value: str) -> ListIntegrationsStatus:
    if value in LIST_INTEGRATIONS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_INTEGRATIONS_STATUS_VALUES!r}")
