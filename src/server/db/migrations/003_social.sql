-- Social: posts (check-ins when they name a venue), likes, comments, friends, groups.

CREATE TABLE posts (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- location is only stored when the author shares it (privacyShareLocation)
  venue_id      integer REFERENCES venues (id) ON DELETE SET NULL,
  location_text text CHECK (char_length(location_text) <= 120),
  vibes         text[] NOT NULL CHECK (cardinality(vibes) BETWEEN 1 AND 5),
  content       text CHECK (char_length(content) <= 500),
  like_count    integer NOT NULL DEFAULT 0,
  comment_count integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- The feed reads each author's newest posts: one index walk per author, newest first.
CREATE INDEX posts_user_time_idx ON posts (user_id, created_at DESC, id DESC);
-- Check-ins at a venue, newest first (the venue's crowd vibe and its dashboard figures).
CREATE INDEX posts_venue_time_idx ON posts (venue_id, created_at DESC) WHERE venue_id IS NOT NULL;

CREATE TABLE post_likes (
  post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX post_likes_user_idx ON post_likes (user_id);

CREATE TABLE post_comments (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content    text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_comments_post_idx ON post_comments (post_id, created_at);

-- A pending request, from requester to addressee. One per pair, whichever way it was sent.
CREATE TABLE friend_requests (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  requester_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  addressee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (requester_id <> addressee_id)
);
CREATE UNIQUE INDEX friend_requests_pair_key ON friend_requests (least(requester_id, addressee_id), greatest(requester_id, addressee_id));
CREATE INDEX friend_requests_addressee_idx ON friend_requests (addressee_id, created_at DESC);

-- An accepted friendship is two directed rows, so "my friends" is one index range either way.
CREATE TABLE friendships (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  friend_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, friend_id),
  CHECK (user_id <> friend_id)
);

CREATE TABLE friend_groups (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  creator_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX friend_groups_creator_idx ON friend_groups (creator_id);

CREATE TABLE friend_group_members (
  group_id uuid NOT NULL REFERENCES friend_groups (id) ON DELETE CASCADE,
  user_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX friend_group_members_user_idx ON friend_group_members (user_id);

-- User search by name or email, case-insensitive substring: trigram indexes.
CREATE INDEX users_search_idx ON users USING gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))) gin_trgm_ops);
