-- name: click_staging
-- Where a batch is copied before ingest_clicks reads it: one per session, emptied
-- at every commit, never logged (a temporary table).
CREATE TEMPORARY TABLE IF NOT EXISTS click_staging (
    event_id text, link_id text, clicked_at timestamptz, visitor_id bytea,
    visitor_hll integer, country text, device text, os text, browser text, referrer text,
    referrer_host text, user_agent text, is_bot boolean, is_qr boolean, region text, city text,
    dnt boolean
) ON COMMIT DELETE ROWS

-- name: copy_clicks
COPY click_staging (event_id, link_id, clicked_at, visitor_id, visitor_hll, country, device,
                    os, browser, referrer, referrer_host, user_agent, is_bot, is_qr, region,
                    city, dnt)
FROM STDIN (FORMAT BINARY)

-- name: ingest_clicks
-- One statement per batch: store the clicks not seen before, and only for those
-- bump the daily rollups and the link totals and write link.clicked events.
-- A redelivered batch therefore changes nothing.
WITH batch_links AS (
    -- What the privacy rules need of the batch's links, looked up once per link. The
    -- key-share lock waits for a deletion purging a link's clicks (its FOR UPDATE) to
    -- commit and then reads its clicks_purged, so no click is stored after its purge.
    -- It conflicts only with FOR UPDATE (not with other batches' counter updates), and
    -- is taken in descending id order, the order in which a bulk change locks links
    -- (links/queries.sql matching_for_update): the two wait for each other, never in a
    -- cycle. Held from here, it also keeps a bulk change from taking a link between here
    -- and the totals' update below.
    SELECT l.id, l.clicks_purged, w.honor_dnt
    FROM links l JOIN workspaces w ON w.id = l.workspace_id
    WHERE l.id IN (SELECT link_id FROM click_staging)
    ORDER BY l.id DESC
    FOR KEY SHARE OF l
),
incoming AS (
    -- The batch, as copied into click_staging in this transaction (binary COPY), as it
    -- may be kept (docs/privacy.md): the clicks of a link deleted with purgeClicks are
    -- dropped; a click that asked not to be tracked (DNT or GPC) of a workspace that
    -- honours it is counted, but keeps no visitor id, user agent, referrer, region or
    -- city, and is left out of the unique visitors (private).
    SELECT s.event_id, s.link_id, s.clicked_at,
           CASE WHEN p.private THEN ''::bytea ELSE s.visitor_id END AS visitor_id,
           s.visitor_hll, s.country, s.device, s.os, s.browser,
           CASE WHEN p.private THEN '' ELSE s.referrer END AS referrer,
           CASE WHEN p.private THEN '' ELSE s.referrer_host END AS referrer_host,
           CASE WHEN p.private THEN '' ELSE s.user_agent END AS user_agent,
           s.is_bot, s.is_qr,
           CASE WHEN p.private THEN '' ELSE s.region END AS region,
           CASE WHEN p.private THEN '' ELSE s.city END AS city,
           p.private
    FROM click_staging s
    LEFT JOIN batch_links k ON k.id = s.link_id
    CROSS JOIN LATERAL (SELECT s.dnt AND coalesce(k.honor_dnt, false) AS private) AS p
    WHERE k.clicks_purged IS NOT TRUE
),
inserted AS (
    INSERT INTO clicks (event_id, link_id, clicked_at, visitor_id, country, device, os,
                        browser, referrer, referrer_host, user_agent, is_bot, is_qr, region,
                        city)
    SELECT event_id, link_id, clicked_at, visitor_id, country, device, os, browser,
           referrer, referrer_host, user_agent, is_bot, is_qr, region, city
    FROM incoming
    -- A replay repeats the event id and its time, so this is the event id's uniqueness
    -- (the partitioned table's key must hold the partition key).
    ON CONFLICT (event_id, clicked_at) DO NOTHING
    RETURNING event_id, link_id, clicked_at, country, device, os, browser, referrer,
              referrer_host, is_bot, region, city
),
rollups AS (
    -- Region and city are two more columns of the combination (0020_geo.sql), as the
    -- country is: no further upsert per click.
    INSERT INTO click_rollups (link_id, day, is_bot, country, region, city, device, os,
                               browser, referrer_host, clicks)
    SELECT link_id, (clicked_at AT TIME ZONE 'UTC')::date, is_bot, country, region, city,
           device, os, browser, referrer_host, count(*)
    FROM inserted
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10  -- one lock order for every worker: no deadlocks
    ON CONFLICT (link_id, day, is_bot, country, region, city, device, os, browser,
                 referrer_host)
    DO UPDATE SET clicks = click_rollups.clicks + EXCLUDED.clicks
),
-- Unique visitors: the day's HyperLogLog sketch of each link takes the new
-- non-bot visitors (one sparse entry per register, its highest rank). The worker
-- computes each visitor's observation (hll_observation in 0009 is the same in SQL,
-- ~30 times dearer per row). Merging is idempotent anyway; taking only the clicks
-- inserted now makes a replay write nothing at all.
uniques AS (
    INSERT INTO click_uniques (link_id, day, sketch)
    SELECT link_id, day, string_agg(substring(int4send(observation) FROM 2), ''::bytea)
    FROM (SELECT link_id, (clicked_at AT TIME ZONE 'UTC')::date AS day,
                 max(visitor_hll) AS observation
          FROM incoming
          WHERE NOT is_bot AND NOT private AND event_id IN (SELECT event_id FROM inserted)
          GROUP BY 1, 2, visitor_hll >> 8) AS registers
    GROUP BY 1, 2
    ORDER BY 1, 2  -- one lock order for every worker
    ON CONFLICT (link_id, day) DO UPDATE SET sketch = hll_merge(click_uniques.sketch, EXCLUDED.sketch)
),
totals AS (
    -- In link id order, as the rollups and sketches above: batches stored side by side
    -- (one worker's batches in flight, other workers) lock the links in one order.
    -- The sort feeds a nested loop over links_pkey, which updates rows in its order.
    UPDATE links SET clicks = links.clicks + per_link.n
    FROM (SELECT link_id, count(*) AS n FROM inserted GROUP BY link_id ORDER BY link_id)
         AS per_link
    WHERE links.id = per_link.link_id
    RETURNING links.id, links.workspace_id, links.environment, links.short_code, links.long_url
),
-- The owners with a webhook for link.clicked: looked up once per owner (account and
-- environment) of the batch's links, not once per link or per click.
subscribers AS (
    SELECT owners.workspace_id, owners.environment
    FROM (SELECT DISTINCT workspace_id, environment FROM totals) AS owners
    WHERE EXISTS (
        SELECT 1 FROM webhook_targets(owners.workspace_id, owners.environment, 'link.clicked')
    )
),
subscribed AS (
    SELECT t.* FROM totals t JOIN subscribers s USING (workspace_id, environment)
)
-- How many clicks were new. link.clicked is written only for owners with a webhook
-- that wants it: the events table is an outbox, and storing every click twice for
-- nobody would double the write volume. The events and their deliveries go through the
-- one enqueue (0016_enqueue_events.sql), in click order; a batch with none for anyone
-- aggregates to NULL and calls nothing. The data is LinkClicked's
-- (admin/events/payloads.py).
SELECT (SELECT count(*) FROM inserted),
       enqueue_events(array_agg(
           ROW('evt_c' || i.event_id, l.workspace_id, l.environment, 'link.clicked',
               jsonb_build_object('linkId', l.id, 'shortCode', l.short_code,
                                  'longUrl', l.long_url, 'country', nullif(i.country, ''),
                                  'device', i.device, 'os', i.os,
                                  'referrer', nullif(i.referrer, '')),
               i.clicked_at)::outbox_event
           ORDER BY i.clicked_at, i.event_id))
FROM inserted i JOIN subscribed l ON l.id = i.link_id

-- name: visitor_salt
SELECT value FROM app_secrets WHERE name = 'visitor_salt'
