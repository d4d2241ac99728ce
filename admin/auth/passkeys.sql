-- name: passkeys_of
-- A person's passkeys, oldest first (the order they were added).
SELECT id, name, transports, created_at, last_used_at
FROM passkeys WHERE user_id = %(user_id)s
ORDER BY created_at, id

-- name: credential_ids_of
SELECT credential_id, transports FROM passkeys WHERE user_id = %(user_id)s

-- name: insert_passkey
INSERT INTO passkeys (id, user_id, credential_id, public_key, sign_count, transports, name)
VALUES (%(id)s, %(user_id)s, %(credential_id)s, %(public_key)s, %(sign_count)s,
        %(transports)s, %(name)s)
ON CONFLICT (credential_id) DO NOTHING
RETURNING id, name, transports, created_at, last_used_at

-- name: passkey_for_sign_in
-- The credential a sign-in presents, locked: two sign-ins with one credential at once
-- check and raise its counter one after the other.
SELECT p.id, p.user_id, p.public_key, p.sign_count,
       u.email_verified_at IS NOT NULL, u.credentials_version
FROM passkeys p JOIN users u ON u.id = p.user_id
WHERE p.credential_id = %(credential_id)s
FOR UPDATE OF p

-- name: passkey_used
UPDATE passkeys SET sign_count = %(sign_count)s, last_used_at = now() WHERE id = %(id)s

-- name: rename_passkey
UPDATE passkeys SET name = %(name)s
WHERE id = %(id)s AND user_id = %(user_id)s
RETURNING id, name, transports, created_at, last_used_at

-- name: delete_passkey
DELETE FROM passkeys WHERE id = %(id)s AND user_id = %(user_id)s
RETURNING id, name, transports, created_at, last_used_at

-- name: passkey_owner
-- Whom the e-mail about a passkey goes to, and every workspace whose audit log hears of it.
SELECT u.email,
       coalesce(array_agg(m.workspace_id ORDER BY m.workspace_id)
                FILTER (WHERE m.workspace_id IS NOT NULL), '{}')
FROM users u LEFT JOIN workspace_members m ON m.user_id = u.id
WHERE u.id = %(user_id)s
GROUP BY u.email
