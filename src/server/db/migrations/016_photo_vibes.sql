-- What each photo of a venue was read as (image-stats-v1, venues/sync-photos.ts), kept so that every
-- later blend of the venue counts it: a sync's photo budget then limits only new fetches, and a
-- review change re-blends the venue with its photos (docs/vibe-analysis.md, "The blend").
CREATE TABLE venue_photo_vibes (
  venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
  url text NOT NULL,
  -- the VibeAnalysis: {"method", "vibes": [{"vibe", "confidence"}], "evidence"?}
  analysis jsonb NOT NULL,
  analyzed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (venue_id, url)
);
CREATE INDEX venue_photo_vibes_url ON venue_photo_vibes (url);

-- VIBE's people's reviews are now texts of the blend itself (blend-v2 with a 90-day decay), so a
-- venue's stored vibes are one blend of every signal: the scores kept aside before the reviews'
-- separate pull (migration 015) and the trigger that cleared them go.
DROP TRIGGER venues_vibes_rebased ON venues;
DROP FUNCTION venues_vibes_rebased();
ALTER TABLE venues DROP COLUMN unreviewed_vibes;
