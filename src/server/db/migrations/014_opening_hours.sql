-- Issue 15: opening hours and the OpenStreetMap seed.
-- The venue's OpenStreetMap opening_hours value, as OSM writes it ("Mo-Fr 17:00-02:00"): the
-- server reads it (venues/hours.ts) for "Open now · closes 2 AM", the week's hours and the
-- "Open now" filter. NULL: no hours known (a venue then says nothing about being open).
ALTER TABLE venues ADD COLUMN opening_hours text;

-- Which version of each embedded seed has been applied (a digest of its files), so that a start
-- with the same files does not redo the work and new files update the venues in place.
CREATE TABLE seed_state (
  name       text PRIMARY KEY,
  digest     text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
