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

-- The clicks table, partitioned by month of clicked_at. The primary key must hold
-- the partition key: (event_id, clicked_at) is as strong as event_id alone because
-- a click's time comes with its event from the edge, so a replay repeats both.
ALTER TABLE clicks RENAME TO clicks_unpartitioned;
ALTER INDEX clicks_pkey RENAME TO clicks_unpartitioned_pkey;
ALTER INDEX clicks_link_time_idx RENAME TO clicks_unpartitioned_link_time_idx;
-- PostgreSQL 18 names NOT NULL constraints after the table (clicks_event_id_not_null):
-- free those names for the new table (nothing to do on older servers).
DO $$
DECLARE
    constraint_name text;
BEGIN
    FOR constraint_name IN
        SELECT conname FROM pg_constraint
        WHERE conrelid = 'clicks_unpartitioned'::regclass AND conname LIKE 'clicks\_%'
          AND conname NOT LIKE 'clicks\_unpartitioned%'
    LOOP
        EXECUTE format('ALTER TABLE clicks_unpartitioned RENAME CONSTRAINT %I TO %I',
                       constraint_name, 'old_' || constraint_name);
    END LOOP;
END
$$;

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

-- Existing clicks move month by month; then this month and the next two exist.
SELECT hop_click_partition(month::date)
FROM generate_series(
         date_trunc('month', least(coalesce((SELECT min(clicked_at) FROM clicks_unpartitioned),
                                            now()), now()) AT TIME ZONE 'UTC'),
         date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months',
         interval '1 month') AS month;
INSERT INTO clicks SELECT * FROM clicks_unpartitioned;
DROP TABLE clicks_unpartitioned;

-- Sketches for the clicks stored so far.
INSERT INTO click_uniques (link_id, day, sketch)
SELECT link_id, day,
       hll_merge(NULL, string_agg(substring(int4send(observation) FROM 2), ''::bytea))
FROM (SELECT link_id, (clicked_at AT TIME ZONE 'UTC')::date AS day,
             max(hll_observation(visitor_id)) AS observation
      FROM clicks WHERE NOT is_bot
      GROUP BY 1, 2, hll_observation(visitor_id) >> 8) AS registers
GROUP BY 1, 2;

-- Retention (HOP_DELIVERY_RETENTION, HOP_EVENT_RETENTION): the worker prunes
-- finished deliveries and old events by age, in small batches.
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (created_at)
    WHERE state <> 'pending';
CREATE INDEX events_created_idx ON events (created_at);
