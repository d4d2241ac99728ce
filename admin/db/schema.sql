-- Accounts, API keys, refresh tokens, links, the event outbox, idempotency keys.
-- Ids are prefixed ULIDs (common/ids.py) compared byte-wise: COLLATE "C" keeps
-- keyset pagination in creation order whatever the database's locale.

CREATE TABLE users (
    id                text COLLATE "C" PRIMARY KEY,
    email             text NOT NULL,
    password_hash     text NOT NULL,
    plan              text NOT NULL CHECK (plan IN ('free', 'pro', 'business')),
    -- Business accounts carry negotiated limits; NULL means the plan's setting.
    limit_per_minute  integer CHECK (limit_per_minute > 0),
    limit_per_month   integer CHECK (limit_per_month > 0),
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE api_keys (
    id            text COLLATE "C" PRIMARY KEY,
    user_id       text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    environment   text NOT NULL CHECK (environment IN ('live', 'test')),
    prefix        text NOT NULL,
    -- SHA-256 of the whole key. Keys carry 256 random bits, so a fast hash is
    -- enough (as GitHub and Stripe do); the key itself is never stored.
    key_hash      bytea NOT NULL,
    scopes        text[] NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz,
    revoked_at    timestamptz
);
CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

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

CREATE TABLE links (
    id             text COLLATE "C" PRIMARY KEY,
    user_id        text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
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
-- A deleted link keeps its row (the edge answers 410 for it) but frees its code.
CREATE UNIQUE INDEX links_short_code_key ON links (short_code) WHERE deleted_at IS NULL;
CREATE INDEX links_owner_idx ON links (user_id, environment, id) WHERE deleted_at IS NULL;
CREATE INDEX links_tags_idx ON links USING gin (tags) WHERE deleted_at IS NULL;
CREATE INDEX links_updated_idx ON links (updated_at);

-- The transactional outbox: every event is written here in the transaction of
-- the change that caused it; the worker fans it out to webhooks.
CREATE TABLE events (
    seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id           text COLLATE "C" NOT NULL,
    user_id      text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    type         text NOT NULL,
    data         jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX events_id_key ON events (id);
CREATE INDEX events_owner_idx ON events (user_id, environment, seq);

CREATE TABLE idempotency_keys (
    user_id        text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    environment    text NOT NULL,
    key            text NOT NULL,
    request_hash   bytea NOT NULL,
    status_code    smallint,            -- NULL while the first request runs
    response_headers jsonb,
    response_body  bytea,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, environment, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
-- Click analytics: one row per redirect, daily rollups, and the
-- salt that makes visitor ids (hashed IP + user agent) unlinkable to addresses.

CREATE TABLE clicks (
    -- The edge's event id: inserting the same event twice is a no-op.
    event_id       text COLLATE "C" PRIMARY KEY,
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
    is_qr          boolean NOT NULL DEFAULT false
);
CREATE INDEX clicks_link_time_idx ON clicks (link_id, clicked_at DESC, event_id DESC);

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
    user_id      text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
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
    CHECK (payload IS NOT NULL OR link_id IS NOT NULL)
);
CREATE INDEX qr_codes_owner_idx ON qr_codes (user_id, environment, id) WHERE deleted_at IS NULL;
-- A scan arrives as a click on a link flagged as a QR scan; at most one live code
-- per link makes the scanned code unambiguous.
CREATE UNIQUE INDEX qr_codes_link_key ON qr_codes (link_id) WHERE deleted_at IS NULL;

CREATE TABLE bio_pages (
    id            text COLLATE "C" PRIMARY KEY,
    user_id       text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
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
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bio_pages_username_key ON bio_pages (username);
CREATE UNIQUE INDEX bio_pages_owner_key ON bio_pages (user_id, environment);

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
