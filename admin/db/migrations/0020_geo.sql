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
