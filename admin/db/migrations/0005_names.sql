-- Who holds each short code and Bio username (issue 8).
--
-- The live and the sandbox environment are separate namespaces: a code or a
-- username is unique per environment, and the edge serves sandbox ones under
-- <short_base_url>/test/ only.
--
-- A code stays held after its link is deleted or moves to another alias:
-- freed_at is set, and for HOP_CODE_RESERVATION_DAYS only the same owner may
-- take it again, so printed QR codes and shared links of a deleted link never
-- start sending their visitors to someone else's destination. Claiming is one
-- INSERT .. ON CONFLICT DO UPDATE .. WHERE on the primary key: it waits for a
-- concurrent delete or rename and judges the row as that left it, so there is
-- no window between "is it free?" and "take it".
--
-- No foreign keys: links and users are never removed (deleted links keep their
-- row), and the link insert is on the create hot path.

CREATE TABLE short_codes (
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    short_code   text COLLATE "C" NOT NULL,
    user_id      text COLLATE "C" NOT NULL,
    -- The link holding the code, or the last one that did (freed_at set).
    link_id      text COLLATE "C" NOT NULL,
    freed_at     timestamptz,
    PRIMARY KEY (environment, short_code)
);

-- Every code the edge knows today: the live link holding it, else its latest
-- deleted link. Codes freed by an alias change before this migration were not
-- recorded and stay free.
INSERT INTO short_codes (environment, short_code, user_id, link_id, freed_at)
SELECT DISTINCT ON (environment, short_code) environment, short_code, user_id, id, deleted_at
FROM links
ORDER BY environment, short_code, (deleted_at IS NULL) DESC, deleted_at DESC;

-- short_codes now decides who holds a code; links need no index on it.
DROP INDEX links_short_code_key;

CREATE TABLE bio_usernames (
    environment  text NOT NULL CHECK (environment IN ('live', 'test')),
    username     text COLLATE "C" NOT NULL,
    user_id      text COLLATE "C" NOT NULL,
    -- The page holding the name, or the last one that did (freed_at set).
    bio_id       text COLLATE "C" NOT NULL,
    freed_at     timestamptz,
    PRIMARY KEY (environment, username)
);

INSERT INTO bio_usernames (environment, username, user_id, bio_id)
SELECT environment, username, user_id, id FROM bio_pages;

DROP INDEX bio_pages_username_key;
CREATE UNIQUE INDEX bio_pages_username_key ON bio_pages (environment, username);
