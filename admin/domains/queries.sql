-- name: insert_domain
-- NULL when the owner already has this hostname (the partial unique index).
INSERT INTO domains (id, workspace_id, environment, hostname, token, created_by)
VALUES (%(id)s, %(workspace_id)s, %(environment)s, %(hostname)s, %(token)s, %(created_by)s)
ON CONFLICT (workspace_id, environment, hostname) WHERE deleted_at IS NULL DO NOTHING
RETURNING id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url, case_sensitive

-- name: list_domains
SELECT id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url, case_sensitive
FROM domains
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL
ORDER BY id

-- name: domain_by_id
SELECT id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url, case_sensitive
FROM domains
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL

-- name: mark_checked
-- A verification attempt: verified_at is set on success and kept once set; a success also
-- ends lapsing (the proof is back) or a lapse (served again). UniqueViolation when another
-- account holds the hostname (domains_verified_hostname_key).
UPDATE domains
SET checked_at = now(),
    verified_at = CASE WHEN %(verified)s THEN coalesce(verified_at, now()) ELSE verified_at END,
    lapsing_since = CASE WHEN %(verified)s THEN NULL ELSE lapsing_since END,
    lapsed_at = CASE WHEN %(verified)s THEN NULL ELSE lapsed_at END
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url, case_sensitive

-- name: delete_domain
UPDATE domains SET deleted_at = now()
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id

-- name: verified_hostnames
SELECT hostname FROM domains WHERE verified_at IS NOT NULL AND deleted_at IS NULL

-- name: set_not_found
UPDATE domains SET not_found_url = %(url)s
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url, case_sensitive

-- name: verified_not_found
SELECT hostname, not_found_url FROM domains
WHERE verified_at IS NOT NULL AND deleted_at IS NULL AND not_found_url IS NOT NULL

-- name: owns_verified
SELECT EXISTS (
    SELECT 1 FROM domains
    WHERE hostname = %(hostname)s AND workspace_id = %(workspace_id)s
      AND environment = %(environment)s AND verified_at IS NOT NULL AND deleted_at IS NULL
)

