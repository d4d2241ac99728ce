-- name: link_owners
-- Whose live stream each link's clicks go to. A link never changes workspace or
-- environment, so the worker keeps the answer (admin/analytics/live.py).
SELECT id AS link_id, workspace_id, environment FROM links WHERE id = ANY(%(ids)s)
