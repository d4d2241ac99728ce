-- name: insert_entry
INSERT INTO audit_log (id, workspace_id, actor_user_id, actor_key_id, action, target, ip,
                       user_agent)
VALUES (%(id)s, %(workspace_id)s, %(actor_user_id)s, %(actor_key_id)s, %(action)s, %(target)s,
        %(ip)s, %(user_agent)s)

-- name: list_entries
-- A page of a workspace's log, newest first (ids are ULIDs: their order is time's).
SELECT id, at, actor_user_id, actor_key_id, action, target, ip, user_agent
FROM audit_log
WHERE workspace_id = %(workspace_id)s AND (%(before)s::text IS NULL OR id < %(before)s::text)
ORDER BY id DESC
LIMIT %(limit)s

-- name: purge_old
-- Entries past the retention, a bounded batch at a time.
DELETE FROM audit_log
WHERE id IN (SELECT id FROM audit_log
             WHERE at < now() - make_interval(days => %(days)s)
             LIMIT 5000)
