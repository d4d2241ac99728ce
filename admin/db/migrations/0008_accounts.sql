-- Self-service accounts (the web dashboard): verified e-mail addresses, single-use
-- e-mailed tokens (address verification, password reset) and API key names.

ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- Every account so far was made by an operator (`hop user create`): trusted as verified.
UPDATE users SET email_verified_at = created_at;

-- What the owner calls the key ("CI deploys"); NULL for keys made before names existed.
ALTER TABLE api_keys ADD COLUMN name text;

-- Tokens sent by e-mail: one row per link sent. Single use (used_at), expiring, and
-- stored as a SHA-256 digest: the token itself exists only in the e-mail.
CREATE TABLE account_tokens (
    id          text COLLATE "C" PRIMARY KEY,
    user_id     text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    purpose     text NOT NULL CHECK (purpose IN ('verify', 'reset')),
    token_hash  bytea NOT NULL,
    -- The address the link went to: a verification link proves that address only.
    email       text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);
CREATE UNIQUE INDEX account_tokens_token_hash_key ON account_tokens (token_hash);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);
