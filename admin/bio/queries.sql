-- name: username_of
SELECT username FROM bio_pages WHERE user_id = %(user_id)s AND environment = %(environment)s

-- name: page_of_owner
SELECT id, username, display_name, description, avatar_url, theme, language, links, socials,
       html, created_at, updated_at
FROM bio_pages WHERE user_id = %(user_id)s AND environment = %(environment)s

-- name: page_of_owner_for_update
SELECT id, username, display_name, description, avatar_url, theme, language, links, socials,
       html, created_at, updated_at
FROM bio_pages WHERE user_id = %(user_id)s AND environment = %(environment)s
FOR UPDATE

-- name: page_by_username
SELECT id, username, display_name, description, avatar_url, theme, language, links, socials,
       html, created_at, updated_at
FROM bio_pages WHERE username = %(username)s

-- name: upsert_page
INSERT INTO bio_pages (id, user_id, environment, username, display_name, description,
                       avatar_url, theme, language, links, socials, html)
VALUES (%(id)s, %(user_id)s, %(environment)s, %(username)s, %(display_name)s,
        %(description)s, %(avatar_url)s, %(theme)s, %(language)s, %(links)s, %(socials)s,
        %(html)s)
ON CONFLICT (user_id, environment) DO UPDATE
SET username = EXCLUDED.username, display_name = EXCLUDED.display_name,
    description = EXCLUDED.description, avatar_url = EXCLUDED.avatar_url,
    theme = EXCLUDED.theme, language = EXCLUDED.language, links = EXCLUDED.links,
    socials = EXCLUDED.socials, html = EXCLUDED.html, updated_at = now()
RETURNING id, username, display_name, description, avatar_url, theme, language, links,
          socials, html, created_at, updated_at

-- name: delete_page
DELETE FROM bio_pages WHERE user_id = %(user_id)s AND environment = %(environment)s
RETURNING id, username, display_name, description, avatar_url, theme, language, links,
          socials, html, created_at, updated_at

-- name: all_pages
SELECT id, username, html FROM bio_pages

-- name: known_usernames
SELECT username FROM bio_pages WHERE username = ANY(%(usernames)s)
