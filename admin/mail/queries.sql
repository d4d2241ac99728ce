-- name: queue_mail
INSERT INTO mail_outbox (id, recipient, subject, body)
VALUES (%(id)s, %(recipient)s, %(subject)s, %(body)s)

-- name: claim_due
SELECT id, recipient, subject, body, attempts FROM mail_outbox
WHERE sent_at IS NULL AND next_attempt_at <= %(now)s
ORDER BY next_attempt_at
LIMIT 1
FOR UPDATE SKIP LOCKED

-- name: mark_sent
UPDATE mail_outbox SET sent_at = %(now)s, attempts = attempts + 1 WHERE id = %(id)s

-- name: mark_failed
UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = %(next)s, last_error = %(error)s
WHERE id = %(id)s
