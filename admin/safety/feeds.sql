-- name: feed_keys
SELECT url_key FROM safety_feed_urls WHERE source = %(source)s

-- name: drop_feed_keys
DELETE FROM safety_feed_urls WHERE source = %(source)s AND url_key = ANY(%(keys)s)

-- name: add_feed_entries
INSERT INTO safety_feed_urls (source, url_key, site)
SELECT %(source)s, k, s FROM unnest(%(keys)s::text[], %(sites)s::text[]) AS v(k, s)
ON CONFLICT (source, url_key) DO NOTHING

-- name: all_feed_entries
SELECT url_key, source FROM safety_feed_urls

-- name: claim_run
-- Take a feed's turn: due, and pushed forward by the lease so no other worker starts
-- it meanwhile (no transaction stays open during the download).
INSERT INTO safety_feed_runs AS r (source, next_at)
VALUES (%(source)s, now() + make_interval(secs => %(lease)s))
ON CONFLICT (source) DO UPDATE SET next_at = EXCLUDED.next_at
WHERE r.next_at <= now()
RETURNING source

-- name: finish_run
UPDATE safety_feed_runs
SET refreshed_at = CASE WHEN %(error)s::text IS NULL THEN now() ELSE refreshed_at END,
    entries = coalesce(%(entries)s, entries),
    next_at = %(next_at)s, last_error = %(error)s
WHERE source = %(source)s

-- name: feed_runs
SELECT source, refreshed_at, entries, next_at, last_error FROM safety_feed_runs ORDER BY source

-- name: webrisk_list
SELECT version_token, prefixes FROM safety_webrisk_lists WHERE threat_type = %(threat_type)s

-- name: put_webrisk_list
INSERT INTO safety_webrisk_lists (threat_type, version_token, prefixes)
VALUES (%(threat_type)s, %(version_token)s, %(prefixes)s)
ON CONFLICT (threat_type) DO UPDATE
SET version_token = EXCLUDED.version_token, prefixes = EXCLUDED.prefixes, updated_at = now()

-- name: all_webrisk_lists
SELECT threat_type, prefixes FROM safety_webrisk_lists

-- name: new_sites
-- The sites of links created since the given id (ids are time-ordered), longUrl's and
-- their other destinations' alike.
SELECT site, min(created_at) AS first_seen_at FROM (
    SELECT site, created_at FROM links
    WHERE id >= %(since_id)s AND site IS NOT NULL
    UNION ALL
    SELECT d.site, l.created_at
    FROM link_destination_hosts d JOIN links l ON l.id = d.link_id
    WHERE d.link_id >= %(since_id)s
) AS seen
GROUP BY site

-- name: add_sites
INSERT INTO safety_sites (site, first_seen_at, webrisk_prefix)
SELECT * FROM unnest(%(sites)s::text[], %(first_seen)s::timestamptz[], %(prefixes)s::bytea[])
ON CONFLICT (site) DO NOTHING

-- name: new_hosts
SELECT host, site FROM links
WHERE id >= %(since_id)s AND host IS NOT NULL AND site IS NOT NULL
UNION
SELECT host, site FROM link_destination_hosts WHERE link_id >= %(since_id)s

-- name: add_hosts
INSERT INTO safety_hosts (host, site, webrisk_prefix)
SELECT * FROM unnest(%(hosts)s::text[], %(sites)s::text[], %(prefixes)s::bytea[])
ON CONFLICT (host) DO NOTHING

-- name: sites_by_prefix
-- The sites whose domain-level or one of whose hosts' host-level expression has one of
-- these prefixes.
SELECT site FROM safety_sites WHERE webrisk_prefix = ANY(%(prefixes)s)
UNION
SELECT site FROM safety_hosts WHERE webrisk_prefix = ANY(%(prefixes)s)

-- name: wave_candidates
SELECT site FROM safety_sites WHERE wave_at IS NULL AND first_seen_at >= %(since)s

-- name: wave_counts
-- Links with a destination on each site (longUrl or another one), each link once.
WITH hit AS (
    SELECT id AS link_id, site FROM links WHERE site = ANY(%(sites)s)
    UNION
    SELECT link_id, site FROM link_destination_hosts WHERE site = ANY(%(sites)s)
)
SELECT hit.site, count(*) AS links, count(DISTINCT l.workspace_id) AS accounts
FROM hit JOIN links l ON l.id = hit.link_id
WHERE l.deleted_at IS NULL AND l.created_at >= %(since)s
GROUP BY hit.site

-- name: mark_wave
UPDATE safety_sites SET wave_at = now() WHERE site = %(site)s AND wave_at IS NULL
RETURNING site

-- name: unlocated_links
-- Links from before the safety layer (or managed ones) whose host and site are unknown,
-- in id order: locate_links updates them in this order, the one the click ingest locks
-- links in, so the two don't deadlock.
SELECT id, long_url, created_at FROM links WHERE site IS NULL AND deleted_at IS NULL
ORDER BY id
LIMIT %(limit)s

-- name: locate_links
UPDATE links l SET host = v.host, site = v.site
FROM unnest(%(ids)s::text[], %(hosts)s::text[], %(sites)s::text[]) AS v(id, host, site)
WHERE l.id = v.id

-- name: undestined_links
-- Links from before 0013_link_destination_hosts with destinations besides longUrl whose
-- hosts are not recorded yet, in id order from ``after`` (one pass at worker start).
SELECT l.id, l.long_url, l.created_at, l.rules, l.variants, l.expired_url, l.ios_url,
       l.android_url
FROM links l
WHERE l.id > %(after)s AND l.deleted_at IS NULL
  AND (l.rules IS NOT NULL OR l.variants IS NOT NULL OR l.expired_url IS NOT NULL
       OR l.ios_url IS NOT NULL OR l.android_url IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM link_destination_hosts d WHERE d.link_id = l.id)
ORDER BY l.id
LIMIT %(limit)s

-- name: add_other_hosts
INSERT INTO link_destination_hosts (link_id, site, host)
SELECT * FROM unnest(%(ids)s::text[], %(sites)s::text[], %(hosts)s::text[])
ON CONFLICT (link_id, host) DO NOTHING
