from typing import Literal

DomainStatus = Literal["lapsed", "lapsing", "pending", "verified"]

DOMAIN_STATUS_VALUES: set[DomainStatus] = {
    "lapsed",
    "lapsing",
    "pending",
    "verified",
}


def check_domain_status(value: str) -> DomainStatus:
    if value in DOMAIN_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DOMAIN_STATUS_VALUES!r}")
