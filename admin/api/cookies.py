"""A cookie a service asks an answer to set, in Set-Cookie's own fields. The route or
page that answers hands it to Litestar (``to_litestar``), so the service that decides
the cookie stays free of the web framework."""

from __future__ import annotations

import dataclasses
from typing import Literal

from litestar.datastructures import Cookie


@dataclasses.dataclass(frozen=True, kw_only=True)
class SetCookie:
    key: str
    value: str
    max_age: int
    path: str = "/"
    secure: bool = True
    httponly: bool = True
    samesite: Literal["lax", "strict", "none"] = "lax"


def to_litestar(cookie: SetCookie) -> Cookie:
    return Cookie(**dataclasses.asdict(cookie))
