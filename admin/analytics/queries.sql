-- name: rollup_breakdown
-- Whole UTC days come from the rollups: cost grows with days, not clicks.
SELECT dimension, value, day, is_bot, clicks
FROM click_rollups
WHERE link_id = %(link_id)s
  AND day >= coalesce(%(day_from)s::date, '-infinity'::date)
  AND day < coalesce(%(day_to)s::date, 'infinity'::date)

-- name: partial_breakdown
-- The partial days at either end of a range that doesn't start or end at midnight.
SELECT d.dimension, d.value, (c.clicked_at AT TIME ZONE 'UTC')::date AS day, c.is_bot,
       count(*) AS clicks
FROM clicks c
CROSS JOIN LATERAL (VALUES ('total', ''), ('country', c.country), ('device', c.device),
                           ('os', c.os), ('browser', c.browser),
                           ('referrer', c.referrer_host)) AS d(dimension, value)
WHERE c.link_id = %(link_id)s
  AND ((c.clicked_at >= %(from)s AND c.clicked_at < %(day_from_at)s)
       OR (c.clicked_at >= %(day_to_at)s AND c.clicked_at < %(to)s))
GROUP BY 1, 2, 3, 4

-- name: unique_visitors
SELECT count(DISTINCT visitor_id)
FROM clicks
WHERE link_id = %(link_id)s AND NOT is_bot
  AND clicked_at >= coalesce(%(from)s, '-infinity'::timestamptz)
  AND clicked_at < coalesce(%(to)s, 'infinity'::timestamptz)

-- name: click_history
SELECT event_id, clicked_at, country, device, os, browser, referrer, is_bot, is_qr
FROM clicks
WHERE link_id = %(link_id)s
  AND clicked_at >= coalesce(%(from)s, '-infinity'::timestamptz)
  AND clicked_at < coalesce(%(to)s, 'infinity'::timestamptz)
  AND (%(after_at)s::timestamptz IS NULL
       OR (clicked_at, event_id) < (%(after_at)s::timestamptz, %(after_id)s::text))
ORDER BY clicked_at DESC, event_id DESC
LIMIT %(limit)s
