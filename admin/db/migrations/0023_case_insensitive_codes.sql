-- Case-insensitive codes, trailing slashes and extra paths (issue 30, docs/decisions.md).
-- A custom domain's codes may be case-insensitive (/Sale, /SALE and /sale one link); the
-- default short host's are when the install says so (HOP_CASE_INSENSITIVE_CODES, copied
-- into install_flags by `hop cache rebuild`, which the worker runs at start).
ALTER TABLE domains ADD COLUMN case_sensitive boolean NOT NULL DEFAULT true;

CREATE TABLE install_flags (
    name     text PRIMARY KEY,
    enabled  boolean NOT NULL
);

-- What names a code in its namespace: the code itself, lower-cased on a case-insensitive
-- host, so that one unique index makes codes clash as their host compares them; it is also
-- the name of the code's entry in Redis (common/keys.py), which the edge looks up with the
-- requested code folded the same way. A code shadowed by an older one that differs only in
-- case (the default host turned case-insensitive with clashes) is '~' || short_code: no
-- request names it ('~' is no code's character) and it clashes with nothing.
ALTER TABLE short_codes ADD COLUMN code_key text COLLATE "C";
UPDATE short_codes SET code_key = short_code;
ALTER TABLE short_codes ALTER COLUMN code_key SET NOT NULL;
CREATE UNIQUE INDEX short_codes_code_key ON short_codes (environment, domain, code_key);
-- The link's code_key as short_codes holds it (NULL: its short_code, every link before this).
ALTER TABLE links ADD COLUMN code_key text COLLATE "C";
-- What /<code>/<more> answers: NULL the 404 it always did, 'ignore' the link's
-- destination, 'append' the destination with /<more> appended.
ALTER TABLE links ADD COLUMN extra_path text CHECK (extra_path IN ('ignore', 'append'));

-- The code_key of a code written now on a domain ('' the default short host).
CREATE FUNCTION hop_code_key(p_domain text, p_code text) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN
        CASE WHEN p_domain = '' THEN EXISTS (
                 SELECT 1 FROM install_flags WHERE name = 'case_insensitive_codes' AND enabled)
             ELSE EXISTS (
                 SELECT 1 FROM domains
                 WHERE hostname = p_domain AND verified_at IS NOT NULL AND deleted_at IS NULL
                   AND NOT case_sensitive)
        END
    THEN lower(p_code) ELSE p_code END
$$;
