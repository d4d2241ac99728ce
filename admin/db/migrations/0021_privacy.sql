-- Privacy the operator can promise (docs/privacy.md): a workspace may honour its
-- visitors' Do-Not-Track and Global Privacy Control signals, raw clicks lose their
-- visitor id and user agent past HOP_CLICK_ANONYMIZE_DAYS, and deleting a link may
-- purge its clicks.

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
