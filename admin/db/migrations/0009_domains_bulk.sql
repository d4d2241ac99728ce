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
