"""The webhook dispatcher: due deliveries → signed POSTs → recorded outcomes.

One claim loop leases due deliveries (queue.claim) while this process has free
slots (``concurrency``) and the webhook has room (``max_in_flight`` across all
dispatchers). Each leased delivery becomes a task that signs and sends one
attempt; outcomes are written in batches by one recorder task, which then
wakes the claim loop because leases were released. A webhook's deliveries are
leased and started in event order; a delivery waiting for its retry does not
hold back later ones (as with Stripe and Svix). SIGTERM stops claiming, lets
the attempts in flight finish and records them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from admin.db import Database, DatabaseError, DatabaseUnavailable
from admin.secretbox import SecretBox, SecretUnreadable
from admin.webhooks.deliveries import Claimed, DeliveryQueue, Refill, Result, queued
from admin.webhooks.retry import RETRY_AFTER_STATUSES, RetryPolicy, parse_retry_after
from admin.worker.metrics import count_outcomes
from admin.worker.sender import Outcome, Sender
from common.backoff import Backoff
from common.events import encode_envelope
from common.ids import new_id
from common.signing import EVENT_ID_HEADER, SIGNATURE_HEADER, sign
from common.timefmt import iso_utc, utc_now

logger = logging.getLogger(__name__)
_TRANSIENT: tuple[type[Exception], ...] = (DatabaseUnavailable, OSError)
_WAKE_EVERY_SECONDS = 0.05


def lease_for(timeout: float) -> timedelta:
    """How long a claim holds a delivery: twice the attempt time-out, plus slack."""
    return timedelta(seconds=2 * timeout + 2)


class Dispatcher:
    def __init__(
        self,
        db: Database,
        sender: Sender,
        box: SecretBox,
        retry: RetryPolicy,
        *,
        concurrency: int,
        max_in_flight: int,
        poll_interval: float,
        user_agent: str,
        clock: Callable[[], datetime] = utc_now,
        listen_url: str | None = None,
    ) -> None:
        self.queue = DeliveryQueue(db)
        self.sender = sender
        self.box = box
        self.retry = retry
        self.concurrency = concurrency
        self.max_in_flight = max_in_flight
        self.poll_interval = poll_interval
        self.user_agent = user_agent
        self.clock = clock
        self.listen_url = listen_url  # where to LISTEN for queued deliveries; None: poll only
        self.lease = lease_for(sender.timeout)
        self.stopping = asyncio.Event()
        self.sent = 0
        self._busy = 0  # attempts started and not yet recorded
        self._outcomes: asyncio.Queue[Result] = asyncio.Queue()
        self._released = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._woken = 0.0

    async def __aenter__(self) -> Dispatcher:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.sender.aclose()

    # --- one attempt

    def _secrets(self, claimed: Claimed, now: datetime) -> list[str]:
        secrets = [self.box.open(claimed.secret, claimed.webhook_id)]
        expires = claimed.previous_secret_expires_at
        if claimed.previous_secret is not None and expires is not None and expires > now:
            secrets.append(self.box.open(claimed.previous_secret, claimed.webhook_id))
        return secrets

    def headers(self, claimed: Claimed, body: bytes, now: datetime) -> dict[str, str]:
        return {
            "Content-Type": "application/json",
            "User-Agent": self.user_agent,
            "Accept-Encoding": "identity",
            SIGNATURE_HEADER: sign(body, self._secrets(claimed, now), int(now.timestamp())),
            EVENT_ID_HEADER: claimed.event_id,
            "Svc-Event-Type": claimed.event_type,
            "Svc-Delivery-Id": claimed.id,
            "Svc-Delivery-Attempt": str(claimed.attempt),
        }

    async def attempt(self, claimed: Claimed, body: bytes) -> Result:
        attempt_id = new_id("att")
        started = self.clock()
        try:
            headers = self.headers(claimed, body, started)
        except SecretUnreadable as exc:
            logger.error(
                "cannot sign", extra={"action": "webhook.secret_unreadable", "error": str(exc)}
            )
            outcome = Outcome(
                status_code=None, duration_ms=0, body=None, error="cannot sign: secret unreadable"
            )
        else:
            outcome = await self.sender.post(
                claimed.endpoint, body, headers, pool=claimed.webhook_id
            )
        return self.decide(claimed, attempt_id, started, outcome)

    def decide(
        self, claimed: Claimed, attempt_id: str, attempted_at: datetime, outcome: Outcome
    ) -> Result:
        finished = self.clock()
        state, next_at = "succeeded", None
        if not outcome.succeeded:
            retry_after = None
            if outcome.status_code in RETRY_AFTER_STATUSES:
                retry_after = parse_retry_after(outcome.retry_after, finished)
            delay = self.retry.delay_after(claimed.attempt, retry_after)
            state = "failed" if delay is None else "pending"
            next_at = None if delay is None else finished + timedelta(seconds=delay)
        return Result(
            claimed=claimed,
            attempt_id=attempt_id,
            attempted_at=attempted_at,
            status_code=outcome.status_code,
            duration_ms=outcome.duration_ms,
            response_body=outcome.body,
            error=outcome.error,
            succeeded=outcome.succeeded,
            state=state,
            next_attempt_at=next_at,
            gone=outcome.status_code == 410,
        )

    # --- claim and record

    async def claim(self, limit: int) -> list[tuple[Claimed, bytes]]:
        claimed = await self.queue.claim(
            now=self.clock(), limit=limit, per_webhook=self.max_in_flight, lease=self.lease
        )
        return self._with_bodies(claimed)

    def _with_bodies(self, claimed: list[Claimed]) -> list[tuple[Claimed, bytes]]:
        bodies: dict[int, bytes] = {}  # one serialization per event, shared by its webhooks
        batch = []
        for item in claimed:
            body = bodies.get(item.event_seq)
            if body is None:
                body = bodies[item.event_seq] = encode_envelope(
                    item.event_id,
                    item.event_type,
                    iso_utc(item.event_created_at),
                    item.event_data.encode(),
                )
            batch.append((item, body))
        return batch

    async def record(self, results: list[Result], refill: int = 0) -> list[tuple[Claimed, bytes]]:
        spec = Refill(limit=refill, per_webhook=self.max_in_flight, lease=self.lease)
        claimed = await self.queue.record(results, self.clock(), spec if refill else None)
        count_outcomes(results)
        return self._with_bodies(claimed)

    async def run_once(self) -> int:
        """Claim what is due now, send it all, record it; return the attempts made."""
        batch = await self.claim(self.concurrency)
        results = await asyncio.gather(*(self.attempt(item, body) for item, body in batch))
        await self.record(list(results))
        return len(results)

    # --- the long-running loops

    async def _deliver(self, claimed: Claimed, body: bytes) -> None:
        try:
            result = await self.attempt(claimed, body)
        except Exception as exc:  # a bug here must not leak the slot
            logger.error(
                "delivery attempt crashed",
                exc_info=exc,
                extra={"action": "webhook.attempt_crashed", "delivery": claimed.id},
            )
            outcome = Outcome(status_code=None, duration_ms=0, body=None, error="internal error")
            result = self.decide(claimed, new_id("att"), self.clock(), outcome)
        await self._outcomes.put(result)

    def _start(self, batch: list[tuple[Claimed, bytes]]) -> None:
        for claimed, body in batch:
            self._busy += 1
            task = asyncio.create_task(self._deliver(claimed, body))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _recorder(self) -> None:
        while True:
            first = await self._outcomes.get()
            results = [first]
            while not self._outcomes.empty():
                results.append(self._outcomes.get_nowait())
            # Below half the slots busy, the recorder leases the same webhooks' next
            # deliveries itself (one transaction instead of two per cycle). Fuller
            # than that, it leaves the slots to the claim loop, which serves the
            # least recently served webhooks first, so none is starved.
            released = len(results)
            refill = 0
            if not self.stopping.is_set() and self._busy - released < self.concurrency // 2:
                refill = released
            batch: list[tuple[Claimed, bytes]] = []
            backoff = Backoff(0.1, 5.0)
            while True:
                try:
                    batch = await self.record(results, refill)
                    break
                except _TRANSIENT as exc:
                    # The leases stay ours until they run out; keep trying until then.
                    logger.warning(
                        "cannot record delivery outcomes; retrying",
                        extra={"action": "webhook.record_retry", "error": str(exc)},
                    )
                    await asyncio.sleep(backoff.next())
                except DatabaseError as exc:
                    # Refused for good: drop the batch; its leases run out and the
                    # same attempts are made again, so nothing is lost.
                    logger.error(
                        "delivery outcomes refused by PostgreSQL",
                        exc_info=exc,
                        extra={"action": "webhook.record_refused", "count": len(results)},
                    )
                    break
            self._busy -= released
            self.sent += released
            self._start(batch)
            # Wake the claim loop when slots stay free, and now and then anyway so
            # other webhooks' new work is picked up while these ones stream.
            now = asyncio.get_running_loop().time()
            if len(batch) < released or now - self._woken >= _WAKE_EVERY_SECONDS:
                self._woken = now
                self._released.set()

    async def _listen(self, url: str) -> None:
        """Wake the claim loop when PostgreSQL says deliveries were queued."""
        backoff = Backoff(0.5, 30.0)
        while True:
            try:
                async for _ in queued(url):
                    backoff.reset()
                    self._released.set()
            except DatabaseError as exc:
                # Polling (webhooks.poll_interval) still finds the work meanwhile.
                logger.warning(
                    "dispatcher cannot listen for new deliveries; polling only",
                    extra={"action": "webhook.listen_retry", "error": str(exc)},
                )
                await asyncio.sleep(backoff.next())

    async def run(self) -> None:
        recorder = asyncio.create_task(self._recorder(), name="webhook-recorder")
        listener = asyncio.create_task(
            self._listen(self.listen_url) if self.listen_url else asyncio.sleep(0),
            name="webhook-listener",
        )
        backoff = Backoff(0.1, 5.0)
        try:
            while not self.stopping.is_set():
                self._released.clear()
                free = self.concurrency - self._busy
                batch: list[tuple[Claimed, bytes]] = []
                if free > 0:
                    try:
                        batch = await self.claim(free)
                        backoff.reset()
                    except _TRANSIENT as exc:
                        logger.warning(
                            "dispatcher waiting for PostgreSQL",
                            extra={"action": "webhook.claim_retry", "error": str(exc)},
                        )
                        await asyncio.sleep(backoff.next())
                        continue
                self._start(batch)
                if batch and len(batch) == free:
                    await self._released.wait()  # full: wait for a slot
                elif not batch:
                    await self._idle()
        finally:
            listener.cancel()
            await asyncio.gather(listener, return_exceptions=True)
            await self._drain(recorder)

    async def _idle(self) -> None:
        waits = [
            asyncio.ensure_future(self._released.wait()),
            asyncio.ensure_future(self.stopping.wait()),
        ]
        try:
            await asyncio.wait(
                waits, timeout=self.poll_interval, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            for waiter in waits:
                waiter.cancel()

    async def _drain(self, recorder: asyncio.Task[None]) -> None:
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=self.sender.timeout + 1)
        deadline = asyncio.get_running_loop().time() + 10
        while self._busy > 0 and asyncio.get_running_loop().time() < deadline:
            self._released.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._released.wait(), 1)
        recorder.cancel()
        await asyncio.gather(recorder, return_exceptions=True)
        await self.sender.aclose()
