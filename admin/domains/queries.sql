-- name: insert_domain
-- NULL when the owner already has this hostname (the partial unique index).
INSERT INTO domains (id, user_id, environment, hostname, token)
VALUES (%(id)s, %(user_id)s, %(environment)s, %(hostname)s, %(token)s)
ON CONFLICT (user_id, environment, hostname) WHERE deleted_at IS NULL DO NOTHING
RETURNING id, hostname, token, created_at, verified_at, checked_at

-- name: list_domains
SELECT id, hostname, token, created_at, verified_at, checked_at
FROM domains
WHERE user_id = %(user_id)s AND environment = %(environment)s AND deleted_at IS NULL
ORDER BY id

-- name: domain_by_id
SELECT id, hostname, token, created_at, verified_at, checked_at
FROM domains
WHERE id = %(id)s AND user_id = %(user_id)s AND environment = %(environment)s
  AND deleted_at IS NULL

-- name: mark_checked
-- A verification attempt: verified_at is set on success and kept once set. NULL when
-- another account proved the hostname first (domains_verified_hostname_key).
UPDATE domains
SET checked_at = now(),
    verified_at = CASE WHEN %(verified)s THEN coalesce(verified_at, now()) ELSE verified_at END
WHERE id = %(id)s AND user_id = %(user_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id, hostname, token, created_at, verified_at, checked_at

-- name: delete_domain
UPDATE domains SET deleted_at = now()
WHERE id = %(id)s AND user_id = %(user_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
RETURNING id

-- name: verified_hostnames
SELECT hostname FROM domains WHERE verified_at IS NOT NULL AND deleted_at IS NULL

-- name: domain_for_delete
-- The row locked against links being written on it meanwhile (links' lock_domain).
SELECT id, hostname, token, created_at, verified_at, checked_at
FROM domains
WHERE id = %(id)s AND user_id = %(user_id)s AND environment = %(environment)s
  AND deleted_at IS NULL
FOR UPDATE

-- name: links_on_domain
SELECT count(*) FROM links
WHERE domain = %(hostname)s AND environment = %(environment)s AND user_id = %(user_id)s
  AND deleted_at IS NULL

-- name: forget_codes
-- A deleted domain's codes (freed ones, kept to answer 410, and their reservations) go
-- with it: the next account to prove the name starts with every code free.
DELETE FROM short_codes
WHERE environment = %(environment)s AND domain = %(hostname)s
RETURNING short_code
