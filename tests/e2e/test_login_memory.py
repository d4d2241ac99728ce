"""A burst of sign-ins cannot take the admin down by memory.

Every argon2id check takes HOP_PASSWORD_HASH_MEMORY_KIB (64 MiB). Without a bound
they ran on the default thread pool (up to 32 at once on a large host, 6 on two
cores): 50 wrong sign-ins in flight needed hundreds of MiB, past a 512 MiB
container limit. Now at most HOP_PASSWORD_HASH_CONCURRENCY run at once per
process and the rest are refused with 503.
"""

from __future__ import annotations

import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.support.stack import Stack

pytestmark = pytest.mark.slow

CONCURRENCY = 2
HASH_MIB = 64
# Python objects, sockets and allocator slack for 50 requests; far below one hash's worth
# per extra concurrent hash, so a missing bound shows.
MARGIN_MIB = 64
ATTEMPTS = 50


def status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def test_fifty_concurrent_wrong_sign_ins_stay_within_the_memory_bound(
    session_stack: Stack,
) -> None:
    admin = session_stack.start_admin(
        "admin-login-memory",
        HOP_PASSWORD_HASH_CONCURRENCY=str(CONCURRENCY),
        HOP_PASSWORD_HASH_MEMORY_KIB=str(HASH_MIB * 1024),
    )
    try:
        workers = admin.children(recursive=True)
        assert workers, "granian started no worker process"
        baseline = {pid: status_kib(pid, "VmRSS") for pid in workers}

        def attempt(n: int) -> httpx.Response:
            email = f"stuffing-{n}-{secrets.token_hex(4)}@example.com"
            return httpx.post(
                f"{admin.url}/v1/auth/login",
                json={"email": email, "password": "wrong password"},
                timeout=120,
            )

        with ThreadPoolExecutor(ATTEMPTS) as pool:
            responses = list(pool.map(attempt, range(ATTEMPTS)))
        peaks = {pid: status_kib(pid, "VmHWM") for pid in workers}
    finally:
        admin.stop()

    statuses = [response.status_code for response in responses]
    assert set(statuses) <= {401, 429, 503}, statuses
    assert 401 in statuses  # some were really checked
    for response in responses:
        if response.status_code == 503:
            assert response.headers["retry-after"] == "1"
            assert response.json()["type"] == "urn:hop:problem:password-hashing-busy"
    bound_kib = (CONCURRENCY * HASH_MIB + MARGIN_MIB) * 1024
    for pid, peak in peaks.items():
        grown = peak - baseline[pid]
        assert grown <= bound_kib, (
            f"worker {pid} peaked {grown // 1024} MiB above its resting size; "
            f"bound {bound_kib // 1024} MiB = {CONCURRENCY} x {HASH_MIB} MiB + {MARGIN_MIB} MiB"
        )
