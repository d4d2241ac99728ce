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
