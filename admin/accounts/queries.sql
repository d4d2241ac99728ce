-- name: insert_user
INSERT INTO users (id, email, password_hash, plan)
VALUES (%(id)s, %(email)s, %(password_hash)s, %(plan)s)

-- name: user_by_email
SELECT id, email, password_hash, plan FROM users WHERE lower(email) = lower(%(email)s)

-- name: insert_api_key
INSERT INTO api_keys (id, user_id, environment, prefix, key_hash, scopes)
VALUES (%(id)s, %(user_id)s, %(environment)s, %(prefix)s, %(key_hash)s, %(scopes)s)

-- name: revoke_api_key
UPDATE api_keys SET revoked_at = now()
WHERE prefix = %(prefix)s AND user_id = %(user_id)s AND revoked_at IS NULL
RETURNING id
