"""Google Web Risk, the Update API way: a local copy of each threat list's hash prefixes
kept current with ``threatLists:computeDiff``, and full hashes asked for with
``hashes:search`` only when a prefix matches (at create, update and feed refresh;
never when a link is clicked). https://cloud.google.com/web-risk/docs/update-api
"""

from __future__ import annotations

import base64
import bisect
import hashlib
from collections.abc import Iterable
from datetime import datetime
from typing import Final

import httpx
import msgspec

_TIMEOUT: Final = httpx.Timeout(10.0, connect=5.0)
_MIN_PREFIX: Final = 4
_MAX_PREFIX: Final = 32


class WebRiskError(Exception):
    """The API answered something we cannot use; the message says what."""


class HashList:
    """One threat list's hash prefixes (4 to 32 bytes), sorted as the API sorts them:
    the diff's removal indices point into this order, the checksum hashes it."""

    def __init__(self, hashes: Iterable[bytes] = ()) -> None:
        self.hashes = sorted(hashes)
        self._by_size: dict[int, list[bytes]] = {}
        for prefix in self.hashes:
            self._by_size.setdefault(len(prefix), []).append(prefix)

    def __len__(self) -> int:
        return len(self.hashes)

    @classmethod
    def from_blob(cls, blob: bytes) -> HashList:
        """Prefixes stored as <length byte><prefix>... (safety_webrisk_lists.prefixes)."""
        hashes, at = [], 0
        while at < len(blob):
            size = blob[at]
            hashes.append(bytes(blob[at + 1 : at + 1 + size]))
            at += 1 + size
        return cls(hashes)

    def to_blob(self) -> bytes:
        return b"".join(bytes([len(prefix)]) + prefix for prefix in self.hashes)

    def apply(self, removals: Iterable[int], additions: Iterable[bytes]) -> HashList:
        """The list after a diff: removals are indices into the current order."""
        gone = set(removals)
        if any(not 0 <= index < len(self.hashes) for index in gone):
            raise WebRiskError("a removal index is outside the list")
        kept = [prefix for index, prefix in enumerate(self.hashes) if index not in gone]
        return HashList([*kept, *additions])

    def checksum(self) -> bytes:
        return hashlib.sha256(b"".join(self.hashes)).digest()

    def matches(self, full_hash: bytes) -> bool:
        """Whether some prefix in the list starts the full hash."""
        for size, prefixes in self._by_size.items():
            wanted = full_hash[:size]
            at = bisect.bisect_left(prefixes, wanted)
            if at < len(prefixes) and prefixes[at] == wanted:
                return True
        return False


class RawHashes(msgspec.Struct, rename="camel"):
    prefix_size: int
    raw_hashes: str = ""


class Additions(msgspec.Struct, rename="camel"):
    raw_hashes: list[RawHashes] = msgspec.field(default_factory=list)


class RawIndices(msgspec.Struct):
    indices: list[int] = msgspec.field(default_factory=list)


class Removals(msgspec.Struct, rename="camel"):
    raw_indices: RawIndices = msgspec.field(default_factory=RawIndices)


class Checksum(msgspec.Struct):
    sha256: str = ""


class Diff(msgspec.Struct, rename="camel"):
    """The answer of threatLists:computeDiff."""

    response_type: str = "DIFF"  # or "RESET": drop the local copy first
    additions: Additions = msgspec.field(default_factory=Additions)
    removals: Removals = msgspec.field(default_factory=Removals)
    new_version_token: str = ""
    checksum: Checksum = msgspec.field(default_factory=Checksum)
    recommended_next_diff: datetime | None = None


class Threat(msgspec.Struct, rename="camel"):
    threat_types: list[str]
    hash: str
    expire_time: datetime | None = None


class SearchAnswer(msgspec.Struct, rename="camel"):
    """The answer of hashes:search."""

    threats: list[Threat] = msgspec.field(default_factory=list)
    negative_expire_time: datetime | None = None


def additions_of(diff: Diff) -> list[bytes]:
    prefixes = []
    for group in diff.additions.raw_hashes:
        if not _MIN_PREFIX <= group.prefix_size <= _MAX_PREFIX:
            raise WebRiskError(f"prefix size {group.prefix_size} is out of range")
        raw = base64.b64decode(group.raw_hashes)
        if len(raw) % group.prefix_size:
            raise WebRiskError("rawHashes is not a whole number of prefixes")
        size = group.prefix_size
        prefixes += [raw[at : at + size] for at in range(0, len(raw), size)]
    return prefixes


def updated(current: HashList, diff: Diff) -> HashList:
    """The list after ``diff``, checked against its checksum (WebRiskError if it fails:
    the caller then starts the list again from an empty version token)."""
    base = HashList() if diff.response_type == "RESET" else current
    result = base.apply(diff.removals.raw_indices.indices, additions_of(diff))
    if diff.checksum.sha256 and base64.b64decode(diff.checksum.sha256) != result.checksum():
        raise WebRiskError("the list's checksum does not match after the diff")
    return result


class WebRiskClient:
    def __init__(self, base_url: str, key: str, threat_types: tuple[str, ...]) -> None:
        self.base_url = base_url.rstrip("/")
        self.key = key
        self.threat_types = threat_types

    async def _get(self, path: str, params: list[tuple[str, str]]) -> bytes:
        try:
            async with httpx.AsyncClient(timeout=_TIMEOUT) as client:
                response = await client.get(
                    f"{self.base_url}/{path}", params=[*params, ("key", self.key)]
                )
        except httpx.HTTPError as exc:  # never the URL in the message: it holds the key
            raise WebRiskError(f"{path} failed: {type(exc).__name__}") from None
        if response.status_code != 200:
            raise WebRiskError(f"{path} answered {response.status_code}")
        return response.content

    async def diff(self, threat_type: str, version_token: str) -> Diff:
        params = [
            ("threatType", threat_type),
            ("constraints.supportedCompressions", "RAW"),
        ]
        if version_token:
            params.append(("versionToken", version_token))
        try:
            return msgspec.json.decode(
                await self._get("threatLists:computeDiff", params), type=Diff
            )
        except msgspec.ValidationError as exc:
            raise WebRiskError(f"computeDiff: {exc}") from None

    async def search(self, full_hash: bytes) -> set[str]:
        """The threat types listing this full hash (empty: not listed)."""
        params: list[tuple[str, str]] = [
            ("hashPrefix", base64.b64encode(full_hash[:_MIN_PREFIX]).decode())
        ]
        params += [("threatTypes", threat) for threat in self.threat_types]
        try:
            body = await self._get("hashes:search", params)
            answer = msgspec.json.decode(body, type=SearchAnswer)
        except msgspec.ValidationError as exc:
            raise WebRiskError(f"hashes:search: {exc}") from None
        encoded = base64.b64encode(full_hash).decode()
        found: set[str] = set()
        for threat in answer.threats:
            if threat.hash == encoded:
                found.update(threat.threat_types)
        return found


def listed_hashes(lists: dict[str, HashList], hashes: Iterable[bytes]) -> list[bytes]:
    """The full hashes some local list has a prefix of (candidates for hashes:search)."""
    return [full for full in hashes if any(hl.matches(full) for hl in lists.values())]
