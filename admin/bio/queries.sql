-- name: username_of
SELECT username FROM bio_pages WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s

-- name: page_of_owner
SELECT id, environment, username, display_name, description, avatar_url, theme, language,
       links, socials, html, created_at, updated_at, created_by
FROM bio_pages WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s

-- name: page_of_owner_for_update
SELECT id, environment, username, display_name, description, avatar_url, theme, language,
       links, socials, html, created_at, updated_at, created_by
FROM bio_pages WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
FOR UPDATE

-- name: page_by_username
SELECT id, environment, username, display_name, description, avatar_url, theme, language,
       links, socials, html, created_at, updated_at, created_by
FROM bio_pages WHERE environment = %(environment)s AND username = %(username)s

-- name: upsert_page
INSERT INTO bio_pages (id, workspace_id, environment, username, display_name, description,
                       avatar_url, theme, language, links, socials, html, created_by)
VALUES (%(id)s, %(workspace_id)s, %(environment)s, %(username)s, %(display_name)s,
        %(description)s, %(avatar_url)s, %(theme)s, %(language)s, %(links)s, %(socials)s,
        %(html)s, %(created_by)s)
ON CONFLICT (workspace_id, environment) DO UPDATE
SET username = EXCLUDED.username, display_name = EXCLUDED.display_name,
    description = EXCLUDED.description, avatar_url = EXCLUDED.avatar_url,
    theme = EXCLUDED.theme, language = EXCLUDED.language, links = EXCLUDED.links,
    socials = EXCLUDED.socials, html = EXCLUDED.html, updated_at = now()
RETURNING id, environment, username, display_name, description, avatar_url, theme,
          language, links, socials, html, created_at, updated_at, created_by

-- name: delete_page
DELETE FROM bio_pages WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
RETURNING id, environment, username, display_name, description, avatar_url, theme,
          language, links, socials, html, created_at, updated_at, created_by

-- name: claim_username
-- A new page or a rename: the name, unless another page holds it or it is reserved
-- for another owner (see bio_usernames in admin/db/schema.sql). Race-free like
-- the claim of a short code.
INSERT INTO bio_usernames AS held (environment, username, workspace_id, bio_id)
VALUES (%(environment)s, %(username)s, %(workspace_id)s, %(bio_id)s)
ON CONFLICT (environment, username) DO UPDATE
SET workspace_id = EXCLUDED.workspace_id, bio_id = EXCLUDED.bio_id, freed_at = NULL
WHERE held.freed_at IS NOT NULL
  AND (held.workspace_id = EXCLUDED.workspace_id
       OR held.freed_at <= now() - make_interval(days => %(reservation_days)s))
RETURNING bio_id

-- name: free_username
-- The page was deleted or renamed: the name stays reserved for its owner.
UPDATE bio_usernames SET freed_at = now()
WHERE environment = %(environment)s AND username = %(username)s AND bio_id = %(bio_id)s
  AND freed_at IS NULL

-- name: all_pages
-- Every name the edge should know, in both namespaces: the page holding it, or
-- (html NULL) a freed name, answered as gone.
SELECT u.environment, u.username, u.bio_id, p.html
FROM bio_usernames u LEFT JOIN bio_pages p ON p.id = u.bio_id AND u.freed_at IS NULL

-- name: known_usernames
SELECT username FROM bio_usernames
WHERE environment = %(environment)s AND username = ANY(%(usernames)s)

-- name: bio_qr_links
-- The links of the owner's dynamic 'bio' codes: they follow the page's username. The
-- question is the page's (a rename moves them), so it sits here, though the rows are
-- QR codes: the QR domain is above Bio and Bio never calls it.
SELECT link_id FROM qr_codes
WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s AND type = 'bio'
  AND dynamic AND deleted_at IS NULL
