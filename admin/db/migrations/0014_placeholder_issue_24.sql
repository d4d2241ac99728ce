-- Placeholder, not for main: version 14 belongs to another branch of issue 24, merged in
-- parallel. It keeps versions 1..n gapless on this branch so that 0015 runs; drop this file
-- when that branch's 0014 is merged.
SELECT 1;
