-- Each account's credentials version: raised by every password change or reset and by
-- the confirmation of its address. Access tokens carry the version they were issued
-- under (claim `cv`) and dashboard sessions the one they were signed in under; either
-- is refused once the account's version has moved on (docs/decisions.md#auth).
ALTER TABLE users ADD COLUMN credentials_version integer NOT NULL DEFAULT 0;
