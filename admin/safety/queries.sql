-- {link} is a whole link's columns, LinkRow's (admin/link_model.py, with_link_columns);
-- {l.link} the same of the table aliased l.

-- name: set_verdict
-- One link's new verdict; the previous one comes back so the caller can tell a change
-- (an event and an e-mail) from a confirmation. An operator's decision (reviewed) or an
-- ok verdict closes a pending review.
WITH old AS (
    SELECT id, safety_verdict FROM links
    WHERE id = %(id)s AND deleted_at IS NULL
    FOR UPDATE
)
UPDATE links l
SET safety_verdict = %(verdict)s, safety_reasons = %(reasons)s, safety_source = %(source)s,
    safety_checked_at = now(), safety_override = %(override)s,
    flagged_at = CASE WHEN %(verdict)s = 'ok' THEN NULL
                      WHEN old.safety_verdict = 'ok' THEN now() ELSE l.flagged_at END,
    review_requested_at = CASE WHEN %(reviewed)s OR %(verdict)s = 'ok' THEN NULL
                               ELSE l.review_requested_at END,
    review_message = CASE WHEN %(reviewed)s OR %(verdict)s = 'ok' THEN NULL
                          ELSE l.review_message END
FROM old
WHERE l.id = old.id
RETURNING {l.link}, l.workspace_id, old.safety_verdict AS previous_verdict,
          workspace_contact(l.workspace_id) AS email

-- name: link_by_id
-- Any account's link (operators and the worker act across accounts).
SELECT {link}, workspace_id
FROM links WHERE id = %(id)s AND deleted_at IS NULL

-- name: links_by_sites
-- The host → links index: every live link one of whose destinations (longUrl, or another
-- one in link_destination_hosts) is on one of these registrable domains.
WITH hit AS (
    SELECT id FROM links WHERE site = ANY(%(sites)s) AND deleted_at IS NULL
    UNION
    SELECT link_id FROM link_destination_hosts WHERE site = ANY(%(sites)s)
)
SELECT {l.link}, l.workspace_id
FROM links l JOIN hit ON hit.id = l.id
WHERE l.deleted_at IS NULL

-- name: links_by_hosts
-- The same, by (site, host) pairs: the links with a destination on exactly these hosts.
WITH v AS (
    SELECT * FROM unnest(%(sites)s::text[], %(hosts)s::text[]) AS v(site, host)
),
hit AS (
    SELECT l.id FROM links l JOIN v ON l.site = v.site AND l.host = v.host
    WHERE l.deleted_at IS NULL
    UNION
    SELECT d.link_id FROM link_destination_hosts d JOIN v ON d.site = v.site AND d.host = v.host
)
SELECT {l.link}, l.workspace_id
FROM links l JOIN hit ON hit.id = l.id
WHERE l.deleted_at IS NULL

-- name: request_review
UPDATE links
SET review_requested_at = coalesce(review_requested_at, now()), review_message = %(message)s
WHERE id = %(id)s AND workspace_id = %(workspace_id)s AND environment = %(environment)s
  AND deleted_at IS NULL AND flagged_at IS NOT NULL
RETURNING review_requested_at

-- name: review_queue
-- Flagged links waiting for an operator: the owner asked, or a spam wave put them here.
SELECT l.id, l.short_code, l.environment, l.long_url, l.safety_verdict, l.safety_reasons,
       l.safety_source, l.flagged_at, l.review_requested_at, l.review_message,
       workspace_contact(l.workspace_id) AS owner
FROM links l
WHERE l.flagged_at IS NOT NULL AND l.deleted_at IS NULL AND l.safety_override IS NULL
  AND (l.review_requested_at IS NOT NULL OR l.safety_source = 'spam_wave')
ORDER BY coalesce(l.review_requested_at, l.flagged_at)
LIMIT %(limit)s

-- name: record_decision
INSERT INTO safety_decisions (id, target, decision, decided_by, note)
VALUES (%(id)s, %(target)s, %(decision)s, %(decided_by)s, %(note)s)

-- name: host_rules
SELECT host, decision FROM safety_host_rules

-- name: put_host_rule
INSERT INTO safety_host_rules (host, decision, decided_by, note)
VALUES (%(host)s, %(decision)s, %(decided_by)s, %(note)s)
ON CONFLICT (host) DO UPDATE
SET decision = EXCLUDED.decision, decided_by = EXCLUDED.decided_by, note = EXCLUDED.note,
    decided_at = now()

-- name: drop_host_rule
DELETE FROM safety_host_rules WHERE host = %(host)s RETURNING host

-- name: verified_domains
SELECT domain FROM safety_verified_domains WHERE workspace_id = %(workspace_id)s

-- name: verify_domain
INSERT INTO safety_verified_domains (workspace_id, domain, verified_by)
VALUES (%(workspace_id)s, %(domain)s, %(verified_by)s)
ON CONFLICT (workspace_id, domain) DO NOTHING

-- name: unverify_domain
DELETE FROM safety_verified_domains WHERE workspace_id = %(workspace_id)s AND domain = %(domain)s
RETURNING domain

-- name: account_created_at
SELECT created_at FROM workspaces WHERE id = %(workspace_id)s

-- name: owner_email
SELECT workspace_contact(%(workspace_id)s)

-- name: user_by_email
-- The personal workspace of the user with this address (operators name people).
SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_of
WHERE lower(u.email) = lower(%(email)s)
