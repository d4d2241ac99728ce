from typing import Literal

BioPutTheme = Literal["dark", "light", "ocean", "sunset"]

BIO_PUT_THEME_VALUES: set[BioPutTheme] = {
    "dark",
    "light",
    "ocean",
    "sunset",
}


def check_bio_put_theme(value: str) -> BioPutTheme:
    if value in BIO_PUT_THEME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BIO_PUT_THEME_VALUES!r}")
