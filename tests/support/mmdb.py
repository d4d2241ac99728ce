"""A tiny MaxMind DB (``.mmdb``) writer, so tests place clicks with a city database of
their own rather than a downloaded GeoLite2 file.

It writes the format of the MaxMind DB File Format Specification 2.0
(https://maxmind.github.io/MaxMind-DB/): a binary search tree over the address bits
(24-bit records, one node per branching prefix), 16 zero bytes, the data section (each
network's record, encoded with the spec's types), then ``\\xab\\xcd\\xefMaxMind.com`` and
the metadata map. IPv4 networks in an IPv6 tree sit under ``::/96``, where readers look
IPv4 addresses up. No pointers or deduplication: test databases are a handful of
networks. Non-overlapping networks only.
"""

from __future__ import annotations

import ipaddress
import struct
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

_METADATA_MARKER = b"\xab\xcd\xefMaxMind.com"
_RECORD_BITS = 24

# Type numbers of the spec's data section.
_UTF8, _DOUBLE, _UINT16, _UINT32, _MAP = 2, 3, 5, 6, 7
_UINT64, _ARRAY, _BOOLEAN = 9, 11, 14


class Unsigned(int):
    """An integer written as the spec's unsigned type of ``bits`` bits, whatever its size:
    readers check the metadata's types (libmaxminddb wants ``node_count`` a uint32 and
    ``build_epoch`` a uint64)."""

    bits: int

    def __new__(cls, value: int, bits: int) -> Unsigned:
        number = super().__new__(cls, value)
        number.bits = bits
        return number


def encode(value: Any) -> bytes:
    """One value in the data section's encoding (a plain int as the smallest unsigned type
    that holds it)."""
    if isinstance(value, bool):
        return _control(_BOOLEAN, int(value))
    if isinstance(value, int):
        return _unsigned(value)
    if isinstance(value, str):
        raw = value.encode()
        return _control(_UTF8, len(raw)) + raw
    if isinstance(value, float):
        return _control(_DOUBLE, 8) + struct.pack(">d", value)
    if isinstance(value, Mapping):
        items = b"".join(encode(str(key)) + encode(item) for key, item in value.items())
        return _control(_MAP, len(value)) + items
    if isinstance(value, (list, tuple)):
        return _control(_ARRAY, len(value)) + b"".join(encode(item) for item in value)
    raise TypeError(f"no MaxMind DB type for {type(value).__name__}")


def _unsigned(value: int) -> bytes:
    if isinstance(value, Unsigned):
        kind = {16: _UINT16, 32: _UINT32, 64: _UINT64}[value.bits]
    else:
        kind = _UINT16 if value < 1 << 16 else _UINT32 if value < 1 << 32 else _UINT64
    raw = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return _control(kind, len(raw)) + raw


def _control(kind: int, size: int) -> bytes:
    if size < 29:
        head, extra = size, b""
    elif size < 285:
        head, extra = 29, bytes([size - 29])
    elif size < 65_821:
        head, extra = 30, (size - 285).to_bytes(2, "big")
    else:
        head, extra = 31, (size - 65_821).to_bytes(3, "big")
    if kind <= 7:
        return bytes([kind << 5 | head]) + extra
    return bytes([head, kind - 7]) + extra  # extended type: the type in the next byte


class _Node:
    __slots__ = ("children",)

    def __init__(self) -> None:
        # Each child: None (no data), a _Node, or an int (offset in the data section).
        self.children: list[_Node | int | None] = [None, None]


def write_mmdb(
    path: Path,
    networks: Mapping[str, Mapping[str, Any]],
    *,
    database_type: str = "GeoLite2-City",
    ip_version: int = 6,
) -> Path:
    """Write a database answering each network (CIDR) with its record; return ``path``."""
    bits = 128 if ip_version == 6 else 32
    root, data = _Node(), bytearray()
    for cidr, record in networks.items():
        network = ipaddress.ip_network(cidr)
        prefix, length = int(network.network_address), network.prefixlen
        if network.version == 4 and bits == 128:
            length += 96  # ::a.b.c.d, where readers look IPv4 up in an IPv6 tree
        elif network.version == 6 and bits == 32:
            raise ValueError(f"{cidr}: an IPv6 network in an IPv4 database")
        _insert(root, prefix, length, bits, len(data))
        data += encode(record)
    nodes = _preorder(root)
    number = {id(node): index for index, node in enumerate(nodes)}
    count = len(nodes)
    tree = bytearray()
    for node in nodes:
        for child in node.children:
            if child is None:
                value = count
            elif isinstance(child, _Node):
                value = number[id(child)]
            else:
                value = count + 16 + child
            tree += value.to_bytes(_RECORD_BITS // 8, "big")
    metadata = {
        "node_count": Unsigned(count, 32),
        "record_size": Unsigned(_RECORD_BITS, 16),
        "ip_version": Unsigned(ip_version, 16),
        "database_type": database_type,
        "languages": ["en"],
        "binary_format_major_version": Unsigned(2, 16),
        "binary_format_minor_version": Unsigned(0, 16),
        "build_epoch": Unsigned(int(time.time()), 64),
        "description": {"en": "Hop test city database"},
    }
    path.write_bytes(bytes(tree) + bytes(16) + bytes(data) + _METADATA_MARKER + encode(metadata))
    return path


def _insert(root: _Node, prefix: int, length: int, bits: int, offset: int) -> None:
    if length < 1:
        raise ValueError("a network needs a prefix of at least one bit")
    node = root
    for depth in range(length):
        bit = (prefix >> (bits - 1 - depth)) & 1
        if depth == length - 1:
            if node.children[bit] is not None:
                raise ValueError("overlapping networks are not supported")
            node.children[bit] = offset
            return
        child = node.children[bit]
        if child is None:
            child = node.children[bit] = _Node()
        elif not isinstance(child, _Node):
            raise ValueError("overlapping networks are not supported")
        node = child


def _preorder(root: _Node) -> list[_Node]:
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack += [child for child in reversed(node.children) if isinstance(child, _Node)]
    return found


def city_record(
    country: str, city: str, *, subdivision: str = "", subdivision_name: str = ""
) -> dict[str, Any]:
    """A record shaped as GeoLite2-City's (the fields Hop reads, and a few more)."""
    record: dict[str, Any] = {
        "city": {"geoname_id": 1, "names": {"en": city, "de": city}},
        "country": {"geoname_id": 2, "iso_code": country, "names": {"en": country}},
        "location": {"latitude": 48.1, "longitude": 11.5, "accuracy_radius": 20},
    }
    if subdivision or subdivision_name:
        entry: dict[str, Any] = {"geoname_id": 3, "names": {"en": subdivision_name or city}}
        if subdivision:
            entry["iso_code"] = subdivision
        record["subdivisions"] = [entry]
    return record
