-- name: username_of
SELECT username FROM bio_pages WHERE user_id = %(user_id)s AND environment = %(environment)s
