from typing import Literal

CryptoDataCurrency = Literal["bitcoin", "dogecoin", "ethereum", "litecoin"]

CRYPTO_DATA_CURRENCY_VALUES: set[CryptoDataCurrency] = {
    "bitcoin",
    "dogecoin",
    "ethereum",
    "litecoin",
}


def check_crypto_data_currency(value: str) -> CryptoDataCurrency:
    if value in CRYPTO_DATA_CURRENCY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CRYPTO_DATA_CURRENCY_VALUES!r}")
