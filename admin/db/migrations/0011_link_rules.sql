-- Links decided at the edge (docs/api.md#links): targeting rules, A/B variants, a
-- password, click limits, metadata. All of it travels to the edge in the link's cache
-- entry; PostgreSQL stays the record.

-- rules: [{"when": {"country": [...], "device": [...], "os": [...], "language": [...]},
--          "url": ...}], first match wins; variants: [{"url": ..., "weight": ...}];
-- preview: {"title", "description", "image"}; utm: {"source", "medium", ...}.
-- password_hash is argon2id (what the API checks nothing against: it is the record);
-- password_verifier is HMAC-SHA256 under HOP_LINK_PASSWORD_KEY, what the edge checks.
-- exhausted_at: set by the worker when clicks reached max_clicks.
ALTER TABLE links
    ADD COLUMN rules              jsonb,
    ADD COLUMN variants           jsonb,
    ADD COLUMN password_hash      text,
    ADD COLUMN password_verifier  text,
    ADD COLUMN max_clicks         bigint CHECK (max_clicks > 0),
    ADD COLUMN expired_url        text,
    ADD COLUMN exhausted_at       timestamptz,
    ADD COLUMN title              text,
    ADD COLUMN notes              text,
    ADD COLUMN preview            jsonb,
    ADD COLUMN utm                jsonb;
-- The worker's limit loop looks only at links with a limit not yet reached.
CREATE INDEX links_click_limit_idx ON links (id)
    WHERE max_clicks IS NOT NULL AND exhausted_at IS NULL AND deleted_at IS NULL;

-- Which A/B variant a click was sent to (NULL: the link had no variants), and the
-- per-variant totals. The worker sets clicks.variant once per event (an update of rows
-- still NULL), so a redelivered batch counts nothing twice.
ALTER TABLE clicks ADD COLUMN variant smallint;
CREATE TABLE link_variant_clicks (
    link_id  text COLLATE "C" NOT NULL,
    variant  smallint NOT NULL,
    clicks   bigint NOT NULL,
    PRIMARY KEY (link_id, variant)
);

-- A link whose clicks reached maxClicks is expired too, as the API reports it
-- (admin/links/service.py); the list's status filter asks this function.
DROP FUNCTION hop_link_status(text, timestamptz);
CREATE FUNCTION hop_link_status(verdict text, expires_at timestamptz, exhausted_at timestamptz)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN verdict = 'block' THEN 'blocked'
                WHEN verdict = 'warn' THEN 'flagged'
                WHEN exhausted_at IS NOT NULL
                     OR (expires_at IS NOT NULL AND expires_at <= now()) THEN 'expired'
                ELSE 'active' END
$$;
