-- name: rollup_breakdown
-- Whole UTC days come from the rollups: cost grows with days and combinations,
-- not clicks. One grouping set per dimension (with the bot flag) sums each
-- dimension in a single pass over the link's rollup rows: measured 3 to 5 times
-- faster than unpivoting every row into eight (dimension, value) rows first. Rollup
-- columns are never NULL, so the one column a set keeps is its value.
SELECT CASE WHEN GROUPING(r.day) = 0 THEN 'day'
            WHEN GROUPING(r.country) = 0 THEN 'country'
            WHEN GROUPING(r.region) = 0 THEN 'region'
            WHEN GROUPING(r.city) = 0 THEN 'city'
            WHEN GROUPING(r.device) = 0 THEN 'device'
            WHEN GROUPING(r.os) = 0 THEN 'os'
            WHEN GROUPING(r.browser) = 0 THEN 'browser'
            ELSE 'referrer' END AS dimension,
       coalesce(r.day::text, r.country, r.region, r.city, r.device, r.os, r.browser,
                r.referrer_host) AS value,
       r.is_bot, sum(r.clicks)::bigint AS clicks
FROM click_rollups r
WHERE r.link_id = %(link_id)s
  AND r.day >= coalesce(%(day_from)s::date, '-infinity'::date)
  AND r.day < coalesce(%(day_to)s::date, 'infinity'::date)
GROUP BY GROUPING SETS ((r.day, r.is_bot), (r.country, r.is_bot), (r.region, r.is_bot),
                        (r.city, r.is_bot), (r.device, r.is_bot), (r.os, r.is_bot),
                        (r.browser, r.is_bot), (r.referrer_host, r.is_bot))

-- name: partial_breakdown
-- The partial days at either end of a range that doesn't start or end at midnight.
SELECT d.dimension, d.value, c.is_bot, count(*)::bigint AS clicks
FROM clicks c
CROSS JOIN LATERAL (VALUES ('day', ((c.clicked_at AT TIME ZONE 'UTC')::date)::text),
                           ('country', c.country), ('region', c.region), ('city', c.city),
                           ('device', c.device), ('os', c.os), ('browser', c.browser),
                           ('referrer', c.referrer_host))
     AS d(dimension, value)
WHERE c.link_id = %(link_id)s
  AND ((c.clicked_at >= %(from)s AND c.clicked_at < %(day_from_at)s)
       OR (c.clicked_at >= %(day_to_at)s AND c.clicked_at < %(to)s))
GROUP BY 1, 2, 3

-- name: day_sketch_versions
-- Which version of each whole day's sketch is current: a row's xmin changes with every
-- update, so (day, xmin) pairs tell whether a merged sketch the admin cached is stale.
SELECT day, xmin::text
FROM click_uniques
WHERE link_id = %(link_id)s
  AND day >= coalesce(%(day_from)s::date, '-infinity'::date)
  AND day < coalesce(%(day_to)s::date, 'infinity'::date)

-- name: day_sketches
-- Unique visitors of whole UTC days: one HyperLogLog sketch per day, merged by the
-- caller (admin/analytics/hll.py); only the days from %(since)s when the older ones
-- come from the cache.
SELECT day, xmin::text, sketch
FROM click_uniques
WHERE link_id = %(link_id)s
  AND day >= greatest(coalesce(%(day_from)s::date, '-infinity'::date),
                      coalesce(%(since)s::date, '-infinity'::date))
  AND day < coalesce(%(day_to)s::date, 'infinity'::date)

-- name: partial_observations
-- Visitors of the partial days at either end of a range, as HyperLogLog
-- observations to fold into the merged sketch (one per register and rank).
SELECT DISTINCT hll_observation(visitor_id)
FROM clicks
WHERE link_id = %(link_id)s AND NOT is_bot
  AND ((clicked_at >= %(from)s AND clicked_at < %(day_from_at)s)
       OR (clicked_at >= %(day_to_at)s AND clicked_at < %(to)s))

-- name: click_history
SELECT event_id, clicked_at, country, device, os, browser, referrer, is_bot, is_qr, region,
       city
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
-- and per dimension, unpivoted as rollup_breakdown does. Archived links (links.archived)
-- only when asked (includeArchived); so too in account_hours and account_campaigns.
SELECT d.dimension, d.value, r.is_bot, sum(r.clicks)::bigint AS clicks
FROM links l
JOIN click_rollups r ON r.link_id = l.id
CROSS JOIN LATERAL (VALUES ('day', r.day::text), ('link', r.link_id),
                           ('country', r.country), ('region', r.region), ('city', r.city),
                           ('device', r.device), ('os', r.os), ('browser', r.browser),
                           ('referrer', r.referrer_host))
     AS d(dimension, value)
WHERE l.workspace_id = %(workspace_id)s AND l.environment = %(environment)s
  AND (%(include_archived)s OR NOT l.archived)
  AND r.day >= %(day_from)s::date AND r.day < %(day_to)s::date
GROUP BY 1, 2, 3

-- name: account_hours
-- Clicks per UTC hour of every link of the account, from the raw clicks (the rollups
-- are daily); the service bounds the range to HOURLY_MAX_DAYS.
SELECT date_trunc('hour', c.clicked_at AT TIME ZONE 'UTC')::text AS hour, c.is_bot,
       count(*)::bigint AS clicks
FROM links l
JOIN clicks c ON c.link_id = l.id
WHERE l.workspace_id = %(workspace_id)s AND l.environment = %(environment)s
  AND (%(include_archived)s OR NOT l.archived)
  AND c.clicked_at >= %(from)s AND c.clicked_at < %(to)s
GROUP BY 1, 2

-- name: link_summaries
-- What a top-links entry names of each link, deleted ones included.
SELECT id, short_code, domain, long_url, environment, deleted_at
FROM links
WHERE id = ANY(%(ids)s::text[]) AND workspace_id = %(workspace_id)s AND environment = %(environment)s

-- name: account_campaigns
-- Campaign breakdowns of GET /v1/analytics: the daily rollups of the account's links
-- that carry UTM fields, counted under each link's current utm source, medium and
-- campaign (links.utm, admin/links LinkUtm). Links without a field are left out of
-- that field's counts. Only links with UTM fields are read: rollups are reached by
-- their key (link_id, day, ...), links by links_owner_all_idx.
SELECT d.dimension, d.value, r.is_bot, sum(r.clicks)::bigint AS clicks
FROM links l
JOIN click_rollups r ON r.link_id = l.id
CROSS JOIN LATERAL (VALUES ('utmSource', l.utm ->> 'source'),
                           ('utmMedium', l.utm ->> 'medium'),
                           ('utmCampaign', l.utm ->> 'campaign'))
     AS d(dimension, value)
WHERE l.workspace_id = %(workspace_id)s AND l.environment = %(environment)s
  AND (%(include_archived)s OR NOT l.archived)
  AND l.utm IS NOT NULL AND d.value IS NOT NULL
  AND r.day >= %(day_from)s::date AND r.day < %(day_to)s::date
GROUP BY 1, 2, 3
