"""The dashboard's server-rendered charts and the forms made from the API's structs."""

from __future__ import annotations

import itertools
import re
from datetime import date

from admin.errors import FieldError, validation
from admin.web.bio_pages import _body as bio_body
from admin.web.bio_pages import _form_from, bio_errors
from admin.web.charts import bar_chart, line_chart, y_ticks
from admin.web.qr_pages import _data, fields_of, qr_errors


def _points(svg: str, kind: str) -> list[tuple[float, float]]:
    match = re.search(rf'<polyline class="{kind}" points="([^"]+)"', svg)
    assert match, svg
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in match[1].split())]


def test_the_line_chart_draws_both_periods_on_one_scale() -> None:
    svg = str(line_chart("Clicks & more", [0, 5, 10], [10, 0, 0], date(2026, 11, 20)))
    assert svg.startswith('<svg class="chart" role="img" aria-label="Clicks &amp; more"')
    now, before = _points(svg, "current"), _points(svg, "previous")
    assert len(now) == len(before) == 3
    assert now[2][1] == before[0][1]  # 10 is 10 in both series
    assert now[0][1] > now[1][1] > now[2][1]  # higher counts are higher up
    assert ">Nov 20<" in svg
    assert ">Nov 22<" in svg
    assert ">10<" in svg  # the top of the y axis


def test_bars_are_proportional_escaped_and_capped() -> None:
    counts = {f"<host{i}>": 10 - i for i in range(12)}
    svg = str(bar_chart("Referrers", counts))
    widths = [float(w) for w in re.findall(r'<rect class="bar"[^>]* width="([0-9.]+)"', svg)]
    assert len(widths) == 8  # the largest eight
    assert widths == sorted(widths, reverse=True)
    assert abs(widths[1] / widths[0] - 0.9) < 0.01
    assert "<host0>" not in svg
    assert "&lt;host0&gt;" in svg
    assert "No clicks" in str(bar_chart("Countries", {}))


def test_the_y_axis_ticks_are_whole_evenly_spaced_round_numbers() -> None:
    """Issue 31: a top of 5 was halved into the ticks 0/2/5."""
    assert y_ticks(0) == [0, 1]
    assert y_ticks(3) == [0, 1, 2, 3]
    assert y_ticks(5) == [0, 2, 4, 6]
    assert y_ticks(10) == [0, 5, 10]
    assert y_ticks(100) == [0, 50, 100]
    assert y_ticks(1234) == [0, 500, 1000, 1500]
    for largest in range(200):
        ticks = y_ticks(largest)
        steps = {b - a for a, b in itertools.pairwise(ticks)}
        assert len(steps) == 1, ticks  # evenly spaced
        assert ticks[-1] >= largest
        assert len(ticks) <= 5
    svg = str(line_chart("Clicks", [0, 5, 1234], [], date(2026, 11, 20)))
    assert ">1,500<" in svg  # thousands said as people write them


def test_a_long_bar_label_is_cut_with_its_whole_text_in_a_title() -> None:
    referrer = "https://news.example.org/a/very/long/article/path?utm_source=x"
    svg = str(bar_chart("Referrers", {referrer: 3}))
    assert f"<title>{referrer.replace('&', '&amp;')}</title>" in svg
    assert ">https://news.e…</text>" in svg


def test_a_qr_form_is_made_from_the_api_struct_of_its_type() -> None:
    wifi = {field.name: field for field in fields_of("wifi")}
    assert wifi["ssid"].required
    assert wifi["ssid"].label == "Network name (SSID)"
    assert wifi["security"].kind == "select"
    assert set(wifi["security"].choices) == {"WPA", "WEP", "nopass"}
    assert wifi["security"].default == "WPA"  # selected until changed
    assert wifi["hidden"].kind == "checkbox"
    event = {field.name: field for field in fields_of("event")}
    assert event["start"].kind == "datetime"
    assert event["allDay"].kind == "checkbox"
    assert fields_of("bio") == []
    data = _data("event", {"summary": "Launch", "start": "2026-12-01T10:00", "location": ""})
    assert data == {"summary": "Launch", "start": "2026-12-01T10:00:00Z", "allDay": False}
    assert _data("email", {"to": "a@example.com", "cc": "b@example.com, c@example.com"})["cc"] == [
        "b@example.com",
        "c@example.com",
    ]


def test_api_errors_land_on_the_form_inputs() -> None:
    error = validation([FieldError("data.ssid", "is required"), FieldError("dynamic", "no")])
    assert qr_errors(error).fields == {"ssid": "is required", "dynamic": "no"}
    form = _form_from(
        {
            "username": "ada",
            "displayName": "Ada",
            "links-0-title": "",
            "links-0-url": "",
            "links-0-linkId": "",
            "links-1-title": "Blog",
            "links-1-url": "nope",
            "links-1-linkId": "",
            "socials-0-network": "github",
            "socials-0-handle": "ada",
        }
    )
    body, link_rows, social_rows = bio_body(form)
    assert body["links"] == [{"title": "Blog", "url": "nope"}]  # the blank row is left out
    assert body["socials"] == [{"network": "github", "handle": "ada"}]
    errors = bio_errors(validation([FieldError("links[0].url", "bad")]), link_rows, social_rows)
    assert errors.fields == {"links-1-url": "bad"}  # the row it came from
