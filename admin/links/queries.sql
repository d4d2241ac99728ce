-- {link} is a whole link's columns, LinkRow's (admin/link_model.py, with_link_columns);
-- {l.link} the same of the table aliased l. Every query that reads a link reads all of it.

-- name: insert_link
-- The code, the link, its link.created event and the event's webhook deliveries in
-- one statement (autocommit: atomic, one round trip). The link is written only if
-- the code was claimed, the event only if the link was: a taken code inserts nothing.
-- Answers how many links were written (0 or 1).
-- The claim (see short_codes in schema.sql): a new code on the link's domain, or a
-- freed one that is the caller's own or past its reservation; one primary-key probe.
WITH code AS (
    INSERT INTO short_codes AS held (environment, domain, short_code, workspace_id, link_id,
                                     code_key)
    SELECT %(environment)s, %(domain)s, %(short_code)s, %(workspace_id)s, %(id)s,
           hop_code_key(%(domain)s, %(short_code)s)
    -- This very spelling held under another name: a code shadowed when its host turned
    -- case-insensitive (0023). It is still its link's, so the code is taken.
    WHERE NOT EXISTS (
        SELECT 1 FROM short_codes s
        WHERE s.environment = %(environment)s AND s.domain = %(domain)s
          AND s.short_code = %(short_code)s
          AND s.code_key <> hop_code_key(%(domain)s, %(short_code)s))
    ON CONFLICT (environment, domain, code_key) DO UPDATE
    SET workspace_id = EXCLUDED.workspace_id, link_id = EXCLUDED.link_id, freed_at = NULL,
        short_code = EXCLUDED.short_code
    WHERE held.freed_at IS NOT NULL
      AND (held.workspace_id = EXCLUDED.workspace_id
           OR held.freed_at <= now() - make_interval(days => %(reservation_days)s))
    RETURNING link_id, code_key
),
link AS (
    INSERT INTO links (id, workspace_id, environment, short_code, domain, long_url, tags,
                       expires_at, redirect_type, forward_query, created_at, updated_at,
                       host, site, safety_verdict, safety_reasons, safety_source,
                       safety_checked_at, flagged_at, rules, variants, password_hash,
                       password_verifier, max_clicks, expired_url, title, notes, preview, utm,
                       ios_url, android_url, safety_override, created_by, external_id, archived,
                       app_url, code_key, extra_path)
    SELECT code.link_id, %(workspace_id)s, %(environment)s, %(short_code)s, %(domain)s,
           %(long_url)s,
           %(tags)s, %(expires_at)s, %(redirect_type)s, %(forward_query)s, %(created_at)s,
           %(created_at)s, %(host)s, %(site)s, %(safety_verdict)s, %(safety_reasons)s,
           %(safety_source)s, %(created_at)s,
           CASE WHEN %(safety_verdict)s <> 'ok' THEN %(created_at)s END,
           %(rules)s, %(variants)s, %(password_hash)s, %(password_verifier)s,
           %(max_clicks)s, %(expired_url)s, %(title)s, %(notes)s, %(preview)s, %(utm)s,
           %(ios_url)s, %(android_url)s, %(safety_override)s, %(created_by)s, %(external_id)s,
           %(archived)s, %(app_url)s, code.code_key, %(extra_path)s
    FROM code
    RETURNING id, code_key
),
-- The hosts of its other destinations (rules, variants, expiredUrl), which the safety
-- layer finds links by (0013_link_destination_hosts.sql).
other_hosts AS (
    INSERT INTO link_destination_hosts (link_id, site, host)
    SELECT link.id, v.site, v.host
    FROM link CROSS JOIN unnest(%(other_sites)s::text[], %(other_hosts)s::text[]) AS v(site, host)
)
-- The event and its deliveries through the one enqueue (0016_enqueue_events.sql): the
-- link's row, if any, makes the batch (none makes NULL, which writes nothing). Then the
-- code's code_key (the name of its entry in Redis).
SELECT count(*),
       enqueue_events(array_agg(
           ROW(%(event_id)s, %(workspace_id)s, %(environment)s, %(event_type)s, %(event_data)s,
               %(created_at)s)::outbox_event)),
       max(link.code_key)
FROM link

