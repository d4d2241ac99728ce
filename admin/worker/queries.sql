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
