from typing import Literal

GenerateRequestGenerator = Literal["ai", "auto", "template"]

GENERATE_REQUEST_GENERATOR_VALUES: set[GenerateRequestGenerator] = {
    "ai",
    "auto",
    "template",
}


def check_generate_request_generator(value: str) -> GenerateRequestGenerator:
    if value in GENERATE_REQUEST_GENERATOR_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GENERATE_REQUEST_GENERATOR_VALUES!r}")