-- name: insert_managed_link
-- A link the service manages for a QR code or a Bio page: no link.* event (the
-- QR code or page has its own), and the row comes back for the caller to use.
-- Its code is random: any code already held or reserved is simply another try. Its
-- verdict is the admission's (admin/links/admission.py), as a link's of insert_link;
-- none (NULL source) for a link to a page of ours (a Bio page's dynamic QR code).
WITH code AS (
    INSERT INTO short_codes (environment, short_code, workspace_id, link_id, code_key)
    VALUES (%(environment)s, %(short_code)s, %(workspace_id)s, %(id)s,
            hop_code_key('', %(short_code)s))
    ON CONFLICT DO NOTHING
    RETURNING link_id, code_key
)
INSERT INTO links (id, workspace_id, environment, short_code, long_url, tags, expires_at,
                   redirect_type, forward_query, managed_by, ios_url, android_url, host, site,
                   safety_verdict, safety_reasons, safety_source, safety_checked_at,
                   flagged_at, created_by, code_key)
SELECT code.link_id, %(workspace_id)s, %(environment)s, %(short_code)s, %(long_url)s, %(tags)s,
       %(expires_at)s, %(redirect_type)s, %(forward_query)s, %(managed_by)s, %(ios_url)s,
       %(android_url)s, %(host)s, %(site)s, %(safety_verdict)s, %(safety_reasons)s,
       %(safety_source)s, CASE WHEN %(safety_source)s::text IS NOT NULL THEN now() END,
       CASE WHEN %(safety_verdict)s <> 'ok' THEN now() END, %(created_by)s, code.code_key
FROM code
RETURNING {link}

-- name: link_by_id
SELECT {link}
FROM links
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL

-- name: links_by_ids
-- Those of the ids that are live links of the owner (another domain's rows point at them).
SELECT {link}
FROM links
WHERE id = ANY(%(ids)s::text[]) AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL

-- name: link_by_id_for_update
SELECT {link}
FROM links
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
FOR UPDATE

-- name: update_link
UPDATE links
SET short_code = %(short_code)s, long_url = %(long_url)s, tags = %(tags)s,
    expires_at = %(expires_at)s, redirect_type = %(redirect_type)s,
    forward_query = %(forward_query)s, ios_url = %(ios_url)s, android_url = %(android_url)s,
    domain = %(domain)s, host = %(host)s, site = %(site)s, safety_verdict = %(safety_verdict)s,
    safety_reasons = %(safety_reasons)s, safety_source = %(safety_source)s,
    safety_checked_at = %(safety_checked_at)s, safety_override = %(safety_override)s,
    -- flagged_at: since when the link is flagged (kept across flagged verdicts).
    flagged_at = CASE WHEN %(safety_verdict)s = 'ok' THEN NULL
                      WHEN safety_verdict = 'ok' THEN now() ELSE flagged_at END,
    rules = %(rules)s, variants = %(variants)s, password_hash = %(password_hash)s,
    password_verifier = %(password_verifier)s, max_clicks = %(max_clicks)s,
    expired_url = %(expired_url)s, title = %(title)s, notes = %(notes)s,
    preview = %(preview)s, utm = %(utm)s, external_id = %(external_id)s,
    archived = %(archived)s, app_url = %(app_url)s, extra_path = %(extra_path)s,
    -- The code's name as short_codes holds it (claim_code wrote it for a moved code).
    code_key = (SELECT c.code_key FROM short_codes c
                WHERE c.environment = links.environment AND c.domain = %(domain)s
                  AND c.short_code = %(short_code)s AND c.link_id = links.id),
    -- A new or raised limit, or none, makes an exhausted link live again; the worker
    -- marks it again if its clicks are still at the limit.
    exhausted_at = CASE WHEN %(max_clicks)s::bigint IS NOT DISTINCT FROM max_clicks
                        THEN exhausted_at END,
    updated_at = now()
WHERE id = %(id)s
RETURNING {link}

-- name: claim_code
-- An alias or domain change: the new (domain, code), on the terms of insert_link; its
-- code_key (what the link's update_link writes).
INSERT INTO short_codes AS held (environment, domain, short_code, workspace_id, link_id,
                                 code_key)
SELECT %(environment)s, %(domain)s, %(short_code)s, %(workspace_id)s, %(id)s,
       hop_code_key(%(domain)s, %(short_code)s)
WHERE NOT EXISTS (  -- a shadowed code of this spelling (see insert_link): taken
    SELECT 1 FROM short_codes s
    WHERE s.environment = %(environment)s AND s.domain = %(domain)s
      AND s.short_code = %(short_code)s
      AND s.code_key <> hop_code_key(%(domain)s, %(short_code)s))
ON CONFLICT (environment, domain, code_key) DO UPDATE
SET workspace_id = EXCLUDED.workspace_id, link_id = EXCLUDED.link_id, freed_at = NULL,
    short_code = EXCLUDED.short_code
WHERE held.freed_at IS NOT NULL
  AND (held.workspace_id = EXCLUDED.workspace_id
       OR held.freed_at <= now() - make_interval(days => %(reservation_days)s))
RETURNING link_id, code_key

-- name: free_code
-- The link left the code (an alias or domain change): it stays reserved for the owner.
UPDATE short_codes SET freed_at = now()
WHERE environment = %(environment)s AND domain = %(domain)s AND short_code = %(short_code)s
  AND link_id = %(id)s AND freed_at IS NULL

-- name: delete_link
-- The link and its code's reservation in one statement.
WITH link AS (
    UPDATE links SET deleted_at = now(), updated_at = now()
    WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
      AND deleted_at IS NULL
    RETURNING {link}
),
freed AS (
    UPDATE short_codes c SET freed_at = link.deleted_at
    FROM link
    WHERE c.environment = link.environment AND c.domain = link.domain
      AND c.short_code = link.short_code AND c.link_id = link.id
)
SELECT * FROM link

-- name: purge_link_clicks
-- DELETE /v1/links/:id?purgeClicks=true, in the deletion's transaction (which holds the
-- link's row lock): the link's raw clicks, daily counts and unique-visitor sketches go,
-- and clicks_purged makes the worker drop its clicks still in the stream
-- (admin/analytics/ingest.sql). How many raw clicks went.
WITH flagged AS (
    UPDATE links SET clicks_purged = true WHERE id = %(id)s
),
raw AS (
    DELETE FROM clicks WHERE link_id = %(id)s RETURNING 1
),
rollups AS (
    DELETE FROM click_rollups WHERE link_id = %(id)s
),
uniques AS (
    DELETE FROM click_uniques WHERE link_id = %(id)s
)
SELECT count(*) FROM raw

-- name: delete_managed_link
WITH link AS (
    UPDATE links SET deleted_at = now(), updated_at = now()
    WHERE id = %(id)s AND managed_by IS NOT NULL AND deleted_at IS NULL
    RETURNING {link}
),
freed AS (
    UPDATE short_codes c SET freed_at = link.deleted_at
    FROM link
    WHERE c.environment = link.environment AND c.domain = link.domain
      AND c.short_code = link.short_code AND c.link_id = link.id
)
SELECT * FROM link

-- name: list_links
-- Keyset pagination, newest first: the cursor is the last id of the previous page.
-- Every filter is optional (NULL: not applied); the owner index gives the order.
SELECT {link}
FROM links
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL
  AND managed_by IS NULL  -- QR and Bio links are listed through /v1/qr and /v1/bio
  AND (%(before)s::text IS NULL OR id < %(before)s::text)
  AND (%(tags)s::text[] IS NULL
       OR (%(all_tags)s AND tags @> %(tags)s::text[])
       OR (NOT %(all_tags)s AND tags && %(tags)s::text[]))
  AND (%(pattern)s::text IS NULL OR long_url ILIKE %(pattern)s::text
       OR short_code ILIKE %(pattern)s::text)
  AND (%(status)s::text IS NULL OR hop_link_status(safety_verdict, expires_at, exhausted_at) = %(status)s)
  AND (%(created_from)s::timestamptz IS NULL OR created_at >= %(created_from)s::timestamptz)
  AND (%(created_to)s::timestamptz IS NULL OR created_at < %(created_to)s::timestamptz)
  AND (%(domain)s::text IS NULL OR domain = %(domain)s::text)
  AND (%(archived)s::boolean IS NULL OR archived = %(archived)s::boolean)
  AND (%(external_id)s::text IS NULL OR external_id = %(external_id)s::text)
  AND (%(ids)s::text[] IS NULL OR id = ANY(%(ids)s::text[]))
ORDER BY id DESC
LIMIT %(limit)s

-- name: list_links_sorted
-- The other orders (oldest first, by clicks either way), each with the id as the
-- tie-break so the keyset (after_clicks, after_id) names one place in the order. The
-- filters are list_links's; the account's matching links are sorted here, not read
-- in index order.
SELECT {link}
FROM links
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL
  AND managed_by IS NULL
  AND (%(after_id)s::text IS NULL
       OR (%(sort)s = 'created' AND id > %(after_id)s::text)
       OR (%(sort)s = 'clicks'
           AND (clicks, id) > (%(after_clicks)s::bigint, %(after_id)s::text))
       OR (%(sort)s = '-clicks'
           AND (clicks, id) < (%(after_clicks)s::bigint, %(after_id)s::text)))
  AND (%(tags)s::text[] IS NULL
       OR (%(all_tags)s AND tags @> %(tags)s::text[])
       OR (NOT %(all_tags)s AND tags && %(tags)s::text[]))
  AND (%(pattern)s::text IS NULL OR long_url ILIKE %(pattern)s::text
       OR short_code ILIKE %(pattern)s::text)
  AND (%(status)s::text IS NULL OR hop_link_status(safety_verdict, expires_at, exhausted_at) = %(status)s)
  AND (%(created_from)s::timestamptz IS NULL OR created_at >= %(created_from)s::timestamptz)
  AND (%(created_to)s::timestamptz IS NULL OR created_at < %(created_to)s::timestamptz)
  AND (%(domain)s::text IS NULL OR domain = %(domain)s::text)
  AND (%(archived)s::boolean IS NULL OR archived = %(archived)s::boolean)
  AND (%(external_id)s::text IS NULL OR external_id = %(external_id)s::text)
  AND (%(ids)s::text[] IS NULL OR id = ANY(%(ids)s::text[]))
ORDER BY CASE WHEN %(sort)s = 'clicks' THEN clicks END ASC,
         CASE WHEN %(sort)s = '-clicks' THEN clicks END DESC,
         CASE WHEN %(sort)s IN ('created', 'clicks') THEN id END ASC,
         CASE WHEN %(sort)s = '-clicks' THEN id END DESC
LIMIT %(limit)s

-- name: link_by_external_id
-- The owner's live link with this externalId (links_external_id_key: at most one).
SELECT {link}
FROM links
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND external_id = %(external_id)s AND deleted_at IS NULL

-- name: link_by_code
-- The owner's live link holding this code on this domain ('' the default short host),
-- the code read as the host reads it (hop_code_key: a case-insensitive host folds it).
SELECT {l.link}
FROM short_codes s
JOIN links l ON l.id = s.link_id
WHERE s.environment = %(environment)s AND s.domain = %(domain)s
  AND s.code_key = hop_code_key(%(domain)s, %(short_code)s) AND s.freed_at IS NULL
  AND l.workspace_id = %(workspace_id)s AND l.environment = %(environment)s
  AND l.deleted_at IS NULL

-- name: lock_destination
-- An upsert without externalId or alias, in its create's transaction: a
-- transaction-scoped advisory lock on (owner, domain, destination), so a concurrent
-- upsert of the same destination waits here until this one commits. Its own statement:
-- the look-up after it (link_by_destination) must take its snapshot once the lock is
-- held, to see the link the other one made.
SELECT pg_advisory_xact_lock(hashtextextended(
    %(workspace_id)s::text || ' ' || %(environment)s::text || ' ' || %(domain)s::text || ' '
    || %(long_url)s::text, 30))

-- name: link_by_destination
-- The owner's oldest live link to this destination on this domain, if any;
-- links_destination_idx finds it (md5: a URL may be longer than a btree entry may hold).
SELECT id
FROM links
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND domain = %(domain)s AND md5(long_url) = md5(%(long_url)s::text)
  AND long_url = %(long_url)s AND deleted_at IS NULL AND managed_by IS NULL
ORDER BY id
LIMIT 1

-- name: tag_counts
-- Each tag of the owner's listed links with how many carry it, most used first.
SELECT tag, count(*)::bigint AS links
FROM links CROSS JOIN LATERAL unnest(tags) AS tag
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL
  AND managed_by IS NULL
GROUP BY tag
ORDER BY links DESC, tag
LIMIT %(limit)s

-- name: matching_for_update
-- One chunk of a bulk change: the next links (by id) that match the filter, locked.
SELECT {link}
FROM links
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL
  AND managed_by IS NULL
  AND (%(before)s::text IS NULL OR id < %(before)s::text)
  AND (%(tags)s::text[] IS NULL
       OR (%(all_tags)s AND tags @> %(tags)s::text[])
       OR (NOT %(all_tags)s AND tags && %(tags)s::text[]))
  AND (%(pattern)s::text IS NULL OR long_url ILIKE %(pattern)s::text
       OR short_code ILIKE %(pattern)s::text)
  AND (%(status)s::text IS NULL OR hop_link_status(safety_verdict, expires_at, exhausted_at) = %(status)s)
  AND (%(created_from)s::timestamptz IS NULL OR created_at >= %(created_from)s::timestamptz)
  AND (%(created_to)s::timestamptz IS NULL OR created_at < %(created_to)s::timestamptz)
  AND (%(domain)s::text IS NULL OR domain = %(domain)s::text)
  AND (%(archived)s::boolean IS NULL OR archived = %(archived)s::boolean)
  AND (%(external_id)s::text IS NULL OR external_id = %(external_id)s::text)
  AND (%(ids)s::text[] IS NULL OR id = ANY(%(ids)s::text[]))
ORDER BY id DESC
LIMIT %(limit)s
FOR UPDATE

-- name: cache_entries
-- Every code the edge should know, in both namespaces: its link, or for a freed
-- code the link that last held it, answered as gone (410).
SELECT c.environment, c.short_code, c.domain, l.id, l.long_url, l.expires_at, l.redirect_type,
       l.forward_query, c.freed_at AS deleted_at, l.managed_by, l.ios_url, l.android_url,
       l.safety_verdict, l.safety_reasons, l.rules, l.variants, l.password_verifier,
       l.expired_url, l.exhausted_at, l.preview, l.utm, l.app_url, c.code_key, l.extra_path
FROM short_codes c JOIN links l ON l.id = c.link_id

-- name: known_codes
-- Those of the (domain, code key) pairs held or once held in the environment (a Redis
-- key names a code by its code_key).
SELECT c.domain, c.code_key
FROM unnest(%(domains)s::text[], %(codes)s::text[]) AS k(domain, code_key)
JOIN short_codes c ON c.environment = %(environment)s AND c.domain = k.domain
                  AND c.code_key = k.code_key

-- name: lock_domain
-- A link about to be written on a custom domain: the domain must be the owner's,
-- verified and not deleted. FOR SHARE holds a concurrent delete of the domain (which
-- locks the row to update it) until this transaction ends, so a domain is never
-- deleted with a link just written on it.
SELECT 1 FROM domains
WHERE hostname = %(domain)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND verified_at IS NOT NULL AND deleted_at IS NULL
FOR SHARE

-- name: exhaust_links
-- Links whose clicks reached their limit, marked once (the worker's limit loop): the
-- rows come back for the cache. SKIP LOCKED: another worker's pass takes the others.
WITH due AS (
    SELECT id FROM links
    WHERE max_clicks IS NOT NULL AND exhausted_at IS NULL AND deleted_at IS NULL
      AND clicks >= max_clicks
    ORDER BY id
    LIMIT 500
    FOR UPDATE SKIP LOCKED
)
UPDATE links l SET exhausted_at = now()
FROM due WHERE l.id = due.id
RETURNING {l.link}

-- name: variant_clicks
SELECT link_id, variant, clicks FROM link_variant_clicks WHERE link_id = ANY(%(ids)s)

-- name: reset_variant_clicks
DELETE FROM link_variant_clicks WHERE link_id = %(id)s

-- name: record_variants
-- Each click's variant, set once: a redelivered batch finds the rows already set and
-- counts nothing again.
WITH marked AS (
    UPDATE clicks c SET variant = t.variant
    FROM json_to_recordset(%(clicks)s::json)
         AS t(event_id text, clicked_at timestamptz, variant smallint)
    WHERE c.event_id = t.event_id AND c.clicked_at = t.clicked_at AND c.variant IS NULL
    RETURNING c.link_id, c.variant
)
INSERT INTO link_variant_clicks AS v (link_id, variant, clicks)
SELECT link_id, variant, count(*) FROM marked GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (link_id, variant) DO UPDATE SET clicks = v.clicks + EXCLUDED.clicks

-- name: replace_other_hosts
-- A change of a link's destinations: its other destinations' hosts as they are now.
WITH gone AS (
    DELETE FROM link_destination_hosts d
    WHERE d.link_id = %(id)s
      AND NOT d.host = ANY(%(other_hosts)s::text[])
)
INSERT INTO link_destination_hosts (link_id, site, host)
SELECT %(id)s, v.site, v.host
FROM unnest(%(other_sites)s::text[], %(other_hosts)s::text[]) AS v(site, host)
ON CONFLICT (link_id, host) DO NOTHING

-- name: import_link
-- A link brought from another shortener (admin/links/imported.py): as insert_link, with
-- the source's creation time, its click total and archived state, and the record of
-- where it came from (imported_links) in the same statement. Answers 1 when written,
-- 0 when the code is held or reserved for another owner (the caller tries another).
WITH code AS (
    INSERT INTO short_codes AS held (environment, domain, short_code, workspace_id, link_id,
                                     code_key)
    SELECT %(environment)s, %(domain)s, %(short_code)s, %(workspace_id)s, %(id)s,
           hop_code_key(%(domain)s, %(short_code)s)
    -- This very spelling held under another name: a code shadowed when its host turned
    -- case-insensitive (0023). It is still its link's, so the code is taken.
    WHERE NOT EXISTS (
        SELECT 1 FROM short_codes s
        WHERE s.environment = %(environment)s AND s.domain = %(domain)s
          AND s.short_code = %(short_code)s
          AND s.code_key <> hop_code_key(%(domain)s, %(short_code)s))
    ON CONFLICT (environment, domain, code_key) DO UPDATE
    SET workspace_id = EXCLUDED.workspace_id, link_id = EXCLUDED.link_id, freed_at = NULL,
        short_code = EXCLUDED.short_code
    WHERE held.freed_at IS NOT NULL
      AND (held.workspace_id = EXCLUDED.workspace_id
           OR held.freed_at <= now() - make_interval(days => %(reservation_days)s))
    RETURNING link_id, code_key
),
origin AS (
    INSERT INTO imported_links (workspace_id, environment, source_key, link_id, import_id)
    SELECT %(workspace_id)s, %(environment)s, %(source_key)s, code.link_id, %(import_id)s
    FROM code
    RETURNING link_id
),
link AS (
    INSERT INTO links (id, workspace_id, environment, short_code, domain, long_url, tags,
                       expires_at, redirect_type, forward_query, created_at, updated_at,
                       host, site, safety_verdict, safety_reasons, safety_source,
                       safety_checked_at, flagged_at, max_clicks, title, created_by,
                       imported_clicks, archived, code_key)
    SELECT origin.link_id, %(workspace_id)s, %(environment)s, %(short_code)s, %(domain)s,
           %(long_url)s, %(tags)s, %(expires_at)s, %(redirect_type)s, %(forward_query)s,
           %(created_at)s, now(), %(host)s, %(site)s, %(safety_verdict)s, %(safety_reasons)s,
           %(safety_source)s, now(), CASE WHEN %(safety_verdict)s <> 'ok' THEN now() END,
           %(max_clicks)s, %(title)s, %(created_by)s, %(imported_clicks)s, %(archived)s,
           code.code_key
    FROM origin JOIN code USING (link_id)
    RETURNING id, code_key
)
SELECT count(*),
       enqueue_events(array_agg(
           ROW(%(event_id)s, %(workspace_id)s, %(environment)s, %(event_type)s, %(event_data)s,
               now())::outbox_event)),
       max(link.code_key)
FROM link

-- name: imported_source_keys
-- Which of these source keys already came over into the workspace.
SELECT source_key FROM imported_links
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND source_key = ANY(%(keys)s::text[])
