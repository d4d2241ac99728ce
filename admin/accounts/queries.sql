-- name: insert_user
INSERT INTO users (id, email, password_hash, plan, email_verified_at)
VALUES (%(id)s, %(email)s, %(password_hash)s, %(plan)s,
        CASE WHEN %(verified)s THEN now() END)

-- name: user_by_email
SELECT id, email, password_hash, plan, limit_per_minute, limit_per_month,
       email_verified_at IS NOT NULL AS verified, created_at
FROM users WHERE lower(email) = lower(%(email)s)

-- name: user_by_id
SELECT id, email, password_hash, plan, limit_per_minute, limit_per_month,
       email_verified_at IS NOT NULL AS verified, created_at
FROM users WHERE id = %(id)s

-- name: set_password
-- A new password is a new credentials version: older access tokens and sessions end.
UPDATE users
SET password_hash = %(password_hash)s, credentials_version = credentials_version + 1
WHERE id = %(user_id)s
RETURNING credentials_version

-- name: lock_address
-- Whether the account still has the address a link was sent to, and whether that
-- address is confirmed; the row stays locked until the caller's transaction ends.
SELECT email_verified_at IS NOT NULL, credentials_version FROM users
WHERE id = %(user_id)s AND lower(email) = lower(%(email)s)
FOR UPDATE

-- name: confirm_address
UPDATE users SET email_verified_at = now(), credentials_version = credentials_version + 1
WHERE id = %(user_id)s
RETURNING credentials_version

-- name: set_limits
UPDATE users SET limit_per_minute = %(per_minute)s, limit_per_month = %(per_month)s
WHERE id = %(user_id)s

-- name: set_plan
UPDATE users SET plan = %(plan)s WHERE id = %(user_id)s

-- name: insert_token
INSERT INTO account_tokens (id, user_id, purpose, token_hash, email, expires_at)
VALUES (%(id)s, %(user_id)s, %(purpose)s, %(token_hash)s, %(email)s,
        now() + make_interval(secs => %(ttl)s))

-- name: consume_token
-- Single use: the first request to spend a live token gets the row, any other none.
UPDATE account_tokens SET used_at = now()
WHERE token_hash = %(token_hash)s AND purpose = %(purpose)s
  AND used_at IS NULL AND expires_at > now()
RETURNING user_id, email

-- name: spend_tokens
UPDATE account_tokens SET used_at = now()
WHERE user_id = %(user_id)s AND purpose = %(purpose)s AND used_at IS NULL

-- name: insert_api_key
INSERT INTO api_keys (id, user_id, environment, prefix, key_hash, scopes, name)
VALUES (%(id)s, %(user_id)s, %(environment)s, %(prefix)s, %(key_hash)s, %(scopes)s, %(name)s)
RETURNING id, name, prefix, environment, scopes, created_at, last_used_at, revoked_at

-- name: list_api_keys
-- Newest first; %(environment)s NULL lists both.
SELECT id, name, prefix, environment, scopes, created_at, last_used_at, revoked_at
FROM api_keys
WHERE user_id = %(user_id)s AND (%(environment)s::text IS NULL OR environment = %(environment)s)
ORDER BY id DESC
LIMIT %(limit)s

-- name: revoke_api_key
UPDATE api_keys SET revoked_at = now()
WHERE prefix = %(prefix)s AND user_id = %(user_id)s AND revoked_at IS NULL
RETURNING id

-- name: revoke_api_key_by_id
-- Idempotent: a key revoked already keeps its first revocation time.
UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
WHERE id = %(id)s AND user_id = %(user_id)s
  AND (%(environment)s::text IS NULL OR environment = %(environment)s)
RETURNING prefix

-- name: revoke_all_api_keys
UPDATE api_keys SET revoked_at = now()
WHERE user_id = %(user_id)s AND revoked_at IS NULL

-- name: count_active_keys
SELECT count(*) FROM api_keys WHERE user_id = %(user_id)s AND revoked_at IS NULL

-- name: purge_expired_tokens
DELETE FROM account_tokens WHERE expires_at < now() - interval '1 day'
