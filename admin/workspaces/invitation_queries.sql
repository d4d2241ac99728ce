-- name: insert_invitation
-- A pending invitation; the workspace's name comes back for the e-mail.
INSERT INTO invitations (id, workspace_id, email, role, token_hash, invited_by, expires_at)
VALUES (%(id)s, %(workspace_id)s, %(email)s, %(role)s, %(token_hash)s, %(invited_by)s,
        now() + make_interval(secs => %(ttl)s))
RETURNING id, email, role, invited_by, created_at, expires_at,
          (SELECT name FROM workspaces WHERE id = %(workspace_id)s) AS workspace_name

-- name: is_member_by_email
SELECT EXISTS (
    SELECT FROM workspace_members m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = %(workspace_id)s AND lower(u.email) = lower(%(email)s)
) AS member

-- name: pending_invitations
SELECT id, email, role, invited_by, created_at, expires_at, NULL::text AS workspace_name
FROM invitations
WHERE workspace_id = %(workspace_id)s AND accepted_at IS NULL AND revoked_at IS NULL
  AND expires_at > now()
ORDER BY id DESC

-- name: pending_invitation_for_update
-- One pending invitation of the workspace, locked against a concurrent accept, revoke or
-- resend.
SELECT i.id, i.email, i.role, i.invited_by, i.created_at, i.expires_at,
       w.name AS workspace_name
FROM invitations i JOIN workspaces w ON w.id = i.workspace_id
WHERE i.id = %(id)s AND i.workspace_id = %(workspace_id)s AND i.accepted_at IS NULL
  AND i.revoked_at IS NULL AND i.expires_at > now()
FOR UPDATE OF i

-- name: revoke_invitation
UPDATE invitations SET revoked_at = now() WHERE id = %(id)s

-- name: renew_invitation
-- A new token and seven more days: the one e-mailed before stops working.
UPDATE invitations
SET token_hash = %(token_hash)s, expires_at = now() + make_interval(secs => %(ttl)s)
WHERE id = %(id)s
RETURNING id, email, role, invited_by, created_at, expires_at, NULL::text AS workspace_name

-- name: invitation_by_token
SELECT id, workspace_id, email, role FROM invitations WHERE token_hash = %(token_hash)s

-- name: invitee
-- The signed-in person's address, and whether they confirmed it.
SELECT email, email_verified_at IS NOT NULL AS confirmed FROM users WHERE id = %(user_id)s

-- name: spend_invitation
-- Single use without a race: of two concurrent accepts the second waits for the first's
-- row lock and then finds accepted_at set, so it updates nothing.
UPDATE invitations SET accepted_at = now()
WHERE id = %(id)s AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
RETURNING workspace_id, role

-- name: add_member
INSERT INTO workspace_members (workspace_id, user_id, role)
VALUES (%(workspace_id)s, %(user_id)s, %(role)s)
ON CONFLICT (workspace_id, user_id) DO NOTHING

-- name: purge_old_invitations
-- Invitations no longer usable, kept a while for the dashboard's sake, then deleted.
DELETE FROM invitations
WHERE coalesce(accepted_at, revoked_at, expires_at) < now() - interval '30 days'

-- name: pending_by_token
-- What the accept page shows before the accept: the workspace and the role, while usable.
SELECT w.name AS workspace_name, i.email, i.role, i.expires_at
FROM invitations i JOIN workspaces w ON w.id = i.workspace_id
WHERE i.token_hash = %(token_hash)s
  AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
