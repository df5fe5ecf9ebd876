-- Venue sync (docs/venue-sync.md): which external records (OpenStreetMap elements, Google places)
-- each venue was built from, with their raw tags / fields kept so that vibe scores can be
-- recomputed without calling the source again; and the blend's evidence on the venue itself.

CREATE TABLE venue_sources (
  venue_id    integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  source      text NOT NULL CHECK (source IN ('osm', 'google')),
  -- "osm:node/123", "osm:way/456", "google:<place id>"; one external record belongs to one venue
  external_id text NOT NULL UNIQUE,
  data        jsonb NOT NULL DEFAULT '{}',
  fetched_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX venue_sources_venue_idx ON venue_sources (venue_id);

-- vibe -> [{ source, detail }], strongest first: "why this vibe" on the details sheet.
ALTER TABLE venues ADD COLUMN vibe_evidence jsonb NOT NULL DEFAULT '{}';
-- The method behind vibe_scores ("blend-v1"); NULL means the seed's name prior ("prior-v1").
ALTER TABLE venues ADD COLUMN vibe_method text;
ALTER TABLE venues ADD COLUMN last_synced_at timestamptz;
