-- Placeholder: migration 0012 belongs to the custom-domains work, developed on another
-- branch at the same time. This file only keeps the numbering without a gap until that
-- branch's 0012_link_domains.sql replaces it (take theirs when the two meet).
SELECT 1;
