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
