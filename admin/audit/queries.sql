-- name: insert_entry
INSERT INTO audit_log (id, workspace_id, actor_user_id, actor_key_id, action, target, ip,
                       user_agent)
VALUES (%(id)s, %(workspace_id)s, %(actor_user_id)s, %(actor_key_id)s, %(action)s, %(target)s,
        %(ip)s, %(user_agent)s)
