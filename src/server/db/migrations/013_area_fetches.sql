-- Venues anywhere (docs/venue-sync.md, "Areas VIBE knows little about"): when a search lands
-- where few venues are known, the server fetches that area from the venue sources in the
-- background. One row per area cell (the search point rounded to a grid of AREA_CELL_DEG
-- degrees): whichever instance claims the row (an upsert whose WHERE only lets one through)
-- fetches it, so an area is fetched once across all instances.
--
-- status    fetching: an instance is on it until next_attempt_at (a lease: if it dies, another
--                     instance may claim the cell once the lease has run out);
--           done:     fetched; not again before next_attempt_at (a refresh, weeks later);
--           failed:   the last attempt failed (error); tried again at next_attempt_at, with a
--                     delay that doubles with each failed attempt.
CREATE TABLE area_fetches (
  cell            text PRIMARY KEY,
  latitude        double precision NOT NULL,
  longitude       double precision NOT NULL,
  radius          integer NOT NULL,
  status          text NOT NULL CHECK (status IN ('fetching', 'done', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  started_at      timestamptz,
  finished_at     timestamptz,
  added           integer,
  error           text
);
