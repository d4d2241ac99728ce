-- name: totp
SELECT secret, confirmed_at IS NOT NULL AS confirmed, last_step
FROM user_totp WHERE user_id = %(user_id)s

-- name: totp_for_update
-- Locked: two codes of one step racing each other are accepted once.
SELECT secret, confirmed_at IS NOT NULL AS confirmed, last_step
FROM user_totp WHERE user_id = %(user_id)s FOR UPDATE

-- name: start_totp
-- A new enrolment, or a new secret for one still unconfirmed (the caller checked).
INSERT INTO user_totp (user_id, secret) VALUES (%(user_id)s, %(secret)s)
ON CONFLICT (user_id) DO UPDATE
SET secret = excluded.secret, confirmed_at = NULL, last_step = NULL, created_at = now()

-- name: confirm_totp
UPDATE user_totp SET confirmed_at = now(), last_step = %(step)s WHERE user_id = %(user_id)s

-- name: accept_step
UPDATE user_totp SET last_step = %(step)s WHERE user_id = %(user_id)s

-- name: delete_totp
DELETE FROM user_totp WHERE user_id = %(user_id)s RETURNING user_id

-- name: delete_recovery_codes
DELETE FROM recovery_codes WHERE user_id = %(user_id)s

-- name: insert_recovery_code
INSERT INTO recovery_codes (id, user_id, code_hash) VALUES (%(id)s, %(user_id)s, %(code_hash)s)

-- name: use_recovery_code
UPDATE recovery_codes SET used_at = now()
WHERE id = (SELECT id FROM recovery_codes
            WHERE user_id = %(user_id)s AND code_hash = %(code_hash)s AND used_at IS NULL
            LIMIT 1 FOR UPDATE)
RETURNING user_id

-- name: recovery_codes_left
SELECT count(*) AS left FROM recovery_codes WHERE user_id = %(user_id)s AND used_at IS NULL
