-- Accounts, API keys, refresh tokens, links, the event outbox, idempotency keys.
-- Ids are prefixed ULIDs (common/ids.py) compared byte-wise: COLLATE "C" keeps
-- keyset pagination in creation order whatever the database's locale.

CREATE TABLE users (
    id                text COLLATE "C" PRIMARY KEY,
    email             text NOT NULL,
    password_hash     text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    -- NULL until the owner follows the verification link (accounts made by
    -- `hop user create` are verified at once).
    email_verified_at timestamptz,
    -- Raised by every password change or reset and by the address's confirmation:
    -- access tokens (claim `cv`) and dashboard sessions of an older version are refused.
    credentials_version integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

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

-- Where mail about a workspace goes (a paused webhook, a flagged link, a lapsing
-- domain): the address of its longest-standing owner.
CREATE FUNCTION workspace_contact(p_workspace_id text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = p_workspace_id AND m.role = 'owner'
    ORDER BY m.joined_at, m.user_id
    LIMIT 1
$$;

CREATE TABLE api_keys (
    id            text COLLATE "C" PRIMARY KEY,
    created_by    text COLLATE "C" REFERENCES users ON DELETE SET NULL,
    environment   text NOT NULL CHECK (environment IN ('live', 'test')),
    prefix        text NOT NULL,
    -- SHA-256 of the whole key. Keys carry 256 random bits, so a fast hash is
    -- enough (as GitHub and Stripe do); the key itself is never stored.
    key_hash      bytea NOT NULL,
    scopes        text[] NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz,
    revoked_at    timestamptz,
    name          text,  -- what the owner calls it; NULL for keys made before names
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    -- The role its maker held when they left the workspace (NULL while a member): a
    -- key's scopes never exceed its maker's role.
    maker_role    text CHECK (maker_role IN ('owner', 'admin', 'member', 'viewer'))
);
CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash);
CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id);
CREATE INDEX api_keys_created_by_idx ON api_keys (created_by);

CREATE TABLE refresh_tokens (
    id           text COLLATE "C" PRIMARY KEY,
    user_id      text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    -- Every token minted by rotation from one login shares the family; reuse of
    -- a rotated token revokes the whole family.
    family_id    text COLLATE "C" NOT NULL,
    token_hash   bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    rotated_at   timestamptz,
    revoked_at   timestamptz
);
CREATE UNIQUE INDEX refresh_tokens_token_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

-- Tokens sent by e-mail (address verification, password reset): single use,
-- expiring, stored as a SHA-256 digest (the token itself is only in the e-mail).
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

CREATE TABLE links (
    id             text COLLATE "C" PRIMARY KEY,
    workspace_id   text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment    text NOT NULL CHECK (environment IN ('live', 'test')),
    short_code     text COLLATE "C" NOT NULL,
    long_url       text NOT NULL,
    tags           text[] NOT NULL DEFAULT '{}',
    expires_at     timestamptz,
    redirect_type  smallint NOT NULL DEFAULT 302 CHECK (redirect_type IN (301, 302, 307, 308)),
    forward_query  boolean NOT NULL DEFAULT true,
    flagged_at     timestamptz,
    clicks         bigint NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    deleted_at     timestamptz
);
-- A deleted link keeps its row; short_codes (below) says who holds each code.
CREATE INDEX links_owner_idx ON links (workspace_id, environment, id) WHERE deleted_at IS NULL;
CREATE INDEX links_tags_idx ON links USING gin (tags) WHERE deleted_at IS NULL;
-- Account-wide analytics read the rollups of every link an account has had: owner to
-- link ids, deleted links included (their clicks still count).
CREATE INDEX links_owner_all_idx ON links (workspace_id, environment, id);
CREATE INDEX links_updated_idx ON links (updated_at);

-- Who holds each short code, per environment (live and sandbox are separate
-- namespaces). A code stays held after its link is deleted or moves to another
-- alias: freed_at is set, and for HOP_CODE_RESERVATION_DAYS only the same owner
-- may take it again. Claiming is one INSERT .. ON CONFLICT DO UPDATE .. WHERE on
-- the primary key, which waits for a concurrent delete or rename and judges the
-- row as that left it: no window between "is it free?" and "take it".
-- No foreign keys: links and users are never removed, and this is written on the
-- create hot path.
CREATE TABLE short_codes (
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    short_code   text COLLATE "C" NOT NULL,
    workspace_id text COLLATE "C" NOT NULL,
    -- The link holding the code, or the last one that did (freed_at set).
    link_id      text COLLATE "C" NOT NULL,
    freed_at     timestamptz,
    PRIMARY KEY (environment, short_code)
);

