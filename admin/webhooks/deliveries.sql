-- name: lock_ready_webhooks
-- Step 1 of a claim: lock active webhooks with due, unleased work, least
-- recently served first. SKIP LOCKED lets every dispatcher take different
-- webhooks at once; holding the lock makes the in-flight count read in step 2
-- (a new snapshot, taken after the lock) exact.
SELECT w.id
FROM webhooks w
WHERE w.status = 'active' AND w.deleted_at IS NULL
  AND EXISTS (
      SELECT 1 FROM webhook_deliveries d
      WHERE d.webhook_id = w.id AND d.state = 'pending' AND d.next_attempt_at <= %(now)s
        AND (d.lease_until IS NULL OR d.lease_until <= %(now)s))
ORDER BY w.last_claimed_at NULLS FIRST, w.id
LIMIT %(limit)s
FOR NO KEY UPDATE SKIP LOCKED

-- name: claim_deliveries
-- Step 2: per locked webhook, lease its earliest due deliveries (event order)
-- up to its free in-flight room, and return all a dispatcher needs to send them.
WITH ready AS (
    SELECT r.id, greatest(0, %(per_webhook)s - (
               SELECT count(*) FROM webhook_deliveries b
               WHERE b.webhook_id = r.id AND b.lease_until > %(now)s)) AS room
    FROM unnest(%(webhook_ids)s::text[]) AS r(id)
),
picked AS (
    SELECT c.id
    FROM ready r
    CROSS JOIN LATERAL (
        SELECT d.id
        FROM webhook_deliveries d
        WHERE d.webhook_id = r.id AND d.state = 'pending' AND d.next_attempt_at <= %(now)s
          AND (d.lease_until IS NULL OR d.lease_until <= %(now)s)
        ORDER BY d.event_seq
        LIMIT r.room
        FOR UPDATE SKIP LOCKED
    ) c
    LIMIT %(limit)s
),
served AS (
    UPDATE webhooks SET last_claimed_at = %(now)s WHERE id = ANY (%(webhook_ids)s::text[])
)
UPDATE webhook_deliveries d
SET lease_until = %(lease_until)s, lease_token = gen_random_uuid()
FROM picked p, events e, webhooks w
WHERE d.id = p.id AND e.seq = d.event_seq AND w.id = d.webhook_id
RETURNING d.id, d.webhook_id, d.event_seq, d.attempts, d.lease_token,
          e.id AS event_id, e.type AS event_type, e.created_at AS event_created_at,
          e.data::text AS event_data, w.endpoint, w.secret, w.previous_secret,
          w.previous_secret_expires_at

-- name: claim_deliveries_of_active
-- claim_deliveries for webhooks the caller has locked, whatever their state now:
-- only the active ones (not paused, not deleted) get deliveries.
WITH ready AS (
    SELECT w.id, greatest(0, %(per_webhook)s - (
               SELECT count(*) FROM webhook_deliveries b
               WHERE b.webhook_id = w.id AND b.lease_until > %(now)s)) AS room
    FROM webhooks w
    WHERE w.id = ANY (%(webhook_ids)s::text[]) AND w.status = 'active' AND w.deleted_at IS NULL
),
picked AS (
    SELECT c.id
    FROM ready r
    CROSS JOIN LATERAL (
        SELECT d.id
        FROM webhook_deliveries d
        WHERE d.webhook_id = r.id AND d.state = 'pending' AND d.next_attempt_at <= %(now)s
          AND (d.lease_until IS NULL OR d.lease_until <= %(now)s)
        ORDER BY d.event_seq
        LIMIT r.room
        FOR UPDATE SKIP LOCKED
    ) c
    LIMIT %(limit)s
),
served AS (
    UPDATE webhooks SET last_claimed_at = %(now)s WHERE id IN (SELECT id FROM ready)
)
UPDATE webhook_deliveries d
SET lease_until = %(lease_until)s, lease_token = gen_random_uuid()
FROM picked p, events e, webhooks w
WHERE d.id = p.id AND e.seq = d.event_seq AND w.id = d.webhook_id
RETURNING d.id, d.webhook_id, d.event_seq, d.attempts, d.lease_token,
          e.id AS event_id, e.type AS event_type, e.created_at AS event_created_at,
          e.data::text AS event_data, w.endpoint, w.secret, w.previous_secret,
          w.previous_secret_expires_at

