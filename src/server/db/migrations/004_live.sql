-- Live venues: owners, their broadcasts (kept as history), and how often venues matched searches.

CREATE TABLE venue_owners (
  venue_id   integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  user_id    uuid    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (venue_id, user_id)
);
CREATE INDEX venue_owners_user_idx ON venue_owners (user_id, created_at);

CREATE TABLE venue_updates (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_id        integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  user_id         uuid REFERENCES users (id) ON DELETE SET NULL,
  capacity_status text NOT NULL CHECK (capacity_status IN ('Empty', 'Moderate', 'Full')),
  noise_level     text NOT NULL CHECK (noise_level IN ('Quiet', 'Conversational', 'Loud')),
  current_vibes   text[] NOT NULL CHECK (cardinality(current_vibes) <= 3),
  special_notes   text CHECK (char_length(special_notes) <= 280),
  is_open         boolean NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX venue_updates_venue_time_idx ON venue_updates (venue_id, created_at DESC);

-- Match counts per venue and day, added to in batches by each instance.
CREATE TABLE venue_match_counts (
  venue_id integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  day      date    NOT NULL,
  count    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (venue_id, day)
);
