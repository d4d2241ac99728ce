-- Every host a link may send a visitor to besides its longUrl's (links.host): the hosts
-- of its targeting rules' URLs, A/B variants' URLs, expiredUrl and, for QR app codes,
-- iosUrl and androidUrl. host and site are in the form of links.host and links.site
-- (admin/safety/urlforms.py locate), so feed refreshes, operator host rules, Web Risk
-- and spam waves find a link through any of its destinations (docs/safety.md).
-- Written with the link (same statement or transaction), replaced when its
-- destinations change; links from before this migration get theirs from the worker.
CREATE TABLE link_destination_hosts (
    link_id  text COLLATE "C" NOT NULL REFERENCES links ON DELETE CASCADE,
    host     text NOT NULL,
    site     text NOT NULL,
    PRIMARY KEY (link_id, host)
);
-- The host → links index of the extra destinations, as links_site_idx is of longUrl:
-- by site, or by site and host.
CREATE INDEX link_destination_hosts_site_idx ON link_destination_hosts (site, host);
