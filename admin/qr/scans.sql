-- name: record_scans
-- qr.scanned for the stored clicks flagged as scans, for owners with a webhook that
-- wants it (like link.clicked: one event per visit is too many to keep for nobody).
-- Runs after ingest_clicks in the same transaction; ids derive from the click's
-- event id, so a redelivered batch writes nothing twice.
-- The events and their deliveries go through the one enqueue (0016_enqueue_events.sql),
-- in scan order. The data is QrScanned's (admin/events/payloads.py).
SELECT enqueue_events(array_agg(
           ROW('evt_q' || c.event_id, q.workspace_id, q.environment, 'qr.scanned',
               jsonb_build_object('qrId', q.id, 'linkId', l.id, 'shortCode', l.short_code,
                                  'country', nullif(c.country, ''), 'device', c.device,
                                  'os', c.os),
               c.clicked_at)::outbox_event
           ORDER BY c.clicked_at, c.event_id))
FROM clicks c
JOIN qr_codes q ON q.link_id = c.link_id AND q.deleted_at IS NULL
JOIN links l ON l.id = c.link_id
WHERE c.event_id = ANY(%(event_ids)s::text[]) AND c.is_qr
  AND c.clicked_at BETWEEN %(first_at)s AND %(last_at)s
  AND EXISTS (SELECT 1 FROM webhook_targets(q.workspace_id, q.environment, 'qr.scanned'))
