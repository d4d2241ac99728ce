-- name: person
SELECT email, password_hash IS NOT NULL AS has_password FROM users WHERE id = %(user_id)s

-- name: workspaces_of
SELECT workspace_id FROM workspace_members WHERE user_id = %(user_id)s ORDER BY workspace_id
