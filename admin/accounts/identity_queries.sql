-- name: identity_by_subject
-- The account an identity at a provider signs in, with what sign-in needs of it.
SELECT i.id, i.user_id, u.email_verified_at IS NOT NULL AS verified, u.credentials_version
FROM user_identities i JOIN users u ON u.id = i.user_id
WHERE i.provider = %(provider)s AND i.subject = %(subject)s

-- name: touch_identity
UPDATE user_identities SET last_used_at = now(), email = coalesce(%(email)s, email)
WHERE id = %(id)s

-- name: account_by_email
SELECT id AS user_id, email, email_verified_at IS NOT NULL AS verified, credentials_version
FROM users WHERE lower(email) = lower(%(email)s)
FOR UPDATE

-- name: account_by_id
SELECT id AS user_id, email, email_verified_at IS NOT NULL AS verified, credentials_version
FROM users WHERE id = %(user_id)s
FOR UPDATE

-- name: insert_identity
INSERT INTO user_identities (id, user_id, provider, subject, email, last_used_at)
VALUES (%(id)s, %(user_id)s, %(provider)s, %(subject)s, %(email)s, now())
ON CONFLICT (provider, subject) DO NOTHING
RETURNING id

-- name: identities_of
SELECT id, provider, subject, email, created_at, last_used_at
FROM user_identities WHERE user_id = %(user_id)s
ORDER BY created_at, id

-- name: delete_identity
DELETE FROM user_identities WHERE id = %(id)s AND user_id = %(user_id)s
RETURNING provider, subject, email

-- name: other_ways_in
-- What else signs the person in beside the identity %(id)s: a password, another
-- identity, a passkey.
SELECT (SELECT password_hash IS NOT NULL FROM users WHERE id = %(user_id)s)
    OR EXISTS (SELECT 1 FROM user_identities WHERE user_id = %(user_id)s AND id <> %(id)s)
    OR EXISTS (SELECT 1 FROM passkeys WHERE user_id = %(user_id)s)

-- name: workspaces_of
SELECT workspace_id FROM workspace_members WHERE user_id = %(user_id)s ORDER BY workspace_id

-- name: has_password
SELECT password_hash IS NOT NULL FROM users WHERE id = %(user_id)s
