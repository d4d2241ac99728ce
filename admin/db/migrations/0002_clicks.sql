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
