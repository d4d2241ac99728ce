"""Charts as server-rendered SVG: no script, no library, the same in every browser.

Each chart is an ``<svg role="img">`` whose ``aria-label`` says what it shows in
words; the page puts a table of the same numbers beside it (the data a screen
reader, a printer or a copy-paste wants). Colours come from classes in hop.css,
so the charts follow the light and dark schemes.
"""

from __future__ import annotations

from datetime import date, timedelta
from html import escape

from markupsafe import Markup

_WIDTH = 640
_HEIGHT = 220
_PAD_LEFT = 72  # room for "12,500" at the phone's larger axis text (hop.css)
_PAD_RIGHT = 12
_PAD_TOP = 12
_PAD_BOTTOM = 28
BAR_ROWS = 8
_MAX_INTERVALS = 4
_BAR_LABEL_CHARS = 15  # a longer name is cut with an ellipsis; its <title> holds it whole


def days_between(start: date, count: int) -> list[date]:
    return [start + timedelta(days=offset) for offset in range(count)]


def _nice_step(value: float) -> int:
    """The smallest whole 1, 2 or 5 times a power of ten at or above ``value`` (at least 1)."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= value:
                return step * factor
        step *= 10


def y_ticks(largest: int) -> list[int]:
    """The y axis's ticks: 0 up to a top at or above ``largest``, evenly spaced by a whole
    round step, at most ``_MAX_INTERVALS`` intervals (0/1/2/3, 0/2/4/6, 0/50/100; never
    the 0/2/5 of halving a top of 5)."""
    step = _nice_step(max(largest, 1) / _MAX_INTERVALS)
    intervals = max(-(-largest // step), 1)
    return [step * index for index in range(intervals + 1)]


def line_chart(
    label: str,
    current: list[int],
    previous: list[int],
    first_day: date,
) -> Markup:
    """Clicks per day (a solid line) over the previous period (dashed), day by day."""
    count = max(len(current), 1)
    ticks = y_ticks(max([*current, *previous, 0]))
    top = ticks[-1]
    inner_w = _WIDTH - _PAD_LEFT - _PAD_RIGHT
    inner_h = _HEIGHT - _PAD_TOP - _PAD_BOTTOM

    def x(index: int) -> float:
        return _PAD_LEFT + (inner_w * index / (count - 1) if count > 1 else inner_w / 2)

    def y(value: int) -> float:
        return _PAD_TOP + inner_h - inner_h * value / top

    def points(series: list[int]) -> str:
        return " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))

    parts = [
        f'<svg class="chart" role="img" aria-label="{escape(label)}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" preserveAspectRatio="xMidYMid meet">'
    ]
    parts.extend(
        f'<line class="grid" x1="{_PAD_LEFT}" x2="{_WIDTH - _PAD_RIGHT}" '
        f'y1="{y(value):.1f}" y2="{y(value):.1f}"/>'
        f'<text class="axis" x="{_PAD_LEFT - 6}" y="{y(value) + 4:.1f}" '
        f'text-anchor="end">{value:,}</text>'
        for value in ticks
    )
    days = days_between(first_day, count)
    anchors = {0: "start", count - 1: "end"}
    parts.extend(
        f'<text class="axis" x="{x(index):.1f}" y="{_HEIGHT - 8}" '
        f'text-anchor="{anchors.get(index, "middle")}">{days[index]:%b %d}</text>'
        for index in sorted({0, count // 2, count - 1})
    )
    if previous:
        parts.append(f'<polyline class="previous" points="{points(previous)}"/>')
    parts.append(f'<polyline class="current" points="{points(current)}"/>')
    for index, value in enumerate(current):
        if value:
            parts.append(f'<circle class="current" cx="{x(index):.1f}" cy="{y(value):.1f}" r="3"/>')
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 - every text in it went through escape()


def bar_chart(label: str, counts: dict[str, int]) -> Markup:
    """The largest ``BAR_ROWS`` values as horizontal bars, largest first."""
    rows = list(counts.items())[:BAR_ROWS]
    row_h = 28
    height = max(len(rows), 1) * row_h + 8
    width_all = 420  # drawn narrower than the timeline: it sits in half the page
    label_w = 150
    bar_w = width_all - label_w - 64  # and room for the count after the longest bar
    top = max([value for _, value in rows] + [1])
    parts = [
        f'<svg class="chart bars" role="img" aria-label="{escape(label)}" '
        f'viewBox="0 0 {width_all} {height}" preserveAspectRatio="xMinYMin meet">'
    ]
    for index, (key, value) in enumerate(rows):
        top_y = 4 + index * row_h
        width = max(bar_w * value / top, 2)
        short = key if len(key) <= _BAR_LABEL_CHARS else key[: _BAR_LABEL_CHARS - 1] + "…"
        parts.append(
            f'<text class="axis" x="{label_w - 8}" y="{top_y + 18}" text-anchor="end">'
            f"<title>{escape(key)}</title>{escape(short)}</text>"
            f'<rect class="bar" x="{label_w}" y="{top_y + 4}" width="{width:.1f}" '
            f'height="{row_h - 10}" rx="3"/>'
            f'<text class="axis" x="{label_w + width + 6:.1f}" y="{top_y + 18}">{value:,}</text>'
        )
    if not rows:
        parts.append(f'<text class="axis" x="{label_w}" y="22">No clicks</text>')
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 - every text in it went through escape()
