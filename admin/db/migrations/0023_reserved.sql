-- Placeholder for issue 30's migration 0023, built on another branch (migration versions
-- must run 1..n without gaps, and this branch's own is 0024). The merge keeps the other
-- branch's 0023 and drops this file.
SELECT 1;
