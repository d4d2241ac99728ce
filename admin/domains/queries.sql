-- name: insert_domain
-- NULL when the owner already has this hostname (the partial unique index).
INSERT INTO domains (id, workspace_id, environment, hostname, token, created_by)
VALUES (%(id)s, %(workspace_id)s, %(environment)s, %(hostname)s, %(token)s, %(created_by)s)
ON CONFLICT (workspace_id, environment, hostname) WHERE deleted_at IS NULL DO NOTHING
RETURNING id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url

-- name: list_domains
SELECT id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url
FROM domains
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND deleted_at IS NULL
ORDER BY id

-- name: domain_by_id
SELECT id, hostname, token, created_at, verified_at, checked_at, lapsing_since, lapsed_at,
       created_by, not_found_url
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
       created_by, not_found_url

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
       created_by, not_found_url

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
       created_by, not_found_url
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
RETURNING short_code

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
    RETURNING environment, domain, short_code
)
SELECT 'link' AS kind, id, workspace_id, environment, domain, short_code, long_url, deleted_at
FROM gone
UNION ALL
SELECT 'code', NULL, NULL, environment, domain, short_code, NULL, NULL FROM codes

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
