-- Links on custom domains (docs/api.md#domains): a link lives on the default short host
-- (domain '') or on one of its owner's verified domains, and codes are unique per domain.
-- '' rather than NULL: the domain is part of short_codes' primary key, and the same
-- value in links keeps a join of the two a plain equality.
ALTER TABLE links ADD COLUMN domain text COLLATE "C" NOT NULL DEFAULT '';
-- Deleting a domain is refused while links use it; this finds them.
CREATE INDEX links_domain_idx ON links (domain, environment) WHERE domain <> '' AND deleted_at IS NULL;

-- Who holds each code, now per (environment, domain): the same alias may exist on the
-- default host and on go.brand.com. Existing rows are the default host's. The claim stays
-- one INSERT .. ON CONFLICT on this key.
ALTER TABLE short_codes ADD COLUMN domain text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE short_codes DROP CONSTRAINT short_codes_pkey;
ALTER TABLE short_codes ADD PRIMARY KEY (environment, domain, short_code);
