from typing import Literal

ImportJobStatus = Literal["cancelled", "done", "failed", "queued", "running"]

IMPORT_JOB_STATUS_VALUES: set[ImportJobStatus] = {
    "cancelled",
    "done",
    "failed",
    "queued",
    "running",
}


def check_import_job_status(value: str) -> ImportJobStatus:
    if value in IMPORT_JOB_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {IMPORT_JOB_STATUS_VALUES!r}")
