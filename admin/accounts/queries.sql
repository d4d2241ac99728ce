-- name: insert_user
-- The user, their personal workspace (its id the user's ULID under the workspace
-- prefix, as migration 0017 made them) and their ownership of it.
WITH u AS (
    INSERT INTO users (id, email, password_hash, email_verified_at)
    VALUES (%(id)s, %(email)s, %(password_hash)s, CASE WHEN %(verified)s THEN now() END)
    RETURNING id
), w AS (
    INSERT INTO workspaces (id, name, slug, plan, personal_of)
    SELECT 'ws_' || substr(u.id, 5), 'Personal', lower(substr(u.id, 5)), %(plan)s, u.id FROM u
    RETURNING id, personal_of
)
INSERT INTO workspace_members (workspace_id, user_id, role)
SELECT w.id, w.personal_of, 'owner' FROM w

-- name: user_by_email
SELECT u.id, u.email, u.password_hash, w.id AS workspace_id, w.plan, w.limit_per_minute,
       w.limit_per_month, u.email_verified_at IS NOT NULL AS verified, u.created_at
FROM users u LEFT JOIN workspaces w ON w.personal_of = u.id
WHERE lower(u.email) = lower(%(email)s)

-- name: user_in_workspace
-- The user with the plan and limits of a workspace they are a member of (their personal
-- one when %(workspace_id)s is NULL).
SELECT u.id, u.email, u.password_hash, w.id AS workspace_id, w.plan, w.limit_per_minute,
       w.limit_per_month, u.email_verified_at IS NOT NULL AS verified, u.created_at
FROM users u
LEFT JOIN workspace_members m
       ON m.user_id = u.id
      AND m.workspace_id = coalesce(%(workspace_id)s,
                                    (SELECT id FROM workspaces WHERE personal_of = u.id))
LEFT JOIN workspaces w ON w.id = m.workspace_id
WHERE u.id = %(id)s

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
UPDATE workspaces SET limit_per_minute = %(per_minute)s, limit_per_month = %(per_month)s
WHERE id = %(workspace_id)s

-- name: set_plan
UPDATE workspaces SET plan = %(plan)s WHERE id = %(workspace_id)s

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
INSERT INTO api_keys (id, workspace_id, created_by, environment, prefix, key_hash, scopes, name)
VALUES (%(id)s, %(workspace_id)s, %(created_by)s, %(environment)s, %(prefix)s, %(key_hash)s,
        %(scopes)s, %(name)s)
RETURNING id, name, prefix, environment, scopes, created_at, last_used_at, revoked_at,
          created_by

-- name: list_api_keys
-- Newest first; %(environment)s NULL lists both.
SELECT id, name, prefix, environment, scopes, created_at, last_used_at, revoked_at,
       created_by
FROM api_keys
WHERE workspace_id = %(workspace_id)s AND (%(environment)s::text IS NULL OR environment = %(environment)s)
ORDER BY id DESC
LIMIT %(limit)s

-- name: revoke_api_key
UPDATE api_keys SET revoked_at = now()
WHERE prefix = %(prefix)s AND workspace_id = %(workspace_id)s AND revoked_at IS NULL
RETURNING id

-- name: revoke_api_key_by_id
-- Idempotent: a key revoked already keeps its first revocation time.
UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
WHERE id = %(id)s AND workspace_id = %(workspace_id)s
  AND (%(environment)s::text IS NULL OR environment = %(environment)s)
RETURNING prefix

-- name: revoke_all_api_keys
-- Every key the user made, in any workspace.
UPDATE api_keys SET revoked_at = now()
WHERE created_by = %(user_id)s AND revoked_at IS NULL

-- name: count_active_keys
SELECT count(*) FROM api_keys WHERE workspace_id = %(workspace_id)s AND revoked_at IS NULL

-- name: purge_expired_tokens
DELETE FROM account_tokens WHERE expires_at < now() - interval '1 day'

-- name: workspace_exists
SELECT EXISTS (SELECT 1 FROM workspaces WHERE id = %(workspace_id)s)

-- name: workspace_plan
SELECT plan, limit_per_minute, limit_per_month FROM workspaces WHERE id = %(workspace_id)s
