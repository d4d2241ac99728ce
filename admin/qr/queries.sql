-- name: insert_qr
INSERT INTO qr_codes (id, workspace_id, environment, type, title, data, dynamic, link_id, payload,
                      created_by, style)
VALUES (%(id)s, %(workspace_id)s, %(environment)s, %(type)s, %(title)s, %(data)s, %(dynamic)s,
        %(link_id)s, %(payload)s, %(created_by)s, %(style)s)
RETURNING id

-- name: qr_by_id
SELECT q.id, q.environment, q.type, q.title, q.data, q.dynamic, q.link_id, q.payload, l.short_code,
       coalesce(l.domain, '') AS domain,
       q.created_at, q.updated_at, q.created_by, q.style
FROM qr_codes q LEFT JOIN links l ON l.id = q.link_id
WHERE q.id = %(id)s AND q.workspace_id = %(workspace_id)s AND q.environment = %(environment)s
  AND q.deleted_at IS NULL

-- name: qr_by_id_for_update
SELECT q.id, q.environment, q.type, q.title, q.data, q.dynamic, q.link_id, q.payload, l.short_code,
       coalesce(l.domain, '') AS domain,
       q.created_at, q.updated_at, q.created_by, q.style
FROM qr_codes q LEFT JOIN links l ON l.id = q.link_id
WHERE q.id = %(id)s AND q.workspace_id = %(workspace_id)s AND q.environment = %(environment)s
  AND q.deleted_at IS NULL
FOR UPDATE OF q

-- name: list_qr
SELECT q.id, q.environment, q.type, q.title, q.data, q.dynamic, q.link_id, q.payload, l.short_code,
       coalesce(l.domain, '') AS domain,
       q.created_at, q.updated_at, q.created_by, q.style
FROM qr_codes q LEFT JOIN links l ON l.id = q.link_id
WHERE q.workspace_id = %(workspace_id)s AND q.environment = %(environment)s AND q.deleted_at IS NULL
  AND (%(before)s::text IS NULL OR q.id < %(before)s::text)
ORDER BY q.id DESC
LIMIT %(limit)s

-- name: update_qr
UPDATE qr_codes SET title = %(title)s, data = %(data)s, style = %(style)s, updated_at = now()
WHERE id = %(id)s

-- name: delete_qr
UPDATE qr_codes SET deleted_at = now(), updated_at = now()
WHERE id = %(id)s
