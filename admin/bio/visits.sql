-- name: store_visits
-- One statement per batch, like ingest_clicks: store the visits not seen before
-- (of pages that still exist) and write bio.visited for exactly those, when the
-- owner has a webhook that wants it, with its deliveries.
WITH incoming AS (
    SELECT *
    FROM unnest(%(event_id)s::text[], %(bio_id)s::text[], %(username)s::text[],
                %(visited_at)s::timestamptz[], %(visitor_id)s::bytea[], %(country)s::text[],
                %(device)s::text[], %(os)s::text[], %(browser)s::text[], %(referrer)s::text[],
                %(referrer_host)s::text[], %(user_agent)s::text[], %(is_bot)s::boolean[])
         AS t(event_id, bio_id, username, visited_at, visitor_id, country, device, os,
              browser, referrer, referrer_host, user_agent, is_bot)
),
inserted AS (
    INSERT INTO bio_visits (event_id, bio_id, username, visited_at, visitor_id, country,
                            device, os, browser, referrer, referrer_host, user_agent, is_bot)
    SELECT i.event_id, i.bio_id, i.username, i.visited_at, i.visitor_id, i.country, i.device,
           i.os, i.browser, i.referrer, i.referrer_host, i.user_agent, i.is_bot
    FROM incoming i
    WHERE EXISTS (SELECT 1 FROM bio_pages p WHERE p.id = i.bio_id)
    ON CONFLICT (event_id) DO NOTHING
    RETURNING *
),
events AS (
    INSERT INTO events (id, user_id, environment, type, data, created_at)
    SELECT 'evt_b' || i.event_id, p.user_id, p.environment, 'bio.visited',
           jsonb_build_object('username', i.username, 'country', nullif(i.country, ''),
                              'device', i.device, 'os', i.os,
                              'referrer', nullif(i.referrer, '')),
           i.visited_at
    FROM inserted i JOIN bio_pages p ON p.id = i.bio_id
    WHERE EXISTS (SELECT 1 FROM webhook_targets(p.user_id, p.environment, 'bio.visited'))
    ORDER BY i.visited_at, i.event_id
    ON CONFLICT (id) DO NOTHING
    RETURNING seq, user_id, environment, type
),
-- The fan-out of enqueue_event(), set-based (see 0004_webhooks.sql).
deliveries AS (
    INSERT INTO webhook_deliveries (id, webhook_id, event_seq)
    SELECT hop_id('dlv'), t.webhook_id, e.seq
    FROM events e CROSS JOIN LATERAL webhook_targets(e.user_id, e.environment, e.type) t
)
SELECT count(*) FROM inserted
