-- name: principal_by_key_hash
SELECT k.id, k.user_id, k.environment, k.scopes, k.revoked_at, u.plan,
       u.limit_per_minute, u.limit_per_month, u.email_verified_at IS NOT NULL
FROM api_keys k JOIN users u ON u.id = k.user_id
WHERE k.key_hash = %(key_hash)s

-- name: principal_by_user
SELECT plan, limit_per_minute, limit_per_month, email_verified_at IS NOT NULL,
       credentials_version
FROM users WHERE id = %(user_id)s

-- name: login_user
SELECT id, password_hash, email_verified_at IS NOT NULL, credentials_version
FROM users WHERE lower(email) = lower(%(email)s)

-- name: insert_refresh_token
INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at)
VALUES (%(id)s, %(user_id)s, %(family_id)s, %(token_hash)s,
        now() + make_interval(secs => %(ttl)s))

-- name: refresh_token_for_update
-- The token row is locked: a password change or reset revoking it waits for this
-- rotation, or this one waits for it and finds the token revoked. The account's
-- credentials version goes into the new access token.
SELECT t.id, t.user_id, t.family_id, t.expires_at <= now() AS expired, t.rotated_at,
       t.revoked_at, u.email_verified_at IS NOT NULL, u.credentials_version
FROM refresh_tokens t JOIN users u ON u.id = t.user_id
WHERE t.token_hash = %(token_hash)s
FOR UPDATE OF t

-- name: rotate_refresh_token
UPDATE refresh_tokens SET rotated_at = now() WHERE id = %(id)s

-- name: revoke_user_refresh_tokens
UPDATE refresh_tokens SET revoked_at = now()
WHERE user_id = %(user_id)s AND revoked_at IS NULL

-- name: revoke_refresh_family
UPDATE refresh_tokens SET revoked_at = now()
WHERE family_id = %(family_id)s AND revoked_at IS NULL

-- name: update_password_hash
UPDATE users SET password_hash = %(password_hash)s WHERE id = %(user_id)s

-- name: record_key_use
UPDATE api_keys AS k SET last_used_at = u.used_at
FROM unnest(%(ids)s::text[], %(used_at)s::timestamptz[]) AS u (id, used_at)
WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.used_at)

-- name: purge_expired_refresh_tokens
DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'
