-- name: store_visits
-- One statement per batch, like ingest_clicks: store the visits not seen before
-- (of pages that still exist) and write bio.visited for exactly those, when the
-- owner has a webhook that wants it, with its deliveries.
WITH incoming AS (
    -- The same JSON batch as ingest_clicks: a visit's link_id is the page id and its
    -- short_code the username visited.
    SELECT t.event_id, t.link_id AS bio_id, t.short_code AS username,
           t.clicked_at AS visited_at, decode(t.visitor_id, 'base64') AS visitor_id,
           t.country, t.device, t.os, t.browser, t.referrer, t.referrer_host, t.user_agent,
           t.is_bot
    FROM json_to_recordset(%(visits)s::json)
         AS t(event_id text, link_id text, short_code text, clicked_at timestamptz,
              visitor_id text, country text, device text, os text, browser text,
              referrer text, referrer_host text, user_agent text, is_bot boolean)
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
)
-- How many visits were new; their events and deliveries through the one enqueue
-- (0016_enqueue_events.sql), in visit order. The data is BioVisited's
-- (admin/events/payloads.py).
SELECT (SELECT count(*) FROM inserted),
       enqueue_events(array_agg(
           ROW('evt_b' || i.event_id, p.workspace_id, p.environment, 'bio.visited',
               jsonb_build_object('username', i.username, 'country', nullif(i.country, ''),
                                  'device', i.device, 'os', i.os,
                                  'referrer', nullif(i.referrer, '')),
               i.visited_at)::outbox_event
           ORDER BY i.visited_at, i.event_id))
FROM inserted i JOIN bio_pages p ON p.id = i.bio_id
WHERE EXISTS (SELECT 1 FROM webhook_targets(p.workspace_id, p.environment, 'bio.visited'))
