-- name: insert_link
-- The link, its link.created event and the event's webhook deliveries in one
-- statement (autocommit: atomic, one round trip). The event is written only if the
-- link was: a taken code inserts nothing at all.
WITH link AS (
    INSERT INTO links (id, user_id, environment, short_code, long_url, tags, expires_at,
                       redirect_type, forward_query, created_at, updated_at)
    VALUES (%(id)s, %(user_id)s, %(environment)s, %(short_code)s, %(long_url)s, %(tags)s,
            %(expires_at)s, %(redirect_type)s, %(forward_query)s, %(created_at)s,
            %(created_at)s)
    ON CONFLICT (short_code) WHERE deleted_at IS NULL DO NOTHING
    RETURNING id
),
event AS (
    INSERT INTO events (id, user_id, environment, type, data, created_at)
    SELECT %(event_id)s, %(user_id)s, %(environment)s, 'link.created', %(event_data)s,
           %(created_at)s
    FROM link
    RETURNING seq, user_id, environment, type
),
-- The fan-out of enqueue_event(), set-based (see 0004_webhooks.sql).
deliveries AS (
    INSERT INTO webhook_deliveries (id, webhook_id, event_seq)
    SELECT hop_id('dlv'), t.webhook_id, e.seq
    FROM event e CROSS JOIN LATERAL webhook_targets(e.user_id, e.environment, e.type) t
)
SELECT count(*) FROM link

-- name: insert_managed_link
-- A link the service manages for a QR code or a Bio page: no link.* event (the
-- QR code or page has its own), and the row comes back for the caller to use.
INSERT INTO links (id, user_id, environment, short_code, long_url, tags, expires_at,
                   redirect_type, forward_query, managed_by, ios_url, android_url)
VALUES (%(id)s, %(user_id)s, %(environment)s, %(short_code)s, %(long_url)s, %(tags)s,
        %(expires_at)s, %(redirect_type)s, %(forward_query)s, %(managed_by)s, %(ios_url)s,
        %(android_url)s)
ON CONFLICT (short_code) WHERE deleted_at IS NULL DO NOTHING
RETURNING id, short_code, long_url, tags, expires_at, redirect_type, forward_query,
          flagged_at, clicks, created_at, updated_at, deleted_at, managed_by, ios_url, android_url

-- name: link_by_id
SELECT id, short_code, long_url, tags, expires_at, redirect_type, forward_query,
       flagged_at, clicks, created_at, updated_at, deleted_at, managed_by, ios_url, android_url
FROM links
WHERE id = %(id)s AND user_id = %(user_id)s AND environment = %(environment)s
  AND deleted_at IS NULL

-- name: link_by_id_for_update
SELECT id, short_code, long_url, tags, expires_at, redirect_type, forward_query,
       flagged_at, clicks, created_at, updated_at, deleted_at, managed_by, ios_url, android_url
FROM links
WHERE id = %(id)s AND user_id = %(user_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
FOR UPDATE

-- name: update_link
UPDATE links
SET short_code = %(short_code)s, long_url = %(long_url)s, tags = %(tags)s,
    expires_at = %(expires_at)s, redirect_type = %(redirect_type)s,
    forward_query = %(forward_query)s, ios_url = %(ios_url)s, android_url = %(android_url)s,
    updated_at = now()
WHERE id = %(id)s
RETURNING id, short_code, long_url, tags, expires_at, redirect_type, forward_query,
          flagged_at, clicks, created_at, updated_at, deleted_at, managed_by, ios_url, android_url

-- name: delete_link
UPDATE links SET deleted_at = now(), updated_at = now()
WHERE id = %(id)s AND user_id = %(user_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id, short_code, long_url, tags, expires_at, redirect_type, forward_query,
          flagged_at, clicks, created_at, updated_at, deleted_at, managed_by, ios_url, android_url

-- name: delete_managed_link
UPDATE links SET deleted_at = now(), updated_at = now()
WHERE id = %(id)s AND managed_by IS NOT NULL AND deleted_at IS NULL
RETURNING id, short_code, long_url, tags, expires_at, redirect_type, forward_query,
          flagged_at, clicks, created_at, updated_at, deleted_at, managed_by, ios_url, android_url

-- name: list_links
-- Keyset pagination, newest first: the cursor is the last id of the previous page.
SELECT id, short_code, long_url, tags, expires_at, redirect_type, forward_query,
       flagged_at, clicks, created_at, updated_at, deleted_at, managed_by, ios_url, android_url
FROM links
WHERE user_id = %(user_id)s AND environment = %(environment)s AND deleted_at IS NULL
  AND managed_by IS NULL  -- QR and Bio links are listed through /v1/qr and /v1/bio
  AND (%(before)s::text IS NULL OR id < %(before)s::text)
  AND (%(tag)s::text IS NULL OR tags @> ARRAY[%(tag)s::text])
  AND (%(pattern)s::text IS NULL OR long_url ILIKE %(pattern)s::text
       OR short_code ILIKE %(pattern)s::text)
ORDER BY id DESC
LIMIT %(limit)s

-- name: cache_entries
-- Every code the edge should know: the live link holding it, else its latest
-- deleted link (so the edge can answer 410 Gone).
SELECT DISTINCT ON (short_code)
       short_code, id, long_url, expires_at, redirect_type, forward_query, deleted_at,
       managed_by, ios_url, android_url
FROM links
ORDER BY short_code, (deleted_at IS NULL) DESC, deleted_at DESC

-- name: cache_entry_by_code
SELECT short_code, id, long_url, expires_at, redirect_type, forward_query, deleted_at,
       managed_by, ios_url, android_url
FROM links
WHERE short_code = %(short_code)s
ORDER BY (deleted_at IS NULL) DESC, deleted_at DESC
LIMIT 1
