-- name: purge_idempotency_keys
DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => %(ttl)s)

-- name: purge_refresh_tokens
DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'

-- name: purge_account_tokens
DELETE FROM account_tokens WHERE expires_at < now() - interval '1 day'

-- name: claim_mail
SELECT id, recipient, subject, body, attempts FROM mail_outbox
WHERE sent_at IS NULL AND next_attempt_at <= %(now)s
ORDER BY next_attempt_at
LIMIT 1
FOR UPDATE SKIP LOCKED

-- name: mail_sent
UPDATE mail_outbox SET sent_at = %(now)s, attempts = attempts + 1 WHERE id = %(id)s

-- name: mail_failed
UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = %(next)s, last_error = %(error)s
WHERE id = %(id)s

-- name: ensure_click_partitions
-- This month's partition of the clicks table and the next two (0010_click_partitions.sql).
SELECT count(*) FILTER (WHERE hop_click_partition(month::date))
FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                     date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months',
                     interval '1 month') AS month

-- name: drop_click_partitions
SELECT hop_drop_click_partitions(%(days)s)

-- name: purge_deliveries
-- Finished deliveries (and, by cascade, their attempt log) past the retention, a
-- bounded batch at a time so no run holds many locks.
DELETE FROM webhook_deliveries
WHERE id IN (SELECT id FROM webhook_deliveries
             WHERE state <> 'pending' AND created_at < now() - make_interval(days => %(days)s)
             LIMIT 5000)

-- name: purge_events
-- Events past the retention that no pending delivery still needs (finished
-- deliveries of them go with them).
DELETE FROM events
WHERE seq IN (SELECT e.seq FROM events e
              WHERE e.created_at < now() - make_interval(days => %(days)s)
                AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                                WHERE d.event_seq = e.seq AND d.state = 'pending')
              LIMIT 5000)
