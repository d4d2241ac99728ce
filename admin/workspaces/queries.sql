-- name: insert_workspace
INSERT INTO workspaces (id, name, slug, plan)
VALUES (%(id)s, %(name)s, %(slug)s, 'free')
RETURNING id, name, slug, plan, personal_of, created_at

-- name: insert_member
INSERT INTO workspace_members (workspace_id, user_id, role)
VALUES (%(workspace_id)s, %(user_id)s, %(role)s)

-- name: slug_taken
SELECT EXISTS (SELECT 1 FROM workspaces WHERE slug = %(slug)s) AS value

-- name: workspaces_of_user
-- The user's workspaces with their role in each, their personal one first.
SELECT w.id, w.name, w.slug, w.plan, w.personal_of, w.created_at, m.role, w.require_mfa,
       w.honor_dnt, w.link_health
FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
WHERE m.user_id = %(user_id)s
ORDER BY w.personal_of IS NULL, w.created_at, w.id

-- name: workspace
SELECT id, name, slug, plan, personal_of, created_at, require_mfa, honor_dnt, link_health
FROM workspaces WHERE id = %(id)s

-- name: update_workspace
UPDATE workspaces SET name = coalesce(%(name)s, name), slug = coalesce(%(slug)s, slug),
       require_mfa = coalesce(%(require_mfa)s::boolean, require_mfa),
       honor_dnt = coalesce(%(honor_dnt)s::boolean, honor_dnt),
       link_health = coalesce(%(link_health)s::boolean, link_health)
WHERE id = %(id)s
RETURNING id, name, slug, plan, personal_of, created_at, require_mfa, honor_dnt, link_health

-- name: lock_workspace
-- A deletion takes the workspace row first: member changes and the deletion of the
-- account of its last owner wait for it.
SELECT id, name, slug, plan, personal_of, created_at
FROM workspaces WHERE id = %(id)s FOR UPDATE

-- name: delete_workspace
-- Everything it owns goes by the foreign keys' cascades.
DELETE FROM workspaces WHERE id = %(id)s

-- name: free_codes
-- The workspace's codes and Bio names are freed as a deleted link's are: nobody else
-- takes them before the reservation ends (an old printed link must not change hands
-- at once). Returns the cache places to evict.
WITH codes AS (
    UPDATE short_codes SET freed_at = coalesce(freed_at, now())
    WHERE workspace_id = %(id)s
    RETURNING environment, code_key, domain
)
-- A code's entry in Redis is named by its code_key.
SELECT 'link' AS kind, environment, code_key AS name, domain FROM codes
UNION ALL
SELECT 'bio', environment, username, '' FROM bio_usernames WHERE workspace_id = %(id)s

-- name: free_bio_names
UPDATE bio_usernames SET freed_at = coalesce(freed_at, now()) WHERE workspace_id = %(id)s

-- name: verified_hostnames
SELECT hostname FROM domains
WHERE workspace_id = %(id)s AND verified_at IS NOT NULL AND deleted_at IS NULL

-- name: members
SELECT m.user_id, u.email, m.role, m.joined_at
FROM workspace_members m JOIN users u ON u.id = m.user_id
WHERE m.workspace_id = %(workspace_id)s
ORDER BY m.joined_at, m.user_id

-- name: lock_members
-- The workspace's owners and the named members, locked in one order (so two changes
-- never wait on each other crosswise). Read committed: a row changed by the
-- transaction this one waited for is read again, so an owner demoted meanwhile is no
-- longer counted as one: two owners demoting each other cannot both succeed.
SELECT user_id, role FROM workspace_members
WHERE workspace_id = %(workspace_id)s
  AND (role = 'owner' OR user_id = ANY (%(user_ids)s::text[]))
ORDER BY user_id
FOR UPDATE

-- name: set_role
UPDATE workspace_members SET role = %(role)s
WHERE workspace_id = %(workspace_id)s AND user_id = %(user_id)s

-- name: remove_member
DELETE FROM workspace_members WHERE workspace_id = %(workspace_id)s AND user_id = %(user_id)s

-- name: keep_maker_role
-- The keys a leaving member made keep working, capped at the role they held.
UPDATE api_keys SET maker_role = %(role)s
WHERE workspace_id = %(workspace_id)s AND created_by = %(user_id)s AND revoked_at IS NULL

-- name: revoke_keys_of_maker
UPDATE api_keys SET revoked_at = now()
WHERE workspace_id = %(workspace_id)s AND created_by = %(user_id)s AND revoked_at IS NULL
RETURNING prefix

-- name: sole_owned
-- Workspaces other than the personal one whose only owner is this user.
SELECT w.id, w.name, w.slug
FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
WHERE m.user_id = %(user_id)s AND m.role = 'owner' AND w.personal_of IS DISTINCT FROM %(user_id)s
  AND NOT EXISTS (SELECT 1 FROM workspace_members o
                  WHERE o.workspace_id = w.id AND o.role = 'owner' AND o.user_id <> %(user_id)s)
ORDER BY w.id

-- name: keep_maker_roles_of_user
-- A person leaving Hop: the keys they made in other workspaces keep working, capped at
-- the role they held in each.
UPDATE api_keys k SET maker_role = m.role
FROM workspace_members m
WHERE k.created_by = %(user_id)s AND m.user_id = k.created_by
  AND m.workspace_id = k.workspace_id AND k.revoked_at IS NULL

-- name: personal_workspace
SELECT id FROM workspaces WHERE personal_of = %(user_id)s

-- name: lock_user
SELECT id FROM users WHERE id = %(user_id)s FOR UPDATE

-- name: delete_user
DELETE FROM users WHERE id = %(user_id)s

-- name: lock_owners_beside
-- The owner rows of every workspace the user owns, locked (in one order) before their
-- account goes: an owner leaving one of them meanwhile waits, then finds this one gone.
SELECT o.user_id, o.role FROM workspace_members o
WHERE o.role = 'owner'
  AND o.workspace_id IN (SELECT workspace_id FROM workspace_members
                         WHERE user_id = %(user_id)s AND role = 'owner')
ORDER BY o.workspace_id, o.user_id
FOR UPDATE OF o
