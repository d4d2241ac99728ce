-- name: ensure_click_partitions
-- This month's partition of the clicks table and the next two (0010_click_partitions.sql).
SELECT count(*) FILTER (WHERE hop_click_partition(month::date))
FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                     date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months',
                     interval '1 month') AS month

-- name: drop_click_partitions
SELECT hop_drop_click_partitions(%(days)s)