-- name: reset_streaks
-- Lock the webhooks of a batch in which every attempt succeeded (in id order, as
-- every writer here does) and end their failure streaks; a streak already at 0
-- is locked but not rewritten. The main query reads every locked row, so every
-- lock is taken, in order, before the update runs.
WITH locked AS (
    SELECT w.id, w.failure_streak
    FROM webhooks w
    WHERE w.id = ANY (%(ids)s::text[])
    ORDER BY w.id
    FOR NO KEY UPDATE
),
reset AS (
    UPDATE webhooks w SET failure_streak = 0
    FROM locked l
    WHERE w.id = l.id AND l.failure_streak <> 0
)
SELECT count(*) FROM locked

-- name: record_successes
-- record_outcomes and insert_attempts for attempts that all succeeded, in one
-- statement: what every success has in common is written here rather than sent
-- once per attempt. The attempt is logged whoever holds the lease now (it was made).
WITH v AS (
    SELECT *
    FROM unnest(%(ids)s::text[], %(tokens)s::uuid[], %(attempt_ids)s::text[],
                %(webhook_ids)s::text[], %(attempts)s::int[], %(status_codes)s::smallint[],
                %(durations)s::int[], %(bodies)s::text[], %(attempted_at)s::timestamptz[])
         AS v(id, token, attempt_id, webhook_id, attempt, status_code, duration_ms,
              response_body, attempted_at)
),
done AS (
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, state = 'succeeded', delivered_at = v.attempted_at,
        lease_until = NULL, lease_token = NULL
    FROM v
    WHERE d.id = v.id AND d.lease_token = v.token
)
INSERT INTO webhook_attempts (id, delivery_id, webhook_id, attempt, status_code, duration_ms,
                              response_body, error, succeeded, attempted_at)
SELECT v.attempt_id, v.id, v.webhook_id, v.attempt, v.status_code, v.duration_ms,
       v.response_body, NULL, true, v.attempted_at
FROM v

-- name: lock_webhooks_for_outcomes
-- Webhooks before deliveries, in id order, as every writer here does.
SELECT w.id, w.status, w.failure_streak, w.endpoint, workspace_contact(w.workspace_id)
FROM webhooks w
WHERE w.id = ANY (%(ids)s::text[])
ORDER BY w.id
FOR NO KEY UPDATE OF w

-- name: record_outcomes
-- Only while the lease is still ours: a dispatcher that outlived its lease
-- (it cannot, the lease exceeds the attempt time-out twice) must not undo the
-- work of the one that took over.
UPDATE webhook_deliveries d
SET attempts = d.attempts + 1, state = v.state,
    next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at),
    delivered_at = CASE WHEN v.state = 'succeeded' THEN v.attempted_at ELSE d.delivered_at END,
    lease_until = NULL, lease_token = NULL
FROM unnest(%(ids)s::text[], %(tokens)s::uuid[], %(states)s::text[],
            %(next_attempt_at)s::timestamptz[], %(attempted_at)s::timestamptz[])
     AS v(id, token, state, next_attempt_at, attempted_at)
WHERE d.id = v.id AND d.lease_token = v.token

-- name: insert_attempts
INSERT INTO webhook_attempts (id, delivery_id, webhook_id, attempt, status_code, duration_ms,
                              response_body, error, succeeded, attempted_at)
SELECT * FROM unnest(%(id)s::text[], %(delivery_id)s::text[], %(webhook_id)s::text[],
                     %(attempt)s::int[], %(status_code)s::smallint[], %(duration_ms)s::int[],
                     %(response_body)s::text[], %(error)s::text[], %(succeeded)s::boolean[],
                     %(attempted_at)s::timestamptz[])

-- name: update_streaks
UPDATE webhooks w
SET failure_streak = v.streak,
    status = CASE WHEN v.reason IS NOT NULL THEN 'paused' ELSE w.status END,
    pause_reason = coalesce(v.reason, w.pause_reason),
    paused_at = CASE WHEN v.reason IS NOT NULL THEN %(now)s ELSE w.paused_at END,
    updated_at = CASE WHEN v.reason IS NOT NULL THEN %(now)s ELSE w.updated_at END
FROM unnest(%(ids)s::text[], %(streaks)s::int[], %(reasons)s::text[]) AS v(id, streak, reason)
WHERE w.id = v.id

-- name: purge_finished
-- Finished deliveries (and, by cascade, their attempt log) past the retention, a
-- bounded batch at a time so no run holds many locks.
DELETE FROM webhook_deliveries
WHERE id IN (SELECT id FROM webhook_deliveries
             WHERE state <> 'pending' AND created_at < now() - make_interval(days => %(days)s)
             LIMIT 5000)
