-- name: anonymized_before
-- Where anonymisation stands: every click older than this has been anonymised. Before
-- the first run, the oldest click older than the cutoff (one scan, once), or the cutoff
-- itself when there is none.
SELECT coalesce(
    (SELECT done_before FROM click_anonymization),
    (SELECT min(clicked_at) FROM clicks WHERE clicked_at < %(before)s),
    %(before)s::timestamptz
)

-- name: anonymize_clicks
-- One batch: up to `limit` clicks in [from, to) that still carry a visitor id or a user
-- agent lose both (the parsed device, OS, browser and bot flag stay). Blanked clicks no
-- longer match, so a repeated or concurrent run changes nothing twice.
WITH batch AS (
    SELECT event_id, clicked_at FROM clicks
    WHERE clicked_at >= %(from)s AND clicked_at < %(to)s
      AND (visitor_id <> ''::bytea OR user_agent <> '')
    LIMIT %(limit)s
)
UPDATE clicks c SET visitor_id = ''::bytea, user_agent = ''
FROM batch b
WHERE c.event_id = b.event_id AND c.clicked_at = b.clicked_at
  AND c.clicked_at >= %(from)s AND c.clicked_at < %(to)s  -- prunes the other partitions

-- name: mark_anonymized
-- Workers running at once may both finish a window: the mark only moves forward.
INSERT INTO click_anonymization (done_before) VALUES (%(before)s)
ON CONFLICT (singleton)
DO UPDATE SET done_before = greatest(click_anonymization.done_before, EXCLUDED.done_before)
