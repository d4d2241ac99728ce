"""Region and city of a client address, from the operator's GeoIP city database.

HOP_GEOIP_DB names a GeoIP2/GeoLite2-City or DB-IP City ``.mmdb`` file (both use
MaxMind's record layout: ``country.iso_code``, ``subdivisions[0].iso_code`` and
``names``, ``city.names``). The worker opens it once at start and looks addresses up
offline while enriching clicks; without it clicks have no region or city.

A region is written as its ISO 3166-2 code (``DE-BY``: the country's code, a dash and
the subdivision's), so that equal subdivision codes of different countries stay apart;
a database without a subdivision code gives the subdivision's English name. A city is
its English name.
"""

from __future__ import annotations

import functools
from typing import Any

import maxminddb
import msgspec


class GeoDatabaseError(Exception):
    """The database named by HOP_GEOIP_DB cannot be opened or is not a MaxMind DB."""


class Place(msgspec.Struct, frozen=True):
    country: str  # ISO 3166-1 alpha-2 by the database, '' when unknown
    region: str  # ISO 3166-2 (or the subdivision's English name), '' when unknown
    city: str  # English name, '' when unknown


NOWHERE = Place("", "", "")
_MAX_NAME = 255  # database names are short; the column is text, so bound what is kept


class GeoDatabase:
    """An open ``.mmdb`` city database; lookups of busy addresses are cached."""

    def __init__(self, path: str) -> None:
        try:
            self._reader = maxminddb.open_database(path)
        except (OSError, ValueError, maxminddb.InvalidDatabaseError) as exc:
            raise GeoDatabaseError(f"cannot read {path!r} as a MaxMind DB: {exc}") from exc
        self.database_type = self._reader.metadata().database_type
        # Per instance: a cache on the method would outlive the reader.
        self.place = functools.lru_cache(maxsize=100_000)(self._place)

    def _place(self, ip: str) -> Place:
        try:
            record = self._reader.get(ip)
        except ValueError:  # not an address, or IPv6 in an IPv4-only database
            return NOWHERE
        except maxminddb.InvalidDatabaseError:  # a damaged record: this click goes unplaced
            return NOWHERE
        if not isinstance(record, dict):
            return NOWHERE
        country = str(_field(record, "country", "iso_code") or "")
        return Place(country, _region(record, country), _english(record.get("city")))

    def close(self) -> None:
        self._reader.close()


def open_geo_database(path: str | None) -> GeoDatabase | None:
    """The database at ``path``, or None when the setting is unset."""
    return GeoDatabase(path) if path else None


def _region(record: dict[str, Any], country: str) -> str:
    subdivisions = record.get("subdivisions")
    if not isinstance(subdivisions, list) or not subdivisions:
        return ""
    first = subdivisions[0]  # the largest subdivision: a state, a Land, a region
    if not isinstance(first, dict):
        return ""
    code = first.get("iso_code")
    if isinstance(code, str) and code:
        return f"{country}-{code}"[:_MAX_NAME] if country else code[:_MAX_NAME]
    return _english(first)


def _english(entity: object) -> str:
    names = entity.get("names") if isinstance(entity, dict) else None
    name = names.get("en") if isinstance(names, dict) else None
    return name[:_MAX_NAME] if isinstance(name, str) else ""


def _field(record: dict[str, Any], entity: str, key: str) -> object:
    value = record.get(entity)
    return value.get(key) if isinstance(value, dict) else None
