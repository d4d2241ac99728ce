"""The worker stops (non-zero) when one of its loops dies, instead of running on without it;
and one slow to stop says what it waits on."""

from __future__ import annotations

import asyncio

import pytest

from admin.worker import main
from admin.worker.main import _finish, _until_stopped_or_failed


async def _forever() -> None:
    await asyncio.Event().wait()


async def _fails_soon() -> None:
    await asyncio.sleep(0.01)
    raise RuntimeError("a loop gave up")


async def _ends_soon() -> None:
    await asyncio.sleep(0.01)


def test_a_failed_task_stops_the_worker_unhealthy() -> None:
    async def scenario() -> tuple[bool, bool]:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(_forever()), asyncio.create_task(_fails_soon())]
        healthy = await asyncio.wait_for(_until_stopped_or_failed(stop, tasks), 5)
        tasks[0].cancel()
        return healthy, stop.is_set()

    assert asyncio.run(scenario()) == (False, True)


def test_a_stop_signal_is_a_healthy_stop_and_a_task_that_ends_is_not_a_failure() -> None:
    async def scenario() -> tuple[bool, bool]:
        stop = asyncio.Event()
        ending = asyncio.create_task(_ends_soon())
        forever = asyncio.create_task(_forever())
        asyncio.get_running_loop().call_later(0.1, stop.set)
        healthy = await asyncio.wait_for(_until_stopped_or_failed(stop, [ending, forever]), 5)
        forever.cancel()
        return healthy, ending.done()

    assert asyncio.run(scenario()) == (True, True)


async def _finishing_slowly(done: asyncio.Event) -> None:
    await _waits_inside(done)


async def _waits_inside(done: asyncio.Event) -> None:
    await done.wait()


def test_a_task_slow_to_stop_is_named_with_where_it_waits(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(main, "STOPPING_REPORT_SECONDS", 0.05)

    async def scenario() -> None:
        done = asyncio.Event()
        quick = asyncio.create_task(_ends_soon(), name="quick")
        slow = asyncio.create_task(_finishing_slowly(done), name="slow")
        asyncio.get_running_loop().call_later(0.2, done.set)
        await asyncio.wait_for(_finish([quick, slow]), 5)  # still waits for both

    with caplog.at_level("WARNING", logger="admin.worker.main"):
        asyncio.run(scenario())
    (record,) = [r for r in caplog.records if getattr(r, "action", "") == "worker.stopping_slowly"]
    tasks = record.tasks  # type: ignore[attr-defined]
    assert list(tasks) == ["slow"]
    assert [place.split()[-1] for place in tasks["slow"][:2]] == [
        "_finishing_slowly",
        "_waits_inside",
    ]
