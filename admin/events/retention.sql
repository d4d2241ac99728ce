-- name: purge_old
-- Events past the retention that no pending delivery still needs (finished
-- deliveries of them go with them), a bounded batch at a time.
DELETE FROM events
WHERE seq IN (SELECT e.seq FROM events e
              WHERE e.created_at < now() - make_interval(days => %(days)s)
                AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                                WHERE d.event_seq = e.seq AND d.state = 'pending')
              LIMIT 5000)
