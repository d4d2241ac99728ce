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
