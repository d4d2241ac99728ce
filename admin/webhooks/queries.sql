-- name: count_webhooks
SELECT count(*) FROM webhooks
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL

-- name: insert_webhook
INSERT INTO webhooks (id, workspace_id, environment, endpoint, events, secret, created_by)
VALUES (%(id)s, %(workspace_id)s, %(environment)s, %(endpoint)s, %(events)s, %(secret)s,
        %(created_by)s)
RETURNING id, endpoint, events, status, pause_reason, paused_at, failure_streak,
          previous_secret_expires_at, created_at, updated_at, created_by

-- name: webhook_by_id
SELECT id, endpoint, events, status, pause_reason, paused_at, failure_streak,
       previous_secret_expires_at, created_at, updated_at, created_by
FROM webhooks
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL

-- name: list_webhooks
SELECT id, endpoint, events, status, pause_reason, paused_at, failure_streak,
       previous_secret_expires_at, created_at, updated_at, created_by
FROM webhooks
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL
  AND (%(before)s::text IS NULL OR id < %(before)s::text)
ORDER BY id DESC
LIMIT %(limit)s

-- name: update_webhook
UPDATE webhooks
SET endpoint = coalesce(%(endpoint)s, endpoint), events = coalesce(%(events)s, events),
    updated_at = now()
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id, endpoint, events, status, pause_reason, paused_at, failure_streak,
          previous_secret_expires_at, created_at, updated_at, created_by

-- name: delete_webhook
-- The row stays (its deliveries and attempts reference it) but nothing is sent.
UPDATE webhooks SET deleted_at = now(), updated_at = now()
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id

-- name: delete_workspace_webhooks
-- Every webhook of the workspace, both environments (a reset that proves the address
-- removes what was made before it in the personal workspace: admin/accounts/selfservice.py).
UPDATE webhooks SET deleted_at = now(), updated_at = now()
WHERE workspace_id = %(workspace_id)s AND deleted_at IS NULL

-- name: resume_webhook
UPDATE webhooks
SET status = 'active', pause_reason = NULL, paused_at = NULL, failure_streak = 0,
    updated_at = now()
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id, endpoint, events, status, pause_reason, paused_at, failure_streak,
          previous_secret_expires_at, created_at, updated_at, created_by

-- name: make_backlog_due
-- After a resume the whole backlog goes out now, in event order, retries included.
UPDATE webhook_deliveries SET next_attempt_at = now()
WHERE webhook_id = %(id)s AND state = 'pending' AND next_attempt_at > now()

-- name: rotate_secret
-- The current secret becomes the previous one, valid (and signing) for 24 hours.
UPDATE webhooks
SET previous_secret = secret, previous_secret_expires_at = now() + interval '24 hours',
    secret = %(secret)s, updated_at = now()
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING previous_secret_expires_at

-- name: enqueue_test_event
-- A webhook.test event for this webhook alone; no subscription can ask for it.
WITH event AS (
    INSERT INTO events (id, workspace_id, environment, type, data)
    VALUES (%(event_id)s, %(workspace_id)s, %(environment)s, %(event_type)s, %(data)s)
    RETURNING seq, id, type
)
INSERT INTO webhook_deliveries (id, webhook_id, event_seq)
SELECT hop_id('dlv'), %(webhook_id)s, event.seq FROM event
RETURNING id, %(event_id)s::text AS event_id, %(event_type)s::text AS event_type, state, attempts,
          next_attempt_at

-- name: redeliver
-- One more attempt, due now; the attempt numbers carry on. Not while an
-- attempt is in flight: its outcome would overwrite the request.
UPDATE webhook_deliveries d SET state = 'pending', next_attempt_at = now()
FROM events e
WHERE d.id = %(delivery_id)s AND d.webhook_id = %(webhook_id)s AND e.seq = d.event_seq
  AND (d.lease_until IS NULL OR d.lease_until <= now())
RETURNING d.id, e.id AS event_id, e.type AS event_type, d.state, d.attempts, d.next_attempt_at

-- name: list_attempts
-- Newest first; attempt ids are time-ordered ULIDs.
SELECT a.id, a.delivery_id, e.id AS event_id, e.type AS event_type, a.attempt,
       a.status_code, a.duration_ms, a.response_body, a.error, a.succeeded, a.attempted_at
FROM webhook_attempts a
JOIN webhook_deliveries d ON d.id = a.delivery_id
JOIN events e ON e.seq = d.event_seq
WHERE a.webhook_id = %(webhook_id)s
  AND (%(before)s::text IS NULL OR a.id < %(before)s::text)
  AND (%(event_id)s::text IS NULL OR e.id = %(event_id)s::text)
ORDER BY a.id DESC
LIMIT %(limit)s

-- name: delivery_exists
SELECT 1 FROM webhook_deliveries WHERE id = %(delivery_id)s AND webhook_id = %(webhook_id)s

-- name: wake_dispatchers
SELECT pg_notify('webhook_deliveries', '')
