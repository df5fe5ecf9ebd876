-- An owner's broadcast can announce live music tonight (issue 26): while the broadcast is fresh
-- (live/crowd.ts, 4 hours) the venue counts as Live Music in a match, as the owner's claim
-- (docs/live.md "Live music tonight"). Older broadcasts announced nothing.
ALTER TABLE venue_updates ADD COLUMN live_music boolean NOT NULL DEFAULT false;
