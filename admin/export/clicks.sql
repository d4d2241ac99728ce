-- GET /v1/links/:id/clicks/export: one link's raw clicks, oldest first, one row per
-- click in the columns of CLICK_COLUMNS (admin/export/clicks.py), read through a
-- server-side cursor. clicks_link_time_idx serves the link and the range (backwards).

-- name: link_clicks
SELECT c.event_id,
       to_char(c.clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       encode(c.visitor_id, 'hex'), nullif(c.referrer, ''), nullif(c.referrer_host, ''),
       nullif(c.country, ''),
       -- region and city (migration 0020): '' when unknown, null in the file
       NULLIF(c.region, ''), NULLIF(c.city, ''),
       c.device, c.os, c.browser, c.user_agent, c.is_bot, c.is_qr, c.variant::integer
FROM clicks c
WHERE c.link_id = %(link_id)s
  AND c.clicked_at >= coalesce(%(from)s::timestamptz, '-infinity'::timestamptz)
  AND c.clicked_at < coalesce(%(to)s::timestamptz, 'infinity'::timestamptz)
ORDER BY c.clicked_at, c.event_id
