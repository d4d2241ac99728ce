-- Workspaces (docs/workspaces.md): a workspace owns every resource and people are its
-- members with a role. Each existing user gets one personal workspace, whose id is the
-- user's ULID under the workspace prefix (usr_X -> ws_X), their sole owner; everything
-- they owned moves into it, their plan and negotiated limits with it.

CREATE TABLE workspaces (
    id                text COLLATE "C" PRIMARY KEY,
    name              text NOT NULL,
    slug              text COLLATE "C" NOT NULL,
    plan              text NOT NULL CHECK (plan IN ('free', 'pro', 'business')),
    -- Business workspaces carry negotiated limits; NULL means the plan's setting.
    limit_per_minute  integer CHECK (limit_per_minute > 0),
    limit_per_month   integer CHECK (limit_per_month > 0),
    -- The user this is the personal workspace of: made with the account, the default
    -- workspace of their sign-ins, deleted with the account.
    personal_of       text COLLATE "C" REFERENCES users ON DELETE SET NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX workspaces_slug_key ON workspaces (slug);
CREATE UNIQUE INDEX workspaces_personal_key ON workspaces (personal_of);

CREATE TABLE workspace_members (
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    user_id       text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    role          text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
    joined_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user_idx ON workspace_members (user_id);

-- Invitations by e-mail: the token is only in the e-mail (stored as its SHA-256);
-- single use, seven days.
CREATE TABLE invitations (
    id            text COLLATE "C" PRIMARY KEY,
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    email         text NOT NULL,
    role          text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
    token_hash    bytea NOT NULL,
    invited_by    text COLLATE "C" REFERENCES users ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    accepted_at   timestamptz,
    revoked_at    timestamptz
);
CREATE UNIQUE INDEX invitations_token_hash_key ON invitations (token_hash);
CREATE INDEX invitations_workspace_idx ON invitations (workspace_id, id);

-- What was done in a workspace, by whom, written in the transaction of the change.
-- No foreign keys on actors: the record outlives the people and keys it names.
CREATE TABLE audit_log (
    id             text COLLATE "C" PRIMARY KEY,
    workspace_id   text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    at             timestamptz NOT NULL DEFAULT now(),
    actor_user_id  text COLLATE "C",
    actor_key_id   text COLLATE "C",
    action         text NOT NULL,
    target         text,
    ip             text,
    user_agent     text
);
CREATE INDEX audit_log_workspace_idx ON audit_log (workspace_id, id);
CREATE INDEX audit_log_at_idx ON audit_log (at);

INSERT INTO workspaces (id, name, slug, plan, limit_per_minute, limit_per_month, personal_of,
                        created_at)
SELECT 'ws_' || substr(u.id, 5), 'Personal', lower(substr(u.id, 5)), u.plan,
       u.limit_per_minute, u.limit_per_month, u.id, u.created_at
FROM users u;

INSERT INTO workspace_members (workspace_id, user_id, role, joined_at)
SELECT 'ws_' || substr(u.id, 5), u.id, 'owner', u.created_at FROM users u;

ALTER TABLE users DROP COLUMN plan, DROP COLUMN limit_per_minute, DROP COLUMN limit_per_month;

-- API keys belong to the workspace; created_by is who made one (NULL once they have
-- left Hop), and maker_role the role they held when they left the workspace: a key's
-- scopes never exceed its maker's role (the current one while they are a member).
ALTER TABLE api_keys DROP CONSTRAINT api_keys_user_id_fkey;
ALTER TABLE api_keys RENAME COLUMN user_id TO created_by;
ALTER TABLE api_keys ALTER COLUMN created_by DROP NOT NULL;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_created_by_fkey
    FOREIGN KEY (created_by) REFERENCES users ON DELETE SET NULL;
ALTER TABLE api_keys ADD COLUMN workspace_id text COLLATE "C";
UPDATE api_keys SET workspace_id = 'ws_' || substr(created_by, 5);
ALTER TABLE api_keys ALTER COLUMN workspace_id SET NOT NULL;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_workspace_id_fkey
    FOREIGN KEY (workspace_id) REFERENCES workspaces ON DELETE CASCADE;
ALTER TABLE api_keys ADD COLUMN maker_role text
    CHECK (maker_role IN ('owner', 'admin', 'member', 'viewer'));
DROP INDEX api_keys_user_idx;
CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id);
CREATE INDEX api_keys_created_by_idx ON api_keys (created_by);

-- Every other owned table: its owner column now names the workspace.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['links', 'events', 'idempotency_keys', 'qr_codes', 'bio_pages',
                             'webhooks', 'integrations', 'ai_generations',
                             'safety_verified_domains', 'domains'] LOOP
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, t || '_user_id_fkey');
    END LOOP;
    FOREACH t IN ARRAY ARRAY['links', 'short_codes', 'events', 'idempotency_keys', 'qr_codes',
                             'bio_pages', 'bio_usernames', 'webhooks', 'integrations',
                             'product_links', 'ai_generations', 'safety_verified_domains',
                             'domains'] LOOP
        EXECUTE format('UPDATE %I SET user_id = ''ws_'' || substr(user_id, 5)', t);
        EXECUTE format('ALTER TABLE %I RENAME COLUMN user_id TO workspace_id', t);
    END LOOP;
    FOREACH t IN ARRAY ARRAY['links', 'events', 'idempotency_keys', 'qr_codes', 'bio_pages',
                             'webhooks', 'integrations', 'ai_generations',
                             'safety_verified_domains', 'domains'] LOOP
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (workspace_id) '
                       'REFERENCES workspaces ON DELETE CASCADE', t, t || '_workspace_id_fkey');
    END LOOP;
