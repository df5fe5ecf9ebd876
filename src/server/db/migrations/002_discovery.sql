-- Discovery: favourites, saved vibe selections, and the reviews and photos that venue sources bring.

CREATE TABLE favorites (
  user_id    uuid    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  venue_id   integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, venue_id)
);
CREATE INDEX favorites_venue_idx ON favorites (venue_id);

-- Every saved selection is kept; the newest is the person's current vibe.
CREATE TABLE vibe_selections (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  vibes      text[]  NOT NULL CHECK (cardinality(vibes) BETWEEN 1 AND 5),
  is_private boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vibe_selections_user_idx ON vibe_selections (user_id, created_at DESC);

CREATE TABLE venue_reviews (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_id   integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  source     text NOT NULL,
  author     text NOT NULL,
  rating     real CHECK (rating IS NULL OR rating BETWEEN 0 AND 5),
  text       text NOT NULL,
  time       timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX venue_reviews_venue_idx ON venue_reviews (venue_id, time DESC NULLS LAST);

CREATE TABLE venue_photos (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_id    integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  source      text NOT NULL,
  url         text NOT NULL,
  attribution text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (venue_id, url)
);

-- Radius search reads the earth point of each candidate; computing ll_to_earth (trigonometry)
-- per row per query cost more than the search itself, so it is stored once.
ALTER TABLE venues ADD COLUMN earth cube GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED;
DROP INDEX venues_earth_idx;
CREATE INDEX venues_earth_idx ON venues USING gist (earth);