-- name: domain_for_delete
-- The row locked against links being written on it meanwhile (links' lock_domain).
SELECT id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url, case_sensitive
FROM domains
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
FOR UPDATE

-- name: links_on_domain
SELECT count(*) FROM links
WHERE domain = %(hostname)s AND environment = %(environment)s AND workspace_id = %(workspace_id)s
  AND deleted_at IS NULL

-- name: link_counts
-- Live links per hostname of the caller's (links_domain_idx), for the domains page.
SELECT domain, count(*) FROM links
WHERE domain = ANY(%(hostnames)s) AND environment = %(environment)s
  AND workspace_id = %(workspace_id)s AND deleted_at IS NULL
GROUP BY domain

-- name: forget_codes
-- A deleted domain's codes (freed ones, kept to answer 410, and their reservations) go
-- with it: the next account to prove the name starts with every code free. The owner's
-- only: a lapsed domain's name may be another account's by now.
DELETE FROM short_codes
WHERE environment = %(environment)s AND domain = %(hostname)s AND workspace_id = %(workspace_id)s
RETURNING code_key

-- name: retire_others
-- An account proved a name another account's domain lapsed on: the other accounts' links
-- on it are deleted (they must not answer on the new owner's domain) and their codes there
-- dropped, reservations included (the new owner starts with every code free). The rows
-- make the link.deleted events and say which cache entries to drop.
WITH gone AS (
    UPDATE links SET deleted_at = now(), updated_at = now()
    WHERE domain = %(hostname)s AND workspace_id <> %(workspace_id)s AND deleted_at IS NULL
    RETURNING id, workspace_id, environment, domain, short_code, long_url, deleted_at
),
codes AS (
    DELETE FROM short_codes
    WHERE domain = %(hostname)s AND workspace_id <> %(workspace_id)s
    RETURNING environment, domain, code_key
)
SELECT 'link' AS kind, id, workspace_id, environment, domain, short_code, long_url, deleted_at
FROM gone
UNION ALL
-- A code's row names it by its code_key: the name of its entry in Redis.
SELECT 'code', NULL, NULL, environment, domain, code_key, NULL, NULL FROM codes

-- name: claim_due
-- The verified domains due for a check, claimed by stamping checked_at (a worker running
-- beside this one skips them): unchecked for the interval, or lapsing with its grace run
-- out since its last check. Locked rows (a link being written on the domain) wait for the
-- next round.
UPDATE domains AS d SET checked_at = now()
FROM (
    SELECT id FROM domains
    WHERE verified_at IS NOT NULL AND deleted_at IS NULL
      AND (checked_at IS NULL
           OR checked_at <= now() - make_interval(secs => %(interval)s)
           OR (lapsing_since IS NOT NULL
               AND now() >= lapsing_since + make_interval(secs => %(grace)s)
               AND checked_at < lapsing_since + make_interval(secs => %(grace)s)))
    ORDER BY checked_at NULLS FIRST, id
    LIMIT %(limit)s
    FOR UPDATE SKIP LOCKED
) AS due
WHERE d.id = due.id
RETURNING d.id, d.workspace_id, d.environment, d.hostname, d.token, d.lapsing_since,
          workspace_contact(d.workspace_id) AS owner_email

-- name: proof_back
-- A check found the proof of a lapsing domain: it is verified again.
UPDATE domains SET lapsing_since = NULL
WHERE id = %(id)s AND verified_at IS NOT NULL AND deleted_at IS NULL
  AND lapsing_since IS NOT NULL
RETURNING lapsing_since

-- name: proof_gone
-- A check found no proof on a verified domain: it starts lapsing (still served).
UPDATE domains SET lapsing_since = now()
WHERE id = %(id)s AND verified_at IS NOT NULL AND deleted_at IS NULL AND lapsing_since IS NULL
RETURNING lapsing_since

-- name: lapse
-- No proof, and the grace has run out since it was first missed: no longer served, and
-- the name is free (verified_at cleared) for whoever proves it next.
UPDATE domains SET verified_at = NULL, lapsing_since = NULL, lapsed_at = now()
WHERE id = %(id)s AND verified_at IS NOT NULL AND deleted_at IS NULL
  AND lapsing_since <= now() - make_interval(secs => %(grace)s)
RETURNING lapsed_at

-- name: set_case_sensitive
UPDATE domains SET case_sensitive = %(case_sensitive)s
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url, case_sensitive

-- name: verified_case_insensitive
SELECT hostname FROM domains
WHERE verified_at IS NOT NULL AND deleted_at IS NULL AND NOT case_sensitive

-- name: case_clashes
-- The domain's held codes that differ only in case (freed ones are never in the way:
-- refold_plan shadows them), as groups.
SELECT array_agg(short_code ORDER BY short_code)
FROM short_codes
WHERE domain = %(hostname)s AND environment = %(environment)s AND freed_at IS NULL
GROUP BY lower(short_code)
HAVING count(*) > 1
ORDER BY lower(short_code)
LIMIT %(limit)s

-- name: refold_plan
-- The codes on a host whose code_key changes when its codes become case-sensitive
-- (the code itself) or case-insensitive (lower-cased; of codes differing only in case,
-- the held one keeps the folded name, else the one freed last, else the older link, and
-- the others are shadowed: '~' || short_code, a name no request reaches).
SELECT environment, short_code, code_key, new_key
FROM (
    SELECT environment, short_code, code_key,
           CASE WHEN %(case_sensitive)s THEN short_code
                WHEN row_number() OVER (
                    PARTITION BY environment, lower(short_code)
                    ORDER BY freed_at DESC NULLS FIRST, link_id) = 1 THEN lower(short_code)
                ELSE '~' || short_code
           END AS new_key
    FROM short_codes
    WHERE domain = %(hostname)s
) AS planned
WHERE code_key <> new_key

-- name: park_code_keys
-- The first of two steps (the unique index is checked row by row): every moving code
-- to a name of its own no other row holds, then each to its new name.
UPDATE short_codes c SET code_key = '!' || c.short_code
FROM unnest(%(environments)s::text[], %(codes)s::text[]) AS k(environment, short_code)
WHERE c.domain = %(hostname)s AND c.environment = k.environment
  AND c.short_code = k.short_code

-- name: set_code_keys
WITH keyed AS (
    UPDATE short_codes c SET code_key = k.code_key
    FROM unnest(%(environments)s::text[], %(codes)s::text[], %(keys)s::text[])
         AS k(environment, short_code, code_key)
    WHERE c.domain = %(hostname)s AND c.environment = k.environment
      AND c.short_code = k.short_code
    RETURNING c.environment, c.short_code, c.code_key, c.link_id
)
UPDATE links l SET code_key = keyed.code_key
FROM keyed
WHERE l.id = keyed.link_id AND l.environment = keyed.environment
  AND l.domain = %(hostname)s AND l.short_code = keyed.short_code

-- name: install_flag
SELECT enabled FROM install_flags WHERE name = %(name)s FOR UPDATE

-- name: set_install_flag
INSERT INTO install_flags (name, enabled) VALUES (%(name)s, %(enabled)s)
ON CONFLICT (name) DO UPDATE SET enabled = EXCLUDED.enabled

-- name: shadowed_codes
-- The default host's codes an older one took the folded name of (refold_plan), with the
-- code that answers for them.
SELECT s.short_code, w.short_code
FROM short_codes s
JOIN short_codes w ON w.environment = s.environment AND w.domain = s.domain
                  AND w.code_key = lower(s.short_code)
WHERE s.domain = '' AND s.code_key LIKE '~%%' AND s.freed_at IS NULL
ORDER BY s.short_code
LIMIT %(limit)s