END
$$;

-- PostgreSQL 18 names NOT NULL constraints after their column: they follow the rename
-- (older servers have no such constraints, and this finds none).
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT c.conrelid::regclass::text AS tbl, c.conname
        FROM pg_constraint c
        WHERE c.contype = 'n' AND c.conname LIKE '%\_user\_id\_not\_null'
          AND c.conrelid::regclass::text IN (
              'links', 'short_codes', 'events', 'idempotency_keys', 'qr_codes', 'bio_pages',
              'bio_usernames', 'webhooks', 'integrations', 'product_links', 'ai_generations',
              'safety_verified_domains', 'domains')
    LOOP
        EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', r.tbl, r.conname,
                       replace(r.conname, '_user_id_not_null', '_workspace_id_not_null'));
    END LOOP;
END
$$;

-- The outbox's functions take the workspace.
DROP FUNCTION enqueue_event(text, text, text, text, jsonb, timestamptz, boolean);
DROP FUNCTION enqueue_events(outbox_event[], boolean);
DROP FUNCTION webhook_targets(text, text, text);
ALTER TYPE outbox_event RENAME ATTRIBUTE user_id TO workspace_id;


-- The webhooks an event of this type goes to: the workspace's live webhooks (paused
-- ones included, their deliveries wait) subscribed to the type or to everything.
CREATE FUNCTION webhook_targets(p_workspace_id text, p_environment text, p_type text)
RETURNS TABLE (webhook_id text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT w.id FROM webhooks w
    WHERE w.workspace_id = p_workspace_id AND w.environment = p_environment
      AND w.deleted_at IS NULL
      AND (p_type = ANY (w.events) OR '*' = ANY (w.events))
$$;


-- Write the events in the array's order (their seq follows it) and each one's
-- deliveries, to webhook_targets() of its workspace and type. With p_always false an event
-- is only stored when some webhook wants it (high-volume types). An id already present
-- changes nothing, so producers may retry. A NULL created_at is now(). Returns the
-- number of deliveries, or NULL when no event was written (STRICT: a NULL batch, the
-- array_agg of no rows, writes nothing). One plan for every call: left to choose, the
-- plan cache planned each call anew (a custom plan per array), which made a one-event
-- call ~1.6 times as slow as the statements it replaces (insert_link, enqueue_event of
-- 0004); with the one plan they measured within 5 % of those.
CREATE FUNCTION enqueue_events(p_events outbox_event[], p_always boolean DEFAULT true)
RETURNS integer
LANGUAGE plpgsql VOLATILE STRICT
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_events integer;
    v_deliveries integer;
BEGIN
    WITH written AS (
        INSERT INTO events (id, workspace_id, environment, type, data, created_at)
        SELECT e.id, e.workspace_id, e.environment, e.type, e.data, coalesce(e.created_at, now())
        FROM unnest(p_events) WITH ORDINALITY
             AS e(id, workspace_id, environment, type, data, created_at, n)
        WHERE p_always
           OR EXISTS (SELECT 1 FROM webhook_targets(e.workspace_id, e.environment, e.type))
        ORDER BY e.n
        ON CONFLICT (id) DO NOTHING
        RETURNING seq, workspace_id, environment, type
    ),
    queued AS (
        INSERT INTO webhook_deliveries (id, webhook_id, event_seq)
        SELECT hop_id('dlv'), t.webhook_id, w.seq
        FROM written w CROSS JOIN LATERAL webhook_targets(w.workspace_id, w.environment, w.type) t
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM written), (SELECT count(*) FROM queued)
    INTO v_events, v_deliveries;
    RETURN CASE WHEN v_events > 0 THEN v_deliveries END;
END
$$;

-- One event: a batch of one (the number of deliveries, NULL when nothing was written).
CREATE FUNCTION enqueue_event(
    p_id text, p_workspace_id text, p_environment text, p_type text, p_data jsonb,
    p_created_at timestamptz DEFAULT now(), p_always boolean DEFAULT true
) RETURNS integer
LANGUAGE sql VOLATILE AS $$
    SELECT enqueue_events(
        ARRAY[ROW(p_id, p_workspace_id, p_environment, p_type, p_data, p_created_at)::outbox_event],
        p_always
    )
$$;

-- Constraint names follow the columns they name.
ALTER TABLE integrations RENAME CONSTRAINT integrations_user_id_environment_platform_store_key_key
    TO integrations_workspace_id_environment_platform_store_key_key;

-- Where mail about a workspace goes (a paused webhook, a flagged link, a lapsing
-- domain): the address of its longest-standing owner.
CREATE FUNCTION workspace_contact(p_workspace_id text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = p_workspace_id AND m.role = 'owner'
    ORDER BY m.joined_at, m.user_id
    LIMIT 1
$$;

-- Who made each resource (createdBy): the API key (key_…) when one made it, else the
-- person (usr_…). No foreign key: it names a user or a key and outlives both. Rows made
-- before workspaces keep NULL.
ALTER TABLE links ADD COLUMN created_by text COLLATE "C";
ALTER TABLE qr_codes ADD COLUMN created_by text COLLATE "C";
ALTER TABLE bio_pages ADD COLUMN created_by text COLLATE "C";
ALTER TABLE webhooks ADD COLUMN created_by text COLLATE "C";
ALTER TABLE integrations ADD COLUMN created_by text COLLATE "C";
ALTER TABLE domains ADD COLUMN created_by text COLLATE "C";
