"""PostgreSQL failover under load (issue 33): a primary and a synchronous streaming
standby, HOP_DATABASE_URL naming both with ``target_session_attrs=read-write``; while
redirects, creates, the click drain and webhook deliveries run, the standby is promoted
and the old primary stopped as in a crash (or the primary crashes first and the standby is
promoted later). Nothing acknowledged is lost, and every process works again by itself
within 5 s of the promotion (RECOVERY_LIMIT_SECONDS). The drill itself is
loadtest/drill_failover.py (one command for an operator); this runs it and checks what
it counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from loadtest.drill_failover import RECOVERY_LIMIT_SECONDS, drill

pytestmark = pytest.mark.slow


# 0: the standby promoted, then the old primary stopped at once (the window in between
# is one where the old primary still runs: its commits wait for the standby, so none is
# acknowledged and lost). 8: the primary crashes and the standby is promoted 8 s later;
# a pool left to psycopg_pool's back-off (1, 2, 4, 8 s) would try again ~15 s after the
# crash, 5-8 s after the promotion, beyond the limit (admin/db RECONNECT_SECONDS).
@pytest.mark.parametrize("outage", [0.0, 8.0], ids=["promote-then-stop", "crash-then-promote"])
def test_failover_to_a_synchronous_standby_loses_nothing_and_recovers(
    tmp_path: Path, outage: float
) -> None:
    report = drill(tmp_path, synchronous=True, links=5, before=2.0, after=3.0, outage=outage)
    assert report.problems == []
    assert report.redirects_answered > 0
    assert report.redirect_failures == 0  # the edge never needs PostgreSQL
    assert report.clicks_stored == report.redirects_answered  # each stored once
    assert report.creates_answered_201 > 0
    assert report.creates_failed_otherwise == []  # 503 to retry at most, never a 500
    assert report.creates_lost == 0
    assert report.links_stored >= 5 + report.creates_answered_201
    assert report.events_lost == 0
    assert report.events_delivered == report.links_stored
    assert report.processes_restarted == []
    for seconds in (
        report.create_recovery_seconds,
        report.click_recovery_seconds,
        report.webhook_recovery_seconds,
    ):
        assert seconds is not None
        assert seconds <= RECOVERY_LIMIT_SECONDS
