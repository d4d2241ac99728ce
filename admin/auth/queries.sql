-- name: principal_by_key_hash
-- The key, its workspace's plan and limits, and the role it acts with: its maker's
-- current one, or the one they held when they left (maker_role).
SELECT k.id, k.workspace_id, k.created_by, k.environment, k.scopes, k.revoked_at,
       coalesce(m.role, k.maker_role), w.plan, w.limit_per_minute, w.limit_per_month,
       coalesce(u.email_verified_at IS NOT NULL, true)
FROM api_keys k
JOIN workspaces w ON w.id = k.workspace_id
LEFT JOIN workspace_members m ON m.workspace_id = k.workspace_id AND m.user_id = k.created_by
LEFT JOIN users u ON u.id = k.created_by
WHERE k.key_hash = %(key_hash)s

-- name: principal_by_user
-- Its state, and whether it holds a second factor (a confirmed TOTP or a passkey) for
-- the workspaces that require one.
SELECT email_verified_at IS NOT NULL, credentials_version,
       EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = users.id AND t.confirmed_at IS NOT NULL)
       OR EXISTS (SELECT 1 FROM passkeys k WHERE k.user_id = users.id)
FROM users WHERE id = %(user_id)s

-- name: membership
-- The user's role in a workspace and its plan and limits; their personal workspace when
-- %(workspace_id)s is NULL. No row: not a member.
SELECT w.id, m.role, w.plan, w.limit_per_minute, w.limit_per_month, w.require_mfa
FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
WHERE m.user_id = %(user_id)s
  AND m.workspace_id = coalesce(%(workspace_id)s::text,
                                (SELECT id FROM workspaces WHERE personal_of = %(user_id)s))

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

-- name: sso_required
-- Whether the address's domain is a verified single sign-on domain of a workspace that
-- requires it (admin/workspaces/sso.py): then no password signs in with it.
SELECT EXISTS (
    SELECT 1 FROM sso_domains d JOIN workspace_sso s ON s.workspace_id = d.workspace_id
    WHERE d.domain = %(domain)s AND d.verified_at IS NOT NULL AND s.require_sso
)