-- The transactional outbox: every event is written here in the transaction of
-- the change that caused it; the worker fans it out to webhooks.
CREATE TABLE events (
    seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id           text COLLATE "C" NOT NULL,
    workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    type         text NOT NULL,
    data         jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX events_id_key ON events (id);
CREATE INDEX events_owner_idx ON events (workspace_id, environment, seq);

CREATE TABLE idempotency_keys (
    workspace_id   text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment    text NOT NULL,
    key            text NOT NULL,
    request_hash   bytea NOT NULL,
    status_code    smallint,            -- NULL while the first request runs
    response_headers jsonb,
    response_body  bytea,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, environment, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
-- Click analytics: one row per redirect, daily rollups, and the
-- salt that makes visitor ids (hashed IP + user agent) unlinkable to addresses.

CREATE TABLE clicks (
    -- The edge's event id: inserting the same event twice is a no-op.
    event_id       text COLLATE "C" NOT NULL,
    link_id        text COLLATE "C" NOT NULL,
    clicked_at     timestamptz NOT NULL,
    visitor_id     bytea NOT NULL,
    country        text NOT NULL,      -- ISO 3166-1 alpha-2, '' when unknown
    device         text NOT NULL,      -- mobile | tablet | desktop | bot | other
    os             text NOT NULL,
    browser        text NOT NULL,
    referrer       text NOT NULL,      -- '' for direct visits
    referrer_host  text NOT NULL,
    user_agent     text NOT NULL,
    is_bot         boolean NOT NULL,
    is_qr          boolean NOT NULL DEFAULT false,
    PRIMARY KEY (event_id, clicked_at)
) PARTITION BY RANGE (clicked_at);
-- A link's history, newest first (and the partial days of a report).
CREATE INDEX clicks_link_time_idx ON clicks (link_id, clicked_at DESC, event_id DESC);
-- Time-range scans over whole partitions (exports, ad-hoc reports): tiny, since
-- rows arrive roughly in time order.
CREATE INDEX clicks_time_brin_idx ON clicks USING brin (clicked_at);
-- Catches a click outside every monthly partition (a replay older than the
-- retention, a clock far ahead) so the worker never has to refuse one;
-- hop_click_partition() moves such rows when their month's partition is made.
CREATE TABLE clicks_default PARTITION OF clicks DEFAULT;

-- Counts per link, UTC day and combination of dimensions: one row per distinct
-- (bot, country, device, os, browser, referrer host) seen that day. One row per
-- combination rather than one per dimension keeps the worker's upserts to about
-- one per click in the long tail (six times fewer than a row per dimension), and a
-- report still sums days, not clicks.
CREATE TABLE click_rollups (
    link_id        text COLLATE "C" NOT NULL,
    day            date NOT NULL,
    is_bot         boolean NOT NULL,
    country        text NOT NULL,
    device         text NOT NULL,
    os             text NOT NULL,
    browser        text NOT NULL,
    referrer_host  text NOT NULL,
    clicks         bigint NOT NULL,
    PRIMARY KEY (link_id, day, is_bot, country, device, os, browser, referrer_host)
);

CREATE TABLE app_secrets (
    name   text PRIMARY KEY,
    value  bytea NOT NULL
);
-- Two v4 UUIDs: 244 random bits from the server's strong generator, no extension needed.
INSERT INTO app_secrets (name, value)
VALUES ('visitor_salt',
        decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
-- QR codes, Bio pages and Bio page visits (issue 5). One file on purpose, so it
-- can be renumbered as a whole when branches merge.

-- Links the service creates on the owner's behalf: the short link a dynamic QR
-- code encodes ('qr') and the tracked links of a Bio page ('bio'). They are
-- changed through /v1/qr and /v1/bio, never through /v1/links. ios_url and
-- android_url send visitors on those platforms elsewhere (the 'app' QR type).
ALTER TABLE links
    ADD COLUMN managed_by   text CHECK (managed_by IN ('qr', 'bio')),
    ADD COLUMN ios_url      text,
    ADD COLUMN android_url  text;

CREATE TABLE qr_codes (
    id           text COLLATE "C" PRIMARY KEY,
    workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    type         text NOT NULL,
    title        text,
    -- The validated request data of the code's type, as sent (camelCase keys).
    data         jsonb NOT NULL,
    dynamic      boolean NOT NULL,
    -- Dynamic codes and 'link' codes: the link whose short URL the image encodes.
    link_id      text COLLATE "C" REFERENCES links,
    -- Static codes: the exact text in the image. Dynamic ones derive it from the link.
    payload      text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    deleted_at   timestamptz,
    -- Who made it (createdBy; "Who made each resource" at the end of this file).
    created_by   text COLLATE "C",
    CHECK (payload IS NOT NULL OR link_id IS NOT NULL)
);
CREATE INDEX qr_codes_owner_idx ON qr_codes (workspace_id, environment, id) WHERE deleted_at IS NULL;
-- A scan arrives as a click on a link flagged as a QR scan; at most one live code
-- per link makes the scanned code unambiguous.
CREATE UNIQUE INDEX qr_codes_link_key ON qr_codes (link_id) WHERE deleted_at IS NULL;

CREATE TABLE bio_pages (
    id            text COLLATE "C" PRIMARY KEY,
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment   text NOT NULL CHECK (environment IN ('live', 'test')),
    username      text COLLATE "C" NOT NULL,
    display_name  text NOT NULL,
    description   text NOT NULL,
    avatar_url    text,
    theme         text NOT NULL,
    language      text NOT NULL,
    -- [{title, url, linkId, shortCode}] in display order; linkId is the tracked link.
    links         jsonb NOT NULL,
    -- [{network, handle, url, linkId, shortCode}]
    socials       jsonb NOT NULL,
    -- The public page as the edge serves it, rendered on every change; Redis holds a copy.
    html          text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    -- Who made it (createdBy; "Who made each resource" at the end of this file).
    created_by    text COLLATE "C"
);
CREATE UNIQUE INDEX bio_pages_username_key ON bio_pages (environment, username);
CREATE UNIQUE INDEX bio_pages_owner_key ON bio_pages (workspace_id, environment);

-- Who holds each Bio username, per environment; reserved for its owner after a
-- delete or rename like short codes.
CREATE TABLE bio_usernames (
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    username     text COLLATE "C" NOT NULL,
    workspace_id text COLLATE "C" NOT NULL,
    -- The page holding the name, or the last one that did (freed_at set).
    bio_id       text COLLATE "C" NOT NULL,
    freed_at     timestamptz,
    PRIMARY KEY (environment, username)
);

-- One row per visit of a Bio page (the HTML at the edge or the public JSON),
-- enriched like clicks; not counted as link clicks.
CREATE TABLE bio_visits (
    event_id       text COLLATE "C" PRIMARY KEY,
    bio_id         text COLLATE "C" NOT NULL,
    username       text NOT NULL,
    visited_at     timestamptz NOT NULL,
    visitor_id     bytea NOT NULL,
    country        text NOT NULL,
    device         text NOT NULL,
    os             text NOT NULL,
    browser        text NOT NULL,
    referrer       text NOT NULL,
    referrer_host  text NOT NULL,
    user_agent     text NOT NULL,
    is_bot         boolean NOT NULL
);
CREATE INDEX bio_visits_page_time_idx ON bio_visits (bio_id, visited_at DESC);
-- Webhooks: registered endpoints, one delivery per (webhook, event), every
-- attempt logged, and a mail outbox for the owner e-mail sent on pause.
-- Events fan out to deliveries in the transaction that writes them, through
-- enqueue_events() (a batch; enqueue_event() is a batch of one), the only fan-out
-- (docs/webhooks.md, "Emitting an event").

-- A prefixed ULID in lowercase Crockford base32, the format of common/ids.py,
-- for rows created in SQL: 48 bits of milliseconds, then 16 characters from
-- the low 5 bits of a v4 UUID's bytes (79 random bits: byte 6 carries one
-- fixed version bit among them). Byte-wise, not bit-wise: twice as fast.
CREATE FUNCTION hop_id(prefix text) RETURNS text
LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$
DECLARE
    alphabet CONSTANT text := '0123456789abcdefghjkmnpqrstvwxyz';
    millis bigint := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
    random_bytes bytea := uuid_send(gen_random_uuid());
    result text := prefix || '_';
BEGIN
    FOR i IN REVERSE 9..0 LOOP
        result := result || substr(alphabet, ((millis >> (i * 5)) & 31)::int + 1, 1);
    END LOOP;
    FOR i IN 0..15 LOOP
        result := result || substr(alphabet, (get_byte(random_bytes, i) & 31) + 1, 1);
    END LOOP;
    RETURN result;
END
$$;

CREATE TABLE webhooks (
    id                  text COLLATE "C" PRIMARY KEY,
    workspace_id        text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment         text NOT NULL CHECK (environment IN ('live', 'test')),
    endpoint            text NOT NULL,
    -- Event type names (docs/api.md#events); '{*}' subscribes to every type, present and future.
    events              text[] NOT NULL,
    -- AES-256-GCM ciphertexts (admin/secretbox.py); never the plain secret.
    secret              bytea NOT NULL,
    previous_secret     bytea,
    previous_secret_expires_at timestamptz,
    status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
    pause_reason        text CHECK (pause_reason IN ('failures', 'gone')),
    paused_at           timestamptz,
    -- Failed attempts in a row across this webhook's deliveries; any 2xx resets it.
    failure_streak      integer NOT NULL DEFAULT 0,
    -- Dispatchers serve the least recently served webhook first.
    last_claimed_at     timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    deleted_at          timestamptz,
    -- Who made it (createdBy; "Who made each resource" at the end of this file).
    created_by          text COLLATE "C"
);
CREATE INDEX webhooks_owner_idx ON webhooks (workspace_id, environment, id) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
    id               text COLLATE "C" PRIMARY KEY,
    webhook_id       text COLLATE "C" NOT NULL REFERENCES webhooks ON DELETE CASCADE,
    event_seq        bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    state            text NOT NULL DEFAULT 'pending'
                     CHECK (state IN ('pending', 'succeeded', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,   -- attempts with a recorded outcome
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    -- Set while a dispatcher holds the delivery; a lease that runs out (the
    -- dispatcher died) makes the same attempt due again.
    lease_until      timestamptz,
    lease_token      uuid,
    created_at       timestamptz NOT NULL DEFAULT now(),
    delivered_at     timestamptz
);
CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (webhook_id, event_seq);
-- The queue: a webhook's pending deliveries in event order.
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (webhook_id, event_seq)
    WHERE state = 'pending';
-- Attempts in flight per webhook, for the per-webhook concurrency bound.
CREATE INDEX webhook_deliveries_leased_idx ON webhook_deliveries (webhook_id)
    WHERE lease_until IS NOT NULL;
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_seq);

-- Wake idle dispatchers (LISTEN webhook_deliveries) when deliveries are queued,
-- instead of waiting for their next poll. Only when rows were inserted: the
-- click ingest runs this INSERT for every batch, mostly with no rows.
CREATE FUNCTION notify_webhook_deliveries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM queued) THEN
        PERFORM pg_notify('webhook_deliveries', '');
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER webhook_deliveries_queued AFTER INSERT ON webhook_deliveries
    REFERENCING NEW TABLE AS queued
    FOR EACH STATEMENT EXECUTE FUNCTION notify_webhook_deliveries();

CREATE TABLE webhook_attempts (
    id             text COLLATE "C" PRIMARY KEY,
    delivery_id    text COLLATE "C" NOT NULL REFERENCES webhook_deliveries ON DELETE CASCADE,
    webhook_id     text COLLATE "C" NOT NULL,
    attempt        integer NOT NULL,
    status_code    smallint,                 -- NULL when no HTTP answer arrived
    duration_ms    integer NOT NULL,
    response_body  text,                     -- the first 2 KB
    error          text,
    succeeded      boolean NOT NULL,
    attempted_at   timestamptz NOT NULL
);
CREATE INDEX webhook_attempts_webhook_idx ON webhook_attempts (webhook_id, id);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id);

-- E-mails to account owners, sent by the worker's mailer (at least once).
CREATE TABLE mail_outbox (
    id               text COLLATE "C" PRIMARY KEY,
    recipient        text NOT NULL,
    subject          text NOT NULL,
    body             text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_error       text,
    sent_at          timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

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


-- An event to write: the columns of events a producer gives.
CREATE TYPE outbox_event AS (
    id           text,
    workspace_id text,
    environment  text,
    type         text,
    data         jsonb,
    created_at   timestamptz
);

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

CREATE TABLE integrations (
    id             text COLLATE "C" PRIMARY KEY,
    workspace_id   text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment    text NOT NULL CHECK (environment IN ('live', 'test')),
    platform       text NOT NULL CHECK (platform IN ('shopify', 'woocommerce')),
    -- Which store: the shop's myshopify.com host, or the WooCommerce site URL.
    store_key      text NOT NULL,
    store_url      text NOT NULL,
    name           text NOT NULL,
    currency       text,
    status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
    revoked_reason text,
    revoked_at     timestamptz,
    -- The sealed credential (admin/integrations/repository.py); NULL once revoked.
    credentials    bytea,
    connected_via  text NOT NULL CHECK (connected_via IN ('token', 'oauth')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    -- Who made it (createdBy; "Who made each resource" at the end of this file).
    created_by     text COLLATE "C",
    UNIQUE (workspace_id, environment, platform, store_key),
    CHECK (status = 'revoked' OR credentials IS NOT NULL)
);
-- Shopify's app/uninstalled webhook names the shop only.
CREATE INDEX integrations_store_idx ON integrations (platform, store_key);

-- Products as last read from the store, so generating copy needs no second call.
CREATE TABLE integration_products (
    integration_id text COLLATE "C" NOT NULL REFERENCES integrations ON DELETE CASCADE,
    product_id     text COLLATE "C" NOT NULL,
    data           jsonb NOT NULL,
    fetched_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (integration_id, product_id)
);

-- One row per product and UTM set: its short link and the copy last generated.
-- link_id is NULL while a generation creates the link (claimed_at says since when).
CREATE TABLE product_links (
    id             text COLLATE "C" PRIMARY KEY,
    integration_id text COLLATE "C" NOT NULL REFERENCES integrations ON DELETE CASCADE,
    workspace_id   text COLLATE "C" NOT NULL,
    environment    text NOT NULL CHECK (environment IN ('live', 'test')),
    product_id     text COLLATE "C" NOT NULL,
    utm_source     text NOT NULL,
    utm_medium     text NOT NULL,
    utm_campaign   text NOT NULL,
    link_id        text COLLATE "C",
    claimed_at     timestamptz,
    generator      text CHECK (generator IN ('ai', 'template')),
    model          text,
    copy           jsonb,
    options        jsonb,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (integration_id, product_id, utm_source, utm_medium, utm_campaign)
);
CREATE INDEX product_links_list_idx ON product_links (integration_id, id);

-- AI generations per account and calendar month (UTC), for the monthly quota.
CREATE TABLE ai_generations (
    workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    month   date NOT NULL,
    count   integer NOT NULL CHECK (count >= 0),
    PRIMARY KEY (workspace_id, month)
);

-- The safety layer: link verdicts, threat feeds, operator decisions, verified domains,
-- sites seen (docs/safety.md).

-- host: the destination's host in Safe Browsing's canonical form (lower-case ASCII,
-- IPv4 dotted-decimal); site: its registrable domain (Public Suffix List, private
-- section included). Together, the key a feed refresh finds links by.
-- Rows from before this migration get both from the worker (NULL until then).
-- safety_override: an operator's decision on this link, which wins until changed.
ALTER TABLE links
    ADD COLUMN host                 text,
    ADD COLUMN site                 text,
    ADD COLUMN safety_verdict       text NOT NULL DEFAULT 'ok'
                                    CHECK (safety_verdict IN ('ok', 'warn', 'block')),
    ADD COLUMN safety_reasons       text[] NOT NULL DEFAULT '{}',
    ADD COLUMN safety_source        text
                                    CHECK (safety_source IN ('heuristic', 'feed', 'operator', 'spam_wave')),
    ADD COLUMN safety_checked_at    timestamptz,
    ADD COLUMN safety_override      text CHECK (safety_override IN ('allow', 'block')),
    ADD COLUMN review_requested_at  timestamptz,
    ADD COLUMN review_message       text;
-- The host → links index of feed refreshes, host rules and spam waves: by site, or by
-- site and host.
CREATE INDEX links_site_idx ON links (site, host) WHERE deleted_at IS NULL;
-- Flagged links (flagged_at is set while the verdict is not ok): the review queue.
CREATE INDEX links_flagged_idx ON links (flagged_at) WHERE flagged_at IS NOT NULL;

-- URLhaus and PhishTank entries as they were at the last download, by the canonical
-- form of their URL (host and path, docs/safety.md).
CREATE TABLE safety_feed_urls (
    source     text NOT NULL CHECK (source IN ('urlhaus', 'phishtank')),
    url_key    text NOT NULL,
    site       text NOT NULL,
    listed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, url_key)
);

-- The local copy of each Google Web Risk threat list: its hash prefixes, sorted, each
-- preceded by its length in one byte, and the version token of the next diff.
CREATE TABLE safety_webrisk_lists (
    threat_type    text PRIMARY KEY,
    version_token  text NOT NULL,
    prefixes       bytea NOT NULL,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- When each feed last loaded and when it is due again (worker loops share these rows).
CREATE TABLE safety_feed_runs (
    source        text PRIMARY KEY,
    refreshed_at  timestamptz,
    entries       integer NOT NULL DEFAULT 0,
    next_at       timestamptz NOT NULL DEFAULT now(),
    last_error    text
);

-- Operator decisions by host (`hop safety allow|block --host`): the host and its
-- subdomains, for existing and future links.
CREATE TABLE safety_host_rules (
    host        text PRIMARY KEY,
    decision    text NOT NULL CHECK (decision IN ('allow', 'block')),
    decided_by  text NOT NULL,
    note        text,
    decided_at  timestamptz NOT NULL DEFAULT now()
);

-- Every operator decision, kept: who decided what, when and why.
CREATE TABLE safety_decisions (
    id          text COLLATE "C" PRIMARY KEY,
    target      text NOT NULL,  -- a link id (lnk_...) or a host
    decision    text NOT NULL CHECK (decision IN ('allow', 'block', 'clear', 'verify', 'unverify')),
    decided_by  text NOT NULL,
    note        text,
    decided_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX safety_decisions_target_idx ON safety_decisions (target, decided_at);

-- Domains an operator verified as an account's own: heuristics never flag them for
-- that account's links (feed hits still do).
CREATE TABLE safety_verified_domains (
    workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    domain       text NOT NULL,
    verified_by  text NOT NULL,
    verified_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, domain)
);

-- Every registrable domain links have pointed at, since when, whether it made a spam
-- wave, and the 4-byte Web Risk prefix of its domain-level expression ("site/").
CREATE TABLE safety_sites (
    site            text PRIMARY KEY,
    first_seen_at   timestamptz NOT NULL,
    wave_at         timestamptz,
    webrisk_prefix  bytea NOT NULL
);
CREATE INDEX safety_sites_prefix_idx ON safety_sites (webrisk_prefix);
-- Sites first seen lately that have not made a wave: the spam-wave candidates.
CREATE INDEX safety_sites_new_idx ON safety_sites (first_seen_at) WHERE wave_at IS NULL;

-- Every host links have pointed at, with the 4-byte Web Risk prefix of its host-level
-- expression ("host/"): a Web Risk refresh finds the sites to look at through these
-- and safety_sites.
CREATE TABLE safety_hosts (
    host            text PRIMARY KEY,
    site            text NOT NULL,
    webrisk_prefix  bytea NOT NULL
);
CREATE INDEX safety_hosts_prefix_idx ON safety_hosts (webrisk_prefix);

-- Lists and bulk changes of links: a link's status as the API names it, for filtering
-- in SQL exactly as admin/links/representation.py reports it. STABLE: "expired" depends
-- on now().
CREATE FUNCTION hop_link_status(verdict text, expires_at timestamptz, exhausted_at timestamptz)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN verdict = 'block' THEN 'blocked'
                WHEN verdict = 'warn' THEN 'flagged'
                WHEN exhausted_at IS NOT NULL
                     OR (expires_at IS NOT NULL AND expires_at <= now()) THEN 'expired'
                ELSE 'active' END
$$;

-- Custom domains (docs/api.md#domains): an account's own short host (go.brand.com),
-- proven by a TXT record at _hop-challenge.<hostname> holding the token. Any number of
-- accounts may claim a hostname while it is pending; once one proves it, it is theirs
-- alone (the unique index) until they delete it or it lapses (migration 0015).
CREATE TABLE domains (
    id           text COLLATE "C" PRIMARY KEY,
    workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    hostname     text COLLATE "C" NOT NULL,
    token        text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    verified_at  timestamptz,
    checked_at   timestamptz,
    deleted_at   timestamptz
);
CREATE UNIQUE INDEX domains_owner_hostname_key ON domains (workspace_id, environment, hostname)
    WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX domains_verified_hostname_key ON domains (hostname)
    WHERE verified_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX domains_owner_idx ON domains (workspace_id, environment, id) WHERE deleted_at IS NULL;
-- Clicks at scale (issue 14): the clicks table range-partitioned by month, and
-- unique visitors counted with HyperLogLog sketches per link and UTC day, so a
-- link's analytics cost grows with days, never with clicks (docs/analytics.md).

-- A visitor id (a 16-byte keyed BLAKE2b hash, uniformly distributed) as one
-- HyperLogLog observation: register = its first 14 bits (16,384 registers), rank
-- = 1 + leading zeros of the next 50 bits (51 when all are zero). Packed as
-- register << 8 | rank, whose last three big-endian bytes are the sparse entry.
CREATE FUNCTION hll_observation(visitor bytea) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT ((get_byte(visitor, 0) << 6) | (get_byte(visitor, 1) >> 2)) << 8
         | coalesce(nullif(position(B'1' IN substring(
               ('x' || encode(substring(visitor FROM 2 FOR 8), 'hex'))::bit(64) FROM 7 FOR 50)), 0),
               51)
$$;

-- A sketch is either dense (exactly 16,384 bytes: one rank per register) or
-- sparse (3-byte entries: register high byte, low byte, rank; 16,384 is not a
-- multiple of 3, so the length tells them apart). A link-day with a handful of
-- visitors stays a few bytes. Merging takes each register's highest rank, so it
-- is commutative and idempotent: a replayed batch changes nothing.
CREATE FUNCTION hll_merge(sketch bytea, incoming bytea) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
    dense bytea;
    source bytea;
    register integer;
    rank integer;
BEGIN
    IF incoming IS NULL THEN
        RETURN sketch;
    END IF;
    IF sketch IS NULL THEN
        IF length(incoming) <= 3 * 1024 OR length(incoming) = 16384 THEN
            RETURN incoming;  -- small sparse sketches stay sparse
        END IF;
        sketch := ''::bytea;
    END IF;
    IF length(incoming) = 16384 AND length(sketch) <> 16384 THEN
        RETURN hll_merge(incoming, sketch);  -- fold the sparse one into the dense one
    END IF;
    IF length(sketch) <> 16384 AND length(incoming) <> 16384
       AND length(sketch) + length(incoming) <= 3 * 1024 THEN
        RETURN sketch || incoming;  -- still small: a register listed twice counts once
    END IF;
    IF length(sketch) = 16384 THEN
        dense := sketch;
    ELSE
        dense := decode(repeat('00', 16384), 'hex');
        incoming := sketch || incoming;  -- fold the sparse entries of both
    END IF;
    IF length(incoming) = 16384 THEN
        source := incoming;
        FOR register IN 0..16383 LOOP
            rank := get_byte(source, register);
            IF rank > get_byte(dense, register) THEN
                dense := set_byte(dense, register, rank);
            END IF;
        END LOOP;
        RETURN dense;
    END IF;
    FOR entry IN 0..length(incoming) / 3 - 1 LOOP
        register := (get_byte(incoming, 3 * entry) << 8) | get_byte(incoming, 3 * entry + 1);
        rank := get_byte(incoming, 3 * entry + 2);
        IF rank > get_byte(dense, register) THEN
            dense := set_byte(dense, register, rank);
        END IF;
    END LOOP;
    RETURN dense;
END
$$;

-- One sketch of the non-bot visitors per link and UTC day, kept by the worker in
-- the statement that stores the clicks.
CREATE TABLE click_uniques (
    link_id  text COLLATE "C" NOT NULL,
    day      date NOT NULL,
    sketch   bytea NOT NULL,
    PRIMARY KEY (link_id, day)
);

-- The partition of one month (UTC), created if missing; rows of that month
-- waiting in the default partition move into it. Housekeeping calls this ahead of
-- time, so clicks normally never reach the default partition.
CREATE FUNCTION hop_click_partition(month date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    first_day date := date_trunc('month', month)::date;
    name text := 'clicks_' || to_char(first_day, 'YYYY_MM');
    lower_at timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
    upper_at timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
BEGIN
    -- Every worker's housekeeping may get here at once: one at a time.
    PERFORM pg_advisory_xact_lock(hashtext('hop_click_partition'));
    IF to_regclass(name) IS NOT NULL THEN
        RETURN false;
    END IF;
    EXECUTE format('CREATE TABLE %I (LIKE clicks INCLUDING DEFAULTS)', name);
    EXECUTE format('WITH moved AS (DELETE FROM clicks_default WHERE clicked_at >= $1'
                   ' AND clicked_at < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved', name)
        USING lower_at, upper_at;
    EXECUTE format('ALTER TABLE clicks ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
                   name, lower_at, upper_at);
    RETURN true;
END
$$;

-- Monthly partitions wholly older than `keep_days` days are dropped (rollups and
-- sketches stay); returns their names. keep_days = 0 keeps everything.
CREATE FUNCTION hop_drop_click_partitions(keep_days integer) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
    horizon timestamptz := now() - make_interval(days => keep_days);
    part text;
BEGIN
    IF keep_days <= 0 THEN
        RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('hop_click_partition'));
    FOR part IN
        SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'clicks'::regclass AND c.relname ~ '^clicks_[0-9]{4}_[0-9]{2}$'
          AND (to_date(substring(c.relname FROM 8), 'YYYY_MM') + interval '1 month')::timestamp
              AT TIME ZONE 'UTC' <= horizon
        ORDER BY c.relname
    LOOP
        EXECUTE format('DROP TABLE %I', part);
        RETURN NEXT part;
    END LOOP;
    -- Clicks that old waiting in the default partition go too.
    DELETE FROM clicks_default WHERE clicked_at < horizon;
END
$$;

-- This month and the next two.
SELECT hop_click_partition(month::date)
FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                     date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months',
                     interval '1 month') AS month;

-- Retention (HOP_DELIVERY_RETENTION, HOP_EVENT_RETENTION): the worker prunes
-- finished deliveries and old events by age, in small batches.
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (created_at)
    WHERE state <> 'pending';
CREATE INDEX events_created_idx ON events (created_at);

-- Links decided at the edge (migration 0011_link_rules).

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

-- Links on custom domains (migration 0012_link_domains).

-- Links on custom domains (docs/api.md#domains): a link lives on the default short host
-- (domain '') or on one of its owner's verified domains, and codes are unique per domain.
-- '' rather than NULL: the domain is part of short_codes' primary key, and the same
-- value in links keeps a join of the two a plain equality.
ALTER TABLE links ADD COLUMN domain text COLLATE "C" NOT NULL DEFAULT '';
-- Deleting a domain is refused while links use it; this finds them.
CREATE INDEX links_domain_idx ON links (domain, environment) WHERE domain <> '' AND deleted_at IS NULL;

-- Who holds each code, now per (environment, domain): the same alias may exist on the
-- default host and on go.brand.com. Existing rows are the default host's. The claim stays
-- one INSERT .. ON CONFLICT on this key.
ALTER TABLE short_codes ADD COLUMN domain text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE short_codes DROP CONSTRAINT short_codes_pkey;
ALTER TABLE short_codes ADD PRIMARY KEY (environment, domain, short_code);

-- Other destination hosts of links (migration 0013_link_destination_hosts).
-- Every host a link may send a visitor to besides its longUrl's (links.host): the hosts
-- of its targeting rules' URLs, A/B variants' URLs, expiredUrl and, for QR app codes,
-- iosUrl and androidUrl. host and site are in the form of links.host and links.site
-- (admin/safety/urlforms.py locate), so feed refreshes, operator host rules, Web Risk
-- and spam waves find a link through any of its destinations (docs/safety.md).
-- Written with the link (same statement or transaction), replaced when its
-- destinations change; links from before this migration get theirs from the worker.
CREATE TABLE link_destination_hosts (
    link_id  text COLLATE "C" NOT NULL REFERENCES links ON DELETE CASCADE,
    host     text NOT NULL,
    site     text NOT NULL,
    PRIMARY KEY (link_id, host)
);
-- The host → links index of the extra destinations, as links_site_idx is of longUrl:
-- by site, or by site and host.
CREATE INDEX link_destination_hosts_site_idx ON link_destination_hosts (site, host);

-- Re-verification of custom domains (migration 0015_domain_reverification).
-- Verified domains are checked again on a schedule (docs/api.md#domains): the worker looks
-- the TXT proof up every HOP_DOMAIN_REVERIFY_INTERVAL. lapsing_since: when a check first
-- found the proof gone (the domain is still served; HOP_DOMAIN_LAPSE_GRACE runs from here,
-- and a check that finds it again clears it). lapsed_at: when the grace ran out and the
-- domain stopped being served; verified_at is cleared then, which releases the name to
-- whoever proves it next (domains_verified_hostname_key).
ALTER TABLE domains
    ADD COLUMN lapsing_since  timestamptz,
    ADD COLUMN lapsed_at      timestamptz;
-- The verified domains by their last check: the worker takes the longest unchecked first.
CREATE INDEX domains_due_idx ON domains (checked_at) WHERE verified_at IS NOT NULL AND deleted_at IS NULL;

-- Who made each resource (migration 0017_workspaces): links, QR codes, Bio pages,
-- webhooks, domains and integrations carry created_by, the API's createdBy: the API key
-- (key_…) when one made it, else the person (usr_…: a dashboard session or an access
-- token). No foreign key: it names a user or a key and outlives both (a member who left,
-- a revoked key). Written once, when the row is made; NULL for rows made before
-- workspaces. The other four tables have the column at the end of their CREATE TABLE.
ALTER TABLE links ADD COLUMN created_by text COLLATE "C";
ALTER TABLE domains ADD COLUMN created_by text COLLATE "C";

-- Sign-in beyond passwords (docs/security.md#sign-in).
-- Identities at other providers a user signs in with: the install's OpenID Connect
-- provider ('oidc'), GitHub ('github'), a workspace's connection ('sso:<workspace id>').
CREATE TABLE user_identities (
    id            text COLLATE "C" PRIMARY KEY,
    user_id       text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    provider      text COLLATE "C" NOT NULL,
    -- The provider's stable id for the person (`sub`, GitHub's numeric user id).
    subject       text COLLATE "C" NOT NULL,
    email         text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz
);
CREATE UNIQUE INDEX user_identities_subject_key ON user_identities (provider, subject);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- TOTP (RFC 6238): the secret sealed like store credentials; confirmed once a first code
-- proved the authenticator holds it. last_step is the newest time step accepted, so a code
-- is accepted once.
CREATE TABLE user_totp (
    user_id       text COLLATE "C" PRIMARY KEY REFERENCES users ON DELETE CASCADE,
    secret        bytea NOT NULL,
    confirmed_at  timestamptz,
    last_step     bigint,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes, shown once, stored as SHA-256, each single use.
CREATE TABLE recovery_codes (
    id         text COLLATE "C" PRIMARY KEY,
    user_id    text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    code_hash  bytea NOT NULL,
    used_at    timestamptz
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);

-- Passkeys (WebAuthn credentials): several per person, each named.
CREATE TABLE passkeys (
    id             text COLLATE "C" PRIMARY KEY,
    user_id        text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    credential_id  bytea NOT NULL,
    public_key     bytea NOT NULL,
    sign_count     bigint NOT NULL DEFAULT 0,
    transports     text[] NOT NULL DEFAULT '{}',
    name           text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_used_at   timestamptz
);
CREATE UNIQUE INDEX passkeys_credential_key ON passkeys (credential_id);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- A workspace's own OpenID Connect connection; the client secret sealed, never returned.
CREATE TABLE workspace_sso (
    workspace_id   text COLLATE "C" PRIMARY KEY REFERENCES workspaces ON DELETE CASCADE,
    issuer         text NOT NULL,
    client_id      text NOT NULL,
    client_secret  bytea NOT NULL,
    -- Members whose address is on a verified domain below sign in through it only.
    require_sso    boolean NOT NULL DEFAULT false,
    -- The role of people from those domains who join by signing in (just in time).
    default_role   text NOT NULL DEFAULT 'member'
                   CHECK (default_role IN ('admin', 'member', 'viewer')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- The e-mail domains a workspace's connection speaks for, each proven by a TXT record
-- (as custom domains are); a domain is one workspace's once proven.
CREATE TABLE sso_domains (
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    domain        text COLLATE "C" NOT NULL,
    token         text NOT NULL,
    verified_at   timestamptz,
    checked_at    timestamptz,
    PRIMARY KEY (workspace_id, domain)
);
CREATE UNIQUE INDEX sso_domains_verified_key ON sso_domains (domain)
    WHERE verified_at IS NOT NULL;

-- Owners may require two-factor sign-in of every member.
ALTER TABLE workspaces ADD COLUMN require_mfa boolean NOT NULL DEFAULT false;

-- Imports from other link shorteners (docs/import.md): the job a person watches, where
-- it stands in the source, and which of the source's links came over.

-- A job: run by the worker a page at a time. cursor is where the next page starts in
-- the source (the source's own paging token, opaque here); it is written in the
-- transaction that writes the page's links, so a job taken over after a worker died
-- goes on from the first page not written. credentials are sealed (admin/secretbox.py)
-- and, like a CSV's content (payload), dropped when the job ends.
CREATE TABLE imports (
    id            text COLLATE "C" PRIMARY KEY,
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment   text NOT NULL CHECK (environment IN ('live', 'test')),
    -- Who started it: the API key's id or the person's (createdBy), and the person.
    created_by    text COLLATE "C",
    user_id       text COLLATE "C",
    source        text NOT NULL,
    -- The source's address (options.baseUrl, else its public API) without credentials:
    -- with the source, it names where each link's source id comes from.
    origin        text NOT NULL,
    options       jsonb NOT NULL DEFAULT '{}',
    credentials   bytea,
    payload       text,
    status        text NOT NULL DEFAULT 'queued'
                  CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    reason        text,
    cursor        text,
    pages         integer NOT NULL DEFAULT 0,
    total         integer,
    imported      integer NOT NULL DEFAULT 0,
    skipped       integer NOT NULL DEFAULT 0,
    remapped      integer NOT NULL DEFAULT 0,
    failed        integer NOT NULL DEFAULT 0,
    -- The worker holding a running job (runner: a token of its claim) keeps renewing
    -- lease_until; past it, another takes over, and the first one's writes are refused.
    runner        text,
    lease_until   timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    started_at    timestamptz,
    finished_at   timestamptz
);
CREATE INDEX imports_owner_idx ON imports (workspace_id, environment, id);
CREATE INDEX imports_waiting_idx ON imports (created_at) WHERE status IN ('queued', 'running');

-- What the report says of single links: the ones that failed, were skipped or came
-- over under a new code, and why.
CREATE TABLE import_notes (
    import_id   text COLLATE "C" NOT NULL REFERENCES imports ON DELETE CASCADE,
    seq         integer NOT NULL,
    kind        text NOT NULL CHECK (kind IN ('failed', 'remapped')),
    source_id   text NOT NULL,
    reason      text NOT NULL,
    code        text,
    new_code    text,
    PRIMARY KEY (import_id, seq)
);

-- Each link that came over, by where it came from: a second run of the same import
-- skips what is here. source_key is '<source> <origin> <the source's id of the link>'.
CREATE TABLE imported_links (
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    environment   text NOT NULL CHECK (environment IN ('live', 'test')),
    source_key    text NOT NULL,
    link_id       text COLLATE "C" NOT NULL,
    import_id     text COLLATE "C" NOT NULL,
    PRIMARY KEY (workspace_id, environment, source_key)
);

-- The lifetime clicks a link had at its source, shown beside ours (importedClicks), and
-- the source's archived state.
ALTER TABLE links ADD COLUMN imported_clicks bigint NOT NULL DEFAULT 0;
ALTER TABLE links ADD COLUMN archived boolean NOT NULL DEFAULT false;

-- Cities and regions of clicks (issue 29): with HOP_GEOIP_DB the worker looks the
-- client address up in a GeoIP city database (admin/analytics/geo.py); '' when unknown
-- or without one. Added to the partitioned clicks table, every partition takes them,
-- and hop_click_partition() makes new ones LIKE clicks, so they have them too.
ALTER TABLE clicks
    ADD COLUMN region text NOT NULL DEFAULT '',  -- ISO 3166-2 (e.g. DE-BY), else the name
    ADD COLUMN city   text NOT NULL DEFAULT '';  -- English name

-- The daily rollups count them as they count the country: two more columns of each
-- combination, so the worker's upserts per batch stay as they were. Rows grow only
-- where a link's clicks come from more places, never beyond one per click and day.
ALTER TABLE click_rollups
    ADD COLUMN region text NOT NULL DEFAULT '',
    ADD COLUMN city   text NOT NULL DEFAULT '';
ALTER TABLE click_rollups DROP CONSTRAINT click_rollups_pkey;
ALTER TABLE click_rollups
    ADD CONSTRAINT click_rollups_pkey
    PRIMARY KEY (link_id, day, is_bot, country, region, city, device, os, browser, referrer_host);
-- Privacy (0021, docs/privacy.md): DNT honoured per workspace, old clicks anonymised,
-- clicks purged with their link.

-- When set, a click whose request said DNT: 1 or Sec-GPC: 1 is counted but stored
-- without visitor id, user agent and referrer (admin/analytics/ingest.sql).
ALTER TABLE workspaces ADD COLUMN honor_dnt boolean NOT NULL DEFAULT false;

-- A link deleted with purgeClicks: its clicks are gone, and the ones still on their way
-- through the click stream are dropped at ingest rather than stored after the purge.
ALTER TABLE links ADD COLUMN clicks_purged boolean NOT NULL DEFAULT false;

-- Anonymisation walks the clicks in time order; a BRIN index finds a day's clicks for
-- a few pages of index and costs the ingest next to nothing (clicks arrive in time order).
CREATE INDEX clicks_clicked_at_brin ON clicks USING brin (clicked_at);

-- Every click older than done_before has been anonymised: each housekeeping run goes on
-- from here instead of scanning the old clicks again. One row.
CREATE TABLE click_anonymization (
    singleton    boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    done_before  timestamptz NOT NULL
);
-- Orphan visits (issue 29, docs/analytics.md#orphans): requests the edge answered with no
-- link (an unknown code or path, the bare host, an expired or deleted link), counted
-- through the click stream into rollups only; no raw row is kept per visit. domain is
-- the custom hostname, '' for the default short host.
CREATE TABLE orphan_rollups (
    domain       text NOT NULL,
    day          date NOT NULL,
    orphan_type  text NOT NULL CHECK (orphan_type IN ('unknown', 'base', 'expired', 'deleted')),
    is_bot       boolean NOT NULL,
    visits       bigint NOT NULL,
    PRIMARY KEY (domain, day, orphan_type, is_bot)
);

-- The day's paths ('p') and referrer hosts ('r') of a domain's orphan visits: the first
-- 100 distinct values a day each get a row, every later one is counted under value ''
-- ("other"; no path or host is ''), so a day holds at most 101 rows of each.
CREATE TABLE orphan_tops (
    domain     text NOT NULL,
    day        date NOT NULL,
    dimension  "char" NOT NULL CHECK (dimension IN ('p', 'r')),
    value      text NOT NULL,
    visits     bigint NOT NULL,
    PRIMARY KEY (domain, day, dimension, value)
);

-- The event ids of orphan visits stored lately: the click stream delivers at least once,
-- and without a raw row this is what makes a redelivered visit count once. Only the id
-- and its day; the ingest statement deletes ids older than a week as it goes.
CREATE TABLE orphan_seen (
    event_id  text COLLATE "C" PRIMARY KEY,
    seen_on   date NOT NULL
);
CREATE INDEX orphan_seen_day_idx ON orphan_seen (seen_on);

-- A verified domain's "not found" destination: its unknown codes redirect there.
ALTER TABLE domains ADD COLUMN not_found_url text;

-- Case-insensitive codes, trailing slashes and extra paths (issue 30, docs/decisions.md).
-- A custom domain's codes may be case-insensitive (/Sale, /SALE and /sale one link); the
-- default short host's are when the install says so (HOP_CASE_INSENSITIVE_CODES, copied
-- into install_flags by `hop cache rebuild`, which the worker runs at start).
ALTER TABLE domains ADD COLUMN case_sensitive boolean NOT NULL DEFAULT true;

CREATE TABLE install_flags (
    name     text PRIMARY KEY,
    enabled  boolean NOT NULL
);

-- What names a code in its namespace: the code itself, lower-cased on a case-insensitive
-- host, so that one unique index makes codes clash as their host compares them; it is also
-- the name of the code's entry in Redis (common/keys.py), which the edge looks up with the
-- requested code folded the same way. A code shadowed by an older one that differs only in
-- case (the default host turned case-insensitive with clashes) is '~' || short_code: no
-- request names it ('~' is no code's character) and it clashes with nothing.
ALTER TABLE short_codes ADD COLUMN code_key text COLLATE "C";
UPDATE short_codes SET code_key = short_code;
ALTER TABLE short_codes ALTER COLUMN code_key SET NOT NULL;
CREATE UNIQUE INDEX short_codes_code_key ON short_codes (environment, domain, code_key);
-- The link's code_key as short_codes holds it (NULL: its short_code, every link before this).
ALTER TABLE links ADD COLUMN code_key text COLLATE "C";
-- What /<code>/<more> answers: NULL the 404 it always did, 'ignore' the link's
-- destination, 'append' the destination with /<more> appended.
ALTER TABLE links ADD COLUMN extra_path text CHECK (extra_path IN ('ignore', 'append'));

-- The code_key of a code written now on a domain ('' the default short host).
CREATE FUNCTION hop_code_key(p_domain text, p_code text) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN
        CASE WHEN p_domain = '' THEN EXISTS (
                 SELECT 1 FROM install_flags WHERE name = 'case_insensitive_codes' AND enabled)
             ELSE EXISTS (
                 SELECT 1 FROM domains
                 WHERE hostname = p_domain AND verified_at IS NOT NULL AND deleted_at IS NULL
                   AND NOT case_sensitive)
        END
    THEN lower(p_code) ELSE p_code END
$$;

-- The caller's own id of a link (externalId, migration 0024_link_external_ids): what
-- PUT /v1/links/upsert finds a link by. Unique among the live links of a workspace's
-- environment; a deleted link lets its id go. Two concurrent upserts of one id make one
-- link: the second insert fails on this index and finds the first's link instead.
ALTER TABLE links ADD COLUMN external_id text COLLATE "C";
CREATE UNIQUE INDEX links_external_id_key ON links (workspace_id, environment, external_id)
    WHERE external_id IS NOT NULL AND deleted_at IS NULL;
-- An upsert without externalId or alias finds the link by its destination on its domain
-- (admin/links/queries.sql lock_destination); md5 because a URL may be longer than a
-- btree entry may hold.
CREATE INDEX links_destination_idx ON links (workspace_id, environment, domain, md5(long_url))
    WHERE deleted_at IS NULL AND managed_by IS NULL;

-- Broken destinations (issue 30, docs/api.md#link-health): the worker checks each live
-- link's destinations every HOP_LINK_HEALTH_INTERVAL (admin/links/health.py).

-- What the last check found, on the link itself so every read of a link has it (the
-- Link resource's health); NULL before the first check. No index on these: writing a
-- result stays a HOT update.
ALTER TABLE links
    ADD COLUMN health_status       text CHECK (health_status IN ('ok', 'broken', 'unknown')),
    ADD COLUMN health_http_status  smallint,
    ADD COLUMN health_url          text,         -- the destination the status is about
    ADD COLUMN health_checked_at   timestamptz,
    -- Since when the link is broken; cleared by a check that finds it ok (an unknown
    -- answer leaves it): link.broken is emitted when it is set, once per episode.
    ADD COLUMN health_broken_since timestamptz,
    -- When a worker last took the link for a check (SKIP LOCKED): the round's claim.
    ADD COLUMN health_claimed_at   timestamptz;
-- The round walks the live links oldest claim first: an index scan, not a scan of links.
CREATE INDEX links_health_due_idx ON links (health_claimed_at NULLS FIRST, id)
    WHERE deleted_at IS NULL;

-- One switch per workspace (PATCH /v1/workspaces/:id {"linkHealth": {"enabled": false}}).
ALTER TABLE workspaces ADD COLUMN link_health boolean NOT NULL DEFAULT true;

-- Links found broken, waiting for their workspace's daily digest to its owners: a row a
-- time a link broke; mailed_at is set by the digest that listed (or dropped) it.
CREATE TABLE link_health_breaks (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    link_id       text COLLATE "C" NOT NULL REFERENCES links ON DELETE CASCADE,
    broke_at      timestamptz NOT NULL DEFAULT now(),
    mailed_at     timestamptz
);
CREATE INDEX link_health_breaks_pending_idx ON link_health_breaks (workspace_id)
    WHERE mailed_at IS NULL;

-- When each workspace's last digest went out: at most one per HOP_LINK_HEALTH_DIGEST_INTERVAL.
CREATE TABLE link_health_digests (
    workspace_id  text COLLATE "C" PRIMARY KEY REFERENCES workspaces ON DELETE CASCADE,
    sent_at       timestamptz NOT NULL
);
-- Deep links (issue 30): a link's app URL (a custom scheme or a universal / app link),
-- which the edge opens for visitors on iOS and Android before falling back to ios_url,
-- android_url or the destination (docs/decisions.md#deep-links-issue-30). A rule's own app URL
-- and stores live in its JSON (rules).
ALTER TABLE links ADD COLUMN app_url text;
-- A QR code's style (logo, frame, shapes, gradient, colours, error correction): every
-- image is drawn with it; '{}' is black on white at M (docs/qr.md#style).
ALTER TABLE qr_codes ADD COLUMN style jsonb NOT NULL DEFAULT '{}';
