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
