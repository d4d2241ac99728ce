-- name: rollup_breakdown
-- Whole UTC days come from the rollups: cost grows with days and combinations,
-- not clicks. Each combination row is unpivoted into one (dimension, value).
SELECT d.dimension, d.value, r.is_bot, sum(r.clicks)::bigint AS clicks
FROM click_rollups r
CROSS JOIN LATERAL (VALUES ('day', r.day::text), ('country', r.country),
                           ('device', r.device), ('os', r.os), ('browser', r.browser),
                           ('referrer', r.referrer_host)) AS d(dimension, value)
WHERE r.link_id = %(link_id)s
  AND r.day >= coalesce(%(day_from)s::date, '-infinity'::date)
  AND r.day < coalesce(%(day_to)s::date, 'infinity'::date)
GROUP BY 1, 2, 3

-- name: partial_breakdown
-- The partial days at either end of a range that doesn't start or end at midnight.
SELECT d.dimension, d.value, c.is_bot, count(*)::bigint AS clicks
FROM clicks c
CROSS JOIN LATERAL (VALUES ('day', ((c.clicked_at AT TIME ZONE 'UTC')::date)::text),
                           ('country', c.country), ('device', c.device), ('os', c.os),
                           ('browser', c.browser), ('referrer', c.referrer_host))
     AS d(dimension, value)
WHERE c.link_id = %(link_id)s
  AND ((c.clicked_at >= %(from)s AND c.clicked_at < %(day_from_at)s)
       OR (c.clicked_at >= %(day_to_at)s AND c.clicked_at < %(to)s))
GROUP BY 1, 2, 3

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

-- name: account_breakdown
-- Account-wide counts (GET /v1/analytics) from the daily rollups of every link the
-- account has had, deleted ones included (their clicks happened): per day, per link
-- and per dimension, unpivoted as rollup_breakdown does.
SELECT d.dimension, d.value, r.is_bot, sum(r.clicks)::bigint AS clicks
FROM links l
JOIN click_rollups r ON r.link_id = l.id
CROSS JOIN LATERAL (VALUES ('day', r.day::text), ('link', r.link_id),
                           ('country', r.country), ('device', r.device), ('os', r.os),
                           ('browser', r.browser), ('referrer', r.referrer_host))
     AS d(dimension, value)
WHERE l.user_id = %(user_id)s AND l.environment = %(environment)s
  AND r.day >= %(day_from)s::date AND r.day < %(day_to)s::date
GROUP BY 1, 2, 3

-- name: account_hours
-- Clicks per UTC hour of every link of the account, from the raw clicks (the rollups
-- are daily); the service bounds the range to HOURLY_MAX_DAYS.
SELECT date_trunc('hour', c.clicked_at AT TIME ZONE 'UTC')::text AS hour, c.is_bot,
       count(*)::bigint AS clicks
FROM links l
JOIN clicks c ON c.link_id = l.id
WHERE l.user_id = %(user_id)s AND l.environment = %(environment)s
  AND c.clicked_at >= %(from)s AND c.clicked_at < %(to)s
GROUP BY 1, 2

-- name: link_summaries
-- What a top-links entry names of each link, deleted ones included.
SELECT id, short_code, long_url, environment, deleted_at
FROM links
WHERE id = ANY(%(ids)s::text[]) AND user_id = %(user_id)s AND environment = %(environment)s
