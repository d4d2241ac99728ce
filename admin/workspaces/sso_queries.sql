-- name: connection
SELECT workspace_id, issuer, client_id, client_secret, require_sso, default_role, created_at,
       updated_at
FROM workspace_sso WHERE workspace_id = %(workspace_id)s

-- name: insert_connection
-- A workspace's connection; nothing when it has one already (POST answers 409 then).
INSERT INTO workspace_sso (workspace_id, issuer, client_id, client_secret, require_sso,
                           default_role)
VALUES (%(workspace_id)s, %(issuer)s, %(client_id)s, %(client_secret)s, %(require_sso)s,
        %(default_role)s)
ON CONFLICT (workspace_id) DO NOTHING
RETURNING workspace_id, issuer, client_id, client_secret, require_sso, default_role,
          created_at, updated_at

-- name: replace_connection
-- PUT: the whole connection, its creation time kept when it existed.
INSERT INTO workspace_sso (workspace_id, issuer, client_id, client_secret, require_sso,
                           default_role)
VALUES (%(workspace_id)s, %(issuer)s, %(client_id)s, %(client_secret)s, %(require_sso)s,
        %(default_role)s)
ON CONFLICT (workspace_id) DO UPDATE
SET issuer = excluded.issuer, client_id = excluded.client_id,
    client_secret = excluded.client_secret, require_sso = excluded.require_sso,
    default_role = excluded.default_role, updated_at = now()
RETURNING workspace_id, issuer, client_id, client_secret, require_sso, default_role,
          created_at, updated_at

-- name: update_connection
UPDATE workspace_sso
SET require_sso = coalesce(%(require_sso)s, require_sso),
    default_role = coalesce(%(default_role)s, default_role),
    updated_at = now()
WHERE workspace_id = %(workspace_id)s
RETURNING workspace_id, issuer, client_id, client_secret, require_sso, default_role,
          created_at, updated_at

-- name: delete_connection
-- The connection and its domains (a domain proven again later needs a new proof).
WITH gone AS (DELETE FROM sso_domains WHERE workspace_id = %(workspace_id)s)
DELETE FROM workspace_sso WHERE workspace_id = %(workspace_id)s RETURNING workspace_id AS id

-- name: domains
SELECT domain, token, verified_at, checked_at
FROM sso_domains WHERE workspace_id = %(workspace_id)s ORDER BY domain

-- name: add_domain
INSERT INTO sso_domains (workspace_id, domain, token)
VALUES (%(workspace_id)s, %(domain)s, %(token)s)
ON CONFLICT (workspace_id, domain) DO NOTHING

-- name: drop_domains_except
-- PUT: the domains no longer listed go (with their proof).
DELETE FROM sso_domains
WHERE workspace_id = %(workspace_id)s AND NOT (domain = ANY(%(domains)s))

-- name: domain
SELECT domain, token, verified_at, checked_at
FROM sso_domains WHERE workspace_id = %(workspace_id)s AND domain = %(domain)s

-- name: mark_domain_checked
-- A proof found verifies the domain (kept verified once proven); the unique index on
-- verified domains refuses a second workspace's proof.
UPDATE sso_domains
SET checked_at = now(),
    verified_at = CASE WHEN %(found)s THEN coalesce(verified_at, now()) ELSE verified_at END
WHERE workspace_id = %(workspace_id)s AND domain = %(domain)s
RETURNING domain, token, verified_at, checked_at

-- name: connection_for_domain
-- The connection whose verified domain the address is on (one at most: the index).
SELECT s.workspace_id, s.issuer, s.client_id, s.client_secret, s.require_sso,
       s.default_role, s.created_at, s.updated_at
FROM sso_domains d JOIN workspace_sso s ON s.workspace_id = d.workspace_id
WHERE d.domain = %(domain)s AND d.verified_at IS NOT NULL

-- name: domain_verified_in
SELECT EXISTS (
    SELECT 1 FROM sso_domains
    WHERE workspace_id = %(workspace_id)s AND domain = %(domain)s AND verified_at IS NOT NULL
) AS value

-- name: identity_user
-- The person an identity at the workspace's provider belongs to; its use recorded.
UPDATE user_identities SET last_used_at = now()
WHERE provider = %(provider)s AND subject = %(subject)s
RETURNING user_id

-- name: user_by_email
SELECT id, email_verified_at IS NOT NULL AS verified, credentials_version
FROM users WHERE lower(email) = lower(%(email)s)

-- name: insert_identity
INSERT INTO user_identities (id, user_id, provider, subject, email, last_used_at)
VALUES (%(id)s, %(user_id)s, %(provider)s, %(subject)s, %(email)s, now())

-- name: insert_user
-- A person who arrives through single sign-on: no password, the address confirmed (the
-- workspace proved its domain and its provider vouches for it), a personal workspace
-- as sign-up makes one (admin/accounts/queries.sql, insert_user).
WITH u AS (
    INSERT INTO users (id, email, password_hash, email_verified_at)
    VALUES (%(id)s, %(email)s, NULL, now())
    RETURNING id
), w AS (
    INSERT INTO workspaces (id, name, slug, plan, personal_of)
    SELECT 'ws_' || substr(u.id, 5), 'Personal', lower(substr(u.id, 5)), 'free', u.id FROM u
    RETURNING id, personal_of
)
INSERT INTO workspace_members (workspace_id, user_id, role)
SELECT w.id, w.personal_of, 'owner' FROM w

-- name: take_back_unconfirmed
-- An account made with this address but never confirmed (perhaps by someone else before
-- its owner came): its password goes, its address is confirmed, and every credential
-- issued before ends (the credentials version rises).
UPDATE users
SET password_hash = NULL, email_verified_at = now(),
    credentials_version = credentials_version + 1
WHERE id = %(user_id)s AND email_verified_at IS NULL

-- name: credentials_version
SELECT credentials_version AS value FROM users WHERE id = %(user_id)s

-- name: join_workspace
-- Just in time: a member with the connection's default role, unless one already.
INSERT INTO workspace_members (workspace_id, user_id, role)
VALUES (%(workspace_id)s, %(user_id)s, %(role)s)
ON CONFLICT DO NOTHING
RETURNING user_id

-- name: workspaces_of
SELECT workspace_id AS id FROM workspace_members WHERE user_id = %(user_id)s
