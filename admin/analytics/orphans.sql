-- name: lock_orphan_days
-- Before ingest_orphans, in its transaction: one lock per (domain, day) of the batch, in
-- one order for every worker, so that batches of the same day store one after the other
-- and each reads the day's kept paths as the one before left them (the bound below
-- holds exactly). The statement after it takes its snapshot once the lock is held.
SELECT count(pg_advisory_xact_lock(hashtextextended('hop:orphans:' || domain || '/' || day, 0)))
FROM (SELECT DISTINCT domain, day
      FROM json_to_recordset(%(orphans)s::json) AS o(domain text, day date)
      ORDER BY 1, 2) AS days

-- name: ingest_orphans
-- One statement per batch (docs/analytics.md#orphans): the orphan visits whose event id
-- is new bump the daily rollups and the day's bounded top paths and referrer hosts; a
-- redelivered visit finds its id in orphan_seen and changes nothing. Ids older than a
-- week are deleted as batches go, a bounded number each time.
WITH incoming AS (
    SELECT event_id, domain, day, orphan_type, path, referrer_host, is_bot
    FROM json_to_recordset(%(orphans)s::json) AS o(
        event_id text, domain text, day date, orphan_type text, path text,
        referrer_host text, is_bot boolean)
),
fresh AS (
    INSERT INTO orphan_seen (event_id, seen_on)
    SELECT event_id, day FROM incoming
    ON CONFLICT (event_id) DO NOTHING
    RETURNING event_id
),
new AS (
    SELECT i.* FROM incoming i JOIN fresh USING (event_id)
),
pruned AS (
    DELETE FROM orphan_seen
    WHERE event_id IN (SELECT event_id FROM orphan_seen
                       WHERE seen_on < (now() AT TIME ZONE 'UTC')::date - 7
                       LIMIT 10000)
),
rollups AS (
    INSERT INTO orphan_rollups (domain, day, orphan_type, is_bot, visits)
    SELECT domain, day, orphan_type, is_bot, count(*)
    FROM new
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4  -- one lock order for every worker
    ON CONFLICT (domain, day, orphan_type, is_bot)
    DO UPDATE SET visits = orphan_rollups.visits + EXCLUDED.visits
),
counted AS (
    SELECT domain, day, dimension, value, count(*) AS visits
    FROM (SELECT domain, day, 'p'::"char" AS dimension, path AS value FROM new
          UNION ALL
          SELECT domain, day, 'r'::"char", referrer_host FROM new WHERE referrer_host <> '')
         AS items
    GROUP BY 1, 2, 3, 4
),
-- Each day keeps its first 100 distinct values of each dimension; a value already kept
-- is counted on its row, a new one takes a free place (the batch's most frequent first)
-- or goes to '' ("other"). lock_orphan_days makes the batches of one day take turns.
ranked AS (
    SELECT c.*, t.value IS NOT NULL AS kept,
           row_number() OVER (PARTITION BY c.domain, c.day, c.dimension, t.value IS NULL
                              ORDER BY c.visits DESC, c.value) AS place
    FROM counted c
    LEFT JOIN orphan_tops t
      ON t.domain = c.domain AND t.day = c.day AND t.dimension = c.dimension
     AND t.value = c.value
),
room AS (
    SELECT k.domain, k.day, k.dimension,
           100 - count(t.value) FILTER (WHERE t.value <> '') AS free
    FROM (SELECT DISTINCT domain, day, dimension FROM counted) AS k
    LEFT JOIN orphan_tops t
      ON t.domain = k.domain AND t.day = k.day AND t.dimension = k.dimension
    GROUP BY 1, 2, 3
),
placed AS (
    SELECT r.domain, r.day, r.dimension,
           CASE WHEN r.kept OR r.place <= m.free THEN r.value ELSE '' END AS value,
           sum(r.visits)::bigint AS visits
    FROM ranked r JOIN room m USING (domain, day, dimension)
    GROUP BY 1, 2, 3, 4
),
tops AS (
    INSERT INTO orphan_tops (domain, day, dimension, value, visits)
    SELECT domain, day, dimension, value, visits FROM placed
    ORDER BY 1, 2, 3, 4  -- one lock order for every worker
    ON CONFLICT (domain, day, dimension, value)
    DO UPDATE SET visits = orphan_tops.visits + EXCLUDED.visits
)
SELECT count(*) FROM new

-- name: orphan_totals
SELECT orphan_type, is_bot, sum(visits)::bigint
FROM orphan_rollups
WHERE domain = %(domain)s AND day >= %(day_from)s AND day < %(day_to)s
GROUP BY 1, 2

-- name: orphan_series
SELECT day, is_bot, sum(visits)::bigint
FROM orphan_rollups
WHERE domain = %(domain)s AND day >= %(day_from)s AND day < %(day_to)s
GROUP BY 1, 2
ORDER BY 1

-- name: orphan_top
-- The most visited paths or referrer hosts over the range.
SELECT value, sum(visits)::bigint AS visits
FROM orphan_tops
WHERE domain = %(domain)s AND day >= %(day_from)s AND day < %(day_to)s
  AND dimension = %(dimension)s AND value <> ''
GROUP BY value
ORDER BY visits DESC, value
LIMIT %(limit)s

-- name: orphan_other
-- Per dimension, the visits under values the days did not keep ('': "other").
SELECT dimension, sum(visits)::bigint
FROM orphan_tops
WHERE domain = %(domain)s AND day >= %(day_from)s AND day < %(day_to)s AND value = ''
GROUP BY dimension
