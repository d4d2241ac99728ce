"""What a link's targeting rules and A/B variants may say, and how a visit is matched.

Shared by the admin (which validates rules against these vocabularies) and the edge
(which matches a visit against them from the cache entry alone, docs/api.md#targeting):

- device class and OS come from the user agent by a handful of substring tests, cached
  per user agent (they repeat heavily); the worker's fuller parse for analytics is
  admin/analytics/enrich.py, the edge needs only these few classes;
- language is the visitor's preferred one: the first tag of ``Accept-Language``
  (browsers list in order of preference); a rule's ``en`` matches ``en`` and ``en-GB``;
- a variant is picked from a hash of the visitor (client IP and user agent) and the
  link id, so one visitor keeps getting the same variant of a link.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Sequence
from typing import Final

DEVICES: Final = frozenset({"mobile", "tablet", "desktop"})
OPERATING_SYSTEMS: Final = frozenset({"ios", "android", "windows", "macos", "linux", "chromeos"})
# ISO 3166-1 alpha-2, the officially assigned codes.
COUNTRIES: Final = frozenset(
    """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN
    BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
    DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL
    GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM
    JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME
    MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP
    NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD
    SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
    TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
    """.split()  # noqa: SIM905 - 249 codes read better as text
)
LANGUAGE: Final = re.compile(r"[a-z]{2,3}(-[a-z0-9]{1,8})*")
MAX_RULES: Final = 20
MAX_VARIANTS: Final = 10
WEIGHT_TOTAL: Final = 100  # variant weights are percentages


# Tested in order: iPhone user agents say "like Mac OS X", Android ones "Linux".
_OS_TOKENS: Final = (
    ("iPhone", "ios"),
    ("iPod", "ios"),
    ("iPad", "ios"),
    ("Android", "android"),
    ("Windows Phone", ""),
    ("CrOS", "chromeos"),
    ("Windows", "windows"),
    ("Macintosh", "macos"),
    ("Mac OS X", "macos"),
    ("Linux", "linux"),
    ("X11", "linux"),
)


@functools.lru_cache(maxsize=4096)
def classify(user_agent: str) -> tuple[str, str]:
    """``(device class, os)`` of a user agent; ``""`` for what none of ours names."""
    os = next((name for token, name in _OS_TOKENS if token in user_agent), "")
    if os == "ios":
        device = "tablet" if "iPad" in user_agent else "mobile"
    elif os == "android":
        # Android tablets leave "Mobile" out of the user agent by convention.
        device = "mobile" if "Mobile" in user_agent else "tablet"
    elif os:
        device = "desktop"
    else:
        mobile = "Mobile" in user_agent or "Windows Phone" in user_agent
        device = "mobile" if mobile else ""
    return device, os


def preferred_language(accept_language: str) -> str:
    """The first language tag of an ``Accept-Language`` value, lower-cased ("" if none)."""
    first = accept_language.split(",", 1)[0].split(";", 1)[0].strip().lower()
    return "" if first == "*" else first


def language_matches(visitor: str, tags: Sequence[str]) -> bool:
    """A rule's ``en`` matches ``en`` and ``en-gb``; ``pt-br`` only ``pt-br`` (and below)."""
    return any(visitor == tag or visitor.startswith(tag + "-") for tag in tags)


def visitor_bucket(client_ip: str, user_agent: str, link_id: str) -> int:
    """0-99, fixed for one visitor (address and user agent) of one link."""
    digest = hashlib.blake2b(
        f"{client_ip}\0{user_agent}\0{link_id}".encode(), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big") % WEIGHT_TOTAL


def pick_variant(bucket: int, upper_bounds: Sequence[int]) -> int:
    """The index of the variant whose cumulative weight range holds ``bucket``."""
    for index, upper in enumerate(upper_bounds):
        if bucket < upper:
            return index
    return len(upper_bounds) - 1
