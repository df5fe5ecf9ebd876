-- Accounts, sessions and venues. Runs unchanged on PGlite (PostgreSQL 18) and PostgreSQL 15+.
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TABLE users (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- stored lower-cased and trimmed: people type their email in any case, it is one account
  email                text,
  password_hash        text,
  first_name           text,
  last_name            text,
  profile_image_url    text,
  preferred_vibes      text[] NOT NULL DEFAULT '{}',
  dietary_restrictions text[] NOT NULL DEFAULT '{}',
  budget_preference    text,
  favorite_categories  text[] NOT NULL DEFAULT '{}',
  privacy_share_vibes    boolean NOT NULL DEFAULT true,
  privacy_share_location boolean NOT NULL DEFAULT true,
  privacy_activity_feed  boolean NOT NULL DEFAULT true,
  is_guest             boolean NOT NULL DEFAULT false,
  role                 text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;

-- Only a keyed hash of each session token is stored; the token itself lives in the cookie.
CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

-- Failed sign-ins, counted per account and per address for the login rate limit. Kept in the
-- database so that every app instance sees the same count.
CREATE TABLE auth_failures (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('email', 'ip')),
  key        text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_failures_key_idx ON auth_failures (kind, key, created_at);

CREATE TABLE venues (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  external_id    text NOT NULL UNIQUE,
  name           text NOT NULL,
  category       text NOT NULL CHECK (category IN ('Bar', 'Restaurant', 'Cafe', 'Club')),
  description    text,
  address        text,
  latitude       double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude      double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  image_url      text,
  rating         real,
  review_count   integer,
  phone_number   text,
  website        text,
  hours          text[] NOT NULL DEFAULT '{}',
  detected_vibes text[] NOT NULL DEFAULT '{}',
  vibe_scores    jsonb NOT NULL DEFAULT '{}',
  source         text NOT NULL,
  attribution    text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- Radius search: GiST on the earth point, filtered by earth_box and ordered by <-> (KNN).
CREATE INDEX venues_earth_idx ON venues USING gist (ll_to_earth(latitude, longitude));
CREATE INDEX venues_vibes_idx ON venues USING gin (detected_vibes);
CREATE INDEX venues_category_idx ON venues (category);
