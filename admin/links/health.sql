-- Link health (admin/links/health.py, migration 0025): the worker's checks of every live
-- link's destinations, their results, and the daily digest of links that broke.

-- name: claim_due
-- The links due for a check, claimed by stamping health_claimed_at (a worker running beside
-- this one skips them; a worker that dies mid-round leaves its claims to the next round).
-- Links of workspaces with the checks off are claimed too, and not checked (enabled
-- false): the round walks the index in claim order, which they would otherwise block.
-- checkable: what is worth a request (not expired or used up, not blocked by the safety
-- layer, not a Bio page's link, which leads to our own page).
UPDATE links AS l SET health_claimed_at = now()
FROM (
    SELECT id FROM links
    WHERE deleted_at IS NULL
      AND (health_claimed_at IS NULL
           OR health_claimed_at <= now() - make_interval(secs => %(interval)s))
    ORDER BY health_claimed_at NULLS FIRST, id
    LIMIT %(limit)s
    FOR UPDATE SKIP LOCKED
) AS due, workspaces AS w
WHERE l.id = due.id AND w.id = l.workspace_id
RETURNING l.id, l.workspace_id, l.environment, l.short_code, l.long_url, l.rules, l.variants,
          w.link_health AND l.managed_by IS DISTINCT FROM 'bio'
              AND l.safety_verdict <> 'block' AND l.exhausted_at IS NULL
              AND (l.expires_at IS NULL OR l.expires_at > now()) AS checkable

-- name: record_result
-- A check's result. health_broken_since is set when the link becomes broken, cleared by
-- an ok check and left by an unknown one; broke says it was set now (the caller then
-- emits link.broken and lists the link for the digest, in this transaction).
WITH before AS (
    SELECT id, health_broken_since FROM links
    WHERE id = %(id)s AND deleted_at IS NULL
    FOR UPDATE
)
UPDATE links AS l
SET health_status = %(status)s,
    health_http_status = %(http_status)s,
    health_url = %(url)s,
    health_checked_at = %(checked_at)s,
    health_broken_since = CASE %(status)s::text
        WHEN 'broken' THEN coalesce(before.health_broken_since, %(checked_at)s)
        WHEN 'ok' THEN NULL
        ELSE before.health_broken_since
    END
FROM before
WHERE l.id = before.id
RETURNING before.health_broken_since IS NULL AND %(status)s::text = 'broken' AS broke,
          l.workspace_id, l.environment, l.short_code, l.long_url

-- name: insert_break
INSERT INTO link_health_breaks (workspace_id, link_id, broke_at)
VALUES (%(workspace_id)s, %(link_id)s, %(broke_at)s)

-- name: digest_candidates
-- Workspaces with breaks not yet in a digest and no digest within the interval.
SELECT DISTINCT b.workspace_id
FROM link_health_breaks b
WHERE b.mailed_at IS NULL
  AND NOT EXISTS (
      SELECT 1 FROM link_health_digests d
      WHERE d.workspace_id = b.workspace_id
        AND d.sent_at > now() - make_interval(secs => %(interval)s)
  )
LIMIT %(limit)s

-- name: lock_digest
-- One worker writes a workspace's digest: the others skip it (until the commit).
SELECT pg_try_advisory_xact_lock(hashtextextended('hop.link_health_digest:' || %(workspace_id)s, 0))
    AS value

-- name: digest_due
SELECT NOT EXISTS (
    SELECT 1 FROM link_health_digests
    WHERE workspace_id = %(workspace_id)s
      AND sent_at > now() - make_interval(secs => %(interval)s)
) AS value

-- name: take_breaks
-- The workspace's breaks not yet in a digest, marked as taken; the links among them still
-- broken now (one that recovered meanwhile is left out), in the order they broke.
WITH taken AS (
    UPDATE link_health_breaks SET mailed_at = now()
    WHERE workspace_id = %(workspace_id)s AND mailed_at IS NULL
    RETURNING link_id
)
SELECT l.id, l.environment, l.short_code, l.domain, l.long_url, l.health_url,
       l.health_http_status, l.health_broken_since
FROM links l
WHERE l.id IN (SELECT link_id FROM taken)
  AND l.deleted_at IS NULL AND l.health_status = 'broken'
ORDER BY l.health_broken_since, l.id

-- name: digest_sent
INSERT INTO link_health_digests (workspace_id, sent_at) VALUES (%(workspace_id)s, now())
ON CONFLICT (workspace_id) DO UPDATE SET sent_at = excluded.sent_at

-- name: owners
-- The workspace's owners' addresses, and its name.
SELECT u.email, w.name AS workspace_name
FROM workspace_members m
JOIN users u ON u.id = m.user_id
JOIN workspaces w ON w.id = m.workspace_id
WHERE m.workspace_id = %(workspace_id)s AND m.role = 'owner'
ORDER BY m.joined_at, u.email
