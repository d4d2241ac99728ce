-- name: claim_key
-- Insert the key, or take over one that expired or whose first request died.
INSERT INTO idempotency_keys (workspace_id, environment, key, request_hash)
VALUES (%(workspace_id)s, %(environment)s, %(key)s, %(request_hash)s)
ON CONFLICT (workspace_id, environment, key) DO UPDATE
SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_headers = NULL,
    response_body = NULL, created_at = now()
WHERE idempotency_keys.created_at < now() - make_interval(secs => %(ttl)s)
   OR (idempotency_keys.status_code IS NULL
       AND idempotency_keys.created_at < now() - make_interval(secs => %(abandoned)s))
RETURNING 1

-- name: stored_response
SELECT request_hash, status_code, response_headers, response_body
FROM idempotency_keys
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND key = %(key)s

-- name: store_response
UPDATE idempotency_keys
SET status_code = %(status)s, response_headers = %(headers)s, response_body = %(body)s
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND key = %(key)s

-- name: release_key
DELETE FROM idempotency_keys
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND key = %(key)s
  AND status_code IS NULL

-- name: purge_expired
DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => %(ttl)s)
