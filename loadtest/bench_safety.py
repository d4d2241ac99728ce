"""Micro-benchmark of the heuristic scorer: microseconds per URL on a mixed list.

The create and update paths score every destination synchronously, so this is what
the safety layer adds to them (besides one column set per insert). Three passes over
the test table's destinations plus 1,000 popular sites: the first pass meets every host
for the first time (the per-host cache is cold, as for a never-seen domain); the later
ones show the cached cost.

    .venv/bin/python -m loadtest.bench_safety [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path

from admin.safety.scorer import Scorer, host_signals
from common.settings import load_settings
from loadtest.harness import machine
from tests.unit.test_safety_scorer import TABLE

_ROOT = Path(__file__).resolve().parent.parent


def _urls() -> list[str]:
    sites = (_ROOT / "tests" / "data" / "top_sites_1000.txt").read_text().splitlines()
    popular = [f"https://{site}/some/page?utm_source=bench" for site in sites if site[:1] != "#"]
    return [row[0] for row in TABLE] + popular


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    scorer = Scorer(suspicious_tlds=load_settings({}).safety.suspicious_tlds)
    urls = _urls()
    print(f"# safety scorer benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    host_signals.cache_clear()
    started = time.perf_counter()
    for url in urls:
        scorer.assess(url)
    cold = (time.perf_counter() - started) / len(urls) * 1e6
    warm = []
    for _ in range(args.rounds):
        started = time.perf_counter()
        for url in urls:
            scorer.assess(url)
        warm.append((time.perf_counter() - started) / len(urls) * 1e6)
    print(f"urls: {len(urls)}")
    print(f"cold (first sight of each host): {cold:.1f} µs per URL")
    median, best = statistics.median(warm), min(warm)
    print(f"warm (host cached): median {median:.1f} µs per URL, best {best:.1f}")


if __name__ == "__main__":
    main()
