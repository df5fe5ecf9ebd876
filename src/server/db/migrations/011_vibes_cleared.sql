-- Clearing every vibe on Home is a selection too (issue 17): it is saved as an empty selection, so
-- the next visit starts from nothing instead of bringing the old vibes back and silently filtering
-- Home. POST /api/vibes still needs 1 to 5 vibes; DELETE /api/vibes/current writes the empty one.
ALTER TABLE vibe_selections DROP CONSTRAINT IF EXISTS vibe_selections_vibes_check;
ALTER TABLE vibe_selections ADD CONSTRAINT vibe_selections_vibes_check CHECK (cardinality(vibes) BETWEEN 0 AND 5);
