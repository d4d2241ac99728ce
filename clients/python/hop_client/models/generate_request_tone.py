from typing import Literal

GenerateRequestTone = Literal["bold", "friendly", "luxurious", "neutral", "playful", "professional"]

GENERATE_REQUEST_TONE_VALUES: set[GenerateRequestTone] = {
    "bold",
    "friendly",
    "luxurious",
    "neutral",
    "playful",
    "professional",
}


def check_generate_request_tone(value: str) -> GenerateRequestTone:
    if value in GENERATE_REQUEST_TONE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GENERATE_REQUEST_TONE_VALUES!r}")
