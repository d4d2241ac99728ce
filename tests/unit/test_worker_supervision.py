"""The worker stops (non-zero) when one of its loops dies, instead of running on without it."""

from __future__ import annotations

import asyncio

from admin.worker.main import _until_stopped_or_failed


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
