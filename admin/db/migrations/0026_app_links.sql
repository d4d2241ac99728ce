-- Deep links (issue 30): a link's app URL (a custom scheme or a universal / app link),
-- which the edge opens for visitors on iOS and Android before falling back to ios_url,
-- android_url or the destination (docs/decisions.md#deep-links-issue-30). A rule's own app URL
-- and stores live in its JSON (rules).
ALTER TABLE links ADD COLUMN app_url text;
