-- name: insert_import
INSERT INTO imports (id, workspace_id, environment, created_by, user_id, source, origin,
                     options, credentials, payload)
VALUES (%(id)s, %(workspace_id)s, %(environment)s, %(created_by)s, %(user_id)s, %(source)s,
        %(origin)s, %(options)s, %(credentials)s, %(payload)s)
RETURNING {job}

-- name: get_import
SELECT {job} FROM imports
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s

-- name: list_imports
SELECT {job} FROM imports
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND (%(before)s::text IS NULL OR id < %(before)s::text)
ORDER BY id DESC
LIMIT %(limit)s

-- name: cancel_import
-- A job not yet ended stops at its next page; its secrets go at once.
UPDATE imports
SET status = 'cancelled', reason = %(reason)s, finished_at = now(), credentials = NULL,
    payload = NULL, lease_until = NULL
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND status IN ('queued', 'running')
RETURNING {job}

-- name: import_notes
SELECT seq, kind, source_id, reason, code, new_code FROM import_notes
WHERE import_id = %(id)s AND kind = %(kind)s
ORDER BY seq
LIMIT %(limit)s

-- name: all_import_notes
SELECT seq, kind, source_id, reason, code, new_code FROM import_notes
WHERE import_id = %(id)s AND seq > %(after)s
ORDER BY seq
LIMIT %(limit)s

-- name: claim_import
-- The oldest job waiting, or one whose worker stopped renewing its lease, unless its
-- workspace has another job running: one job at a time per workspace, so two never
-- race for the same codes or the same source ids. ``only``: that job or none.
UPDATE imports SET status = 'running', started_at = coalesce(started_at, now()),
                   runner = %(runner)s, lease_until = now() + make_interval(secs => %(lease)s)
WHERE id = (
    SELECT i.id FROM imports i
    WHERE (i.status = 'queued' OR (i.status = 'running' AND i.lease_until < now()))
      AND (%(only)s::text IS NULL OR i.id = %(only)s::text)
      AND NOT EXISTS (
          SELECT 1 FROM imports other
          WHERE other.workspace_id = i.workspace_id AND other.id <> i.id
            AND other.status = 'running' AND other.lease_until >= now())
    ORDER BY i.created_at
    FOR UPDATE SKIP LOCKED
    LIMIT 1
)
RETURNING {job}, credentials, payload

-- name: renew_import
UPDATE imports SET lease_until = now() + make_interval(secs => %(lease)s)
WHERE id = %(id)s AND status = 'running' AND runner = %(runner)s
RETURNING id

-- name: release_import
-- A worker stopping hands its job back: the next claim takes it at once.
UPDATE imports SET lease_until = now() - interval '1 second'
WHERE id = %(id)s AND status = 'running' AND runner = %(runner)s

-- name: advance_import
-- A page written: its counts, the next cursor, a longer lease, in the page's transaction.
-- No row when the job was cancelled meanwhile: the caller rolls the page back.
UPDATE imports
SET cursor = %(cursor)s, pages = pages + 1, total = coalesce(%(total)s, total),
    imported = imported + %(imported)s, skipped = skipped + %(skipped)s,
    remapped = remapped + %(remapped)s, failed = failed + %(failed)s,
    lease_until = now() + make_interval(secs => %(lease)s)
WHERE id = %(id)s AND status = 'running' AND runner = %(runner)s
RETURNING id

-- name: add_import_notes
INSERT INTO import_notes (import_id, seq, kind, source_id, reason, code, new_code)
SELECT %(id)s, coalesce((SELECT max(seq) FROM import_notes WHERE import_id = %(id)s), 0) + n,
       kind, source_id, reason, code, new_code
FROM unnest(%(kinds)s::text[], %(source_ids)s::text[], %(reasons)s::text[], %(codes)s::text[],
            %(new_codes)s::text[]) WITH ORDINALITY AS v(kind, source_id, reason, code, new_code, n)

-- name: finish_import
UPDATE imports
SET status = %(status)s, reason = %(reason)s, finished_at = now(), credentials = NULL,
    payload = NULL, lease_until = NULL,
    total = CASE WHEN %(status)s = 'done' THEN imported + skipped + failed ELSE total END
WHERE id = %(id)s AND status = 'running' AND runner = %(runner)s
RETURNING id

-- name: unfinished_count
SELECT count(*) FROM imports
WHERE workspace_id = %(workspace_id)s AND status IN ('queued', 'running')

-- name: workspace_plan
SELECT plan FROM workspaces WHERE id = %(workspace_id)s

-- name: workspace_owner
-- The workspace's first owner, and its plan: whom an operator's import acts as.
SELECT m.user_id, w.plan FROM workspaces w
JOIN workspace_members m ON m.workspace_id = w.id AND m.role = 'owner'
WHERE w.id = %(workspace_id)s
ORDER BY m.joined_at, m.user_id
LIMIT 1

-- name: import_owner
SELECT workspace_id, environment FROM imports WHERE id = %(id)s
