-- name: record_scans
-- qr.scanned for the stored clicks flagged as scans, for owners with a webhook that
-- wants it (like link.clicked: one event per visit is too many to keep for nobody).
-- Runs after ingest_clicks in the same transaction; ids derive from the click's
-- event id, so a redelivered batch writes nothing twice.
WITH scanned AS (
INSERT INTO events (id, user_id, environment, type, data, created_at)
SELECT 'evt_q' || c.event_id, q.user_id, q.environment, 'qr.scanned',
       jsonb_build_object('qrId', q.id, 'linkId', l.id, 'shortCode', l.short_code,
                          'country', nullif(c.country, ''), 'device', c.device, 'os', c.os),
       c.clicked_at
FROM clicks c
JOIN qr_codes q ON q.link_id = c.link_id AND q.deleted_at IS NULL
JOIN links l ON l.id = c.link_id
WHERE c.event_id = ANY(%(event_ids)s::text[]) AND c.is_qr
  AND c.clicked_at BETWEEN %(first_at)s AND %(last_at)s
  AND EXISTS (SELECT 1 FROM webhook_targets(q.user_id, q.environment, 'qr.scanned'))
ORDER BY c.clicked_at, c.event_id
ON CONFLICT (id) DO NOTHING
RETURNING seq, user_id, environment, type
)
-- The fan-out of enqueue_event(), set-based (see 0004_webhooks.sql).
INSERT INTO webhook_deliveries (id, webhook_id, event_seq)
SELECT hop_id('dlv'), t.webhook_id, e.seq
FROM scanned e CROSS JOIN LATERAL webhook_targets(e.user_id, e.environment, e.type) t
