-- Lists and bulk changes of links (docs/api.md#links): a link's status as the API
-- names it, for filtering in SQL exactly as admin/links/service.py reports it.
-- STABLE, not IMMUTABLE: "expired" depends on now().
CREATE FUNCTION hop_link_status(verdict text, expires_at timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN verdict = 'block' THEN 'blocked'
                WHEN verdict = 'warn' THEN 'flagged'
                WHEN expires_at IS NOT NULL AND expires_at <= now() THEN 'expired'
                ELSE 'active' END
$$;

-- Account-wide analytics read the rollups of every link an account has had: one
-- index from owner to link ids (deleted links included, their clicks still count).
CREATE INDEX links_owner_all_idx ON links (user_id, environment, id);

-- Custom domains (docs/api.md#domains): an account's own short host (go.brand.com),
-- proven by a TXT record at _hop-challenge.<hostname> holding the token. Any number of
-- accounts may claim a hostname while it is pending; once one proves it, it is theirs
-- alone (the unique index) until they delete it.
CREATE TABLE domains (
    id           text COLLATE "C" PRIMARY KEY,
    user_id      text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    hostname     text COLLATE "C" NOT NULL,
    token        text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    verified_at  timestamptz,
    checked_at   timestamptz,
    deleted_at   timestamptz
);
CREATE UNIQUE INDEX domains_owner_hostname_key ON domains (user_id, environment, hostname)
    WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX domains_verified_hostname_key ON domains (hostname)
    WHERE verified_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX domains_owner_idx ON domains (user_id, environment, id) WHERE deleted_at IS NULL;
