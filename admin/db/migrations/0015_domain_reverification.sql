-- Verified domains are checked again on a schedule (docs/api.md#domains): the worker looks
-- the TXT proof up every HOP_DOMAIN_REVERIFY_INTERVAL. lapsing_since: when a check first
-- found the proof gone (the domain is still served; HOP_DOMAIN_LAPSE_GRACE runs from here,
-- and a check that finds it again clears it). lapsed_at: when the grace ran out and the
-- domain stopped being served; verified_at is cleared then, which releases the name to
-- whoever proves it next (domains_verified_hostname_key).
ALTER TABLE domains
    ADD COLUMN lapsing_since  timestamptz,
    ADD COLUMN lapsed_at      timestamptz;
-- The verified domains by their last check: the worker takes the longest unchecked first.
CREATE INDEX domains_due_idx ON domains (checked_at) WHERE verified_at IS NOT NULL AND deleted_at IS NULL;
