-- The safety layer (issue 11, docs/safety.md): each link's verdict and where it came
-- from, threat-feed entries, operator decisions with their audit log, accounts'
-- verified domains, and the registrable domains seen so far (spam waves, Web Risk).
-- One file on purpose, so it can be renumbered as a whole when branches merge.

-- host: the destination's host in Safe Browsing's canonical form (lower-case ASCII,
-- IPv4 dotted-decimal); site: its registrable domain (Public Suffix List, private
-- section included). Together, the key a feed refresh finds links by.
-- Rows from before this migration get both from the worker (NULL until then).
-- safety_override: an operator's decision on this link, which wins until changed.
ALTER TABLE links
    ADD COLUMN host                 text,
    ADD COLUMN site                 text,
    ADD COLUMN safety_verdict       text NOT NULL DEFAULT 'ok'
                                    CHECK (safety_verdict IN ('ok', 'warn', 'block')),
    ADD COLUMN safety_reasons       text[] NOT NULL DEFAULT '{}',
    ADD COLUMN safety_source        text
                                    CHECK (safety_source IN ('heuristic', 'feed', 'operator', 'spam_wave')),
    ADD COLUMN safety_checked_at    timestamptz,
    ADD COLUMN safety_override      text CHECK (safety_override IN ('allow', 'block')),
    ADD COLUMN review_requested_at  timestamptz,
    ADD COLUMN review_message       text;
-- The host → links index of feed refreshes, host rules and spam waves: by site, or by
-- site and host.
CREATE INDEX links_site_idx ON links (site, host) WHERE deleted_at IS NULL;
-- Flagged links (flagged_at is set while the verdict is not ok): the review queue.
CREATE INDEX links_flagged_idx ON links (flagged_at) WHERE flagged_at IS NOT NULL;

-- URLhaus and PhishTank entries as they were at the last download, by the canonical
-- form of their URL (host and path, docs/safety.md).
CREATE TABLE safety_feed_urls (
    source     text NOT NULL CHECK (source IN ('urlhaus', 'phishtank')),
    url_key    text NOT NULL,
    site       text NOT NULL,
    listed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source, url_key)
);

-- The local copy of each Google Web Risk threat list: its hash prefixes, sorted, each
-- preceded by its length in one byte, and the version token of the next diff.
CREATE TABLE safety_webrisk_lists (
    threat_type    text PRIMARY KEY,
    version_token  text NOT NULL,
    prefixes       bytea NOT NULL,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- When each feed last loaded and when it is due again (worker loops share these rows).
CREATE TABLE safety_feed_runs (
    source        text PRIMARY KEY,
    refreshed_at  timestamptz,
    entries       integer NOT NULL DEFAULT 0,
    next_at       timestamptz NOT NULL DEFAULT now(),
    last_error    text
);

-- Operator decisions by host (`hop safety allow|block --host`): the host and its
-- subdomains, for existing and future links.
CREATE TABLE safety_host_rules (
    host        text PRIMARY KEY,
    decision    text NOT NULL CHECK (decision IN ('allow', 'block')),
    decided_by  text NOT NULL,
    note        text,
    decided_at  timestamptz NOT NULL DEFAULT now()
);

-- Every operator decision, kept: who decided what, when and why.
CREATE TABLE safety_decisions (
    id          text COLLATE "C" PRIMARY KEY,
    target      text NOT NULL,  -- a link id (lnk_...) or a host
    decision    text NOT NULL CHECK (decision IN ('allow', 'block', 'clear', 'verify', 'unverify')),
    decided_by  text NOT NULL,
    note        text,
    decided_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX safety_decisions_target_idx ON safety_decisions (target, decided_at);

-- Domains an operator verified as an account's own: heuristics never flag them for
-- that account's links (feed hits still do).
CREATE TABLE safety_verified_domains (
    user_id      text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    domain       text NOT NULL,
    verified_by  text NOT NULL,
    verified_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, domain)
);

-- Every registrable domain links have pointed at, since when, whether it made a spam
-- wave, and the 4-byte Web Risk prefix of its domain-level expression ("site/").
CREATE TABLE safety_sites (
    site            text PRIMARY KEY,
    first_seen_at   timestamptz NOT NULL,
    wave_at         timestamptz,
    webrisk_prefix  bytea NOT NULL
);
CREATE INDEX safety_sites_prefix_idx ON safety_sites (webrisk_prefix);
-- Sites first seen lately that have not made a wave: the spam-wave candidates.
CREATE INDEX safety_sites_new_idx ON safety_sites (first_seen_at) WHERE wave_at IS NULL;

-- Every host links have pointed at, with the 4-byte Web Risk prefix of its host-level
-- expression ("host/"): a Web Risk refresh finds the sites to look at through these
-- and safety_sites.
CREATE TABLE safety_hosts (
    host            text PRIMARY KEY,
    site            text NOT NULL,
    webrisk_prefix  bytea NOT NULL
);
CREATE INDEX safety_hosts_prefix_idx ON safety_hosts (webrisk_prefix);
