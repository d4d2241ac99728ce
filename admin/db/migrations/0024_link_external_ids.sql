-- The caller's own id of a link (externalId, issue 30): what PUT /v1/links/upsert finds a
-- link by and GET /v1/links?externalId= filters on. Unique among the live links of a
-- workspace's environment (live and sandbox are apart, as their codes are); a deleted
-- link lets its id go. The unique index is what makes two concurrent upserts of one id
-- make one link: the second insert fails on it and finds the first's link instead.
ALTER TABLE links ADD COLUMN external_id text COLLATE "C";
CREATE UNIQUE INDEX links_external_id_key ON links (workspace_id, environment, external_id)
    WHERE external_id IS NOT NULL AND deleted_at IS NULL;

-- An upsert without externalId or alias finds the link by its destination on its domain
-- (admin/links/queries.sql lock_destination); md5 because a URL may be longer than a
-- btree entry may hold.
CREATE INDEX links_destination_idx ON links (workspace_id, environment, domain, md5(long_url))
    WHERE deleted_at IS NULL AND managed_by IS NULL;
