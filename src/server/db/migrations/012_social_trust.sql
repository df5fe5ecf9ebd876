-- Social trust (docs/social.md): people search without harvesting, blocking, and search-match
-- figures that anonymous calls cannot pump.

-- People are found by name (or by an exact email, through users_email_key): the search index
-- covers names only, so a part of an address never finds anyone.
DROP INDEX IF EXISTS users_search_idx;
CREATE INDEX users_name_search_idx ON users USING gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) gin_trgm_ops);

-- blocker blocked blocked: no friend requests, no group adds, not in each other's search, and
-- neither sees the other's comments. Blocking ends a friendship and a pending request.
CREATE TABLE user_blocks (
  blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id);

-- Who a venue was shown to today, so an owner's "search matches" count each person (or, without
-- an account, each address) at most once per venue per day. `who` is an HMAC (keyed by
-- SESSION_SECRET) of the person's id or the address: no address is stored. Rows of past days
-- are deleted as the counter flushes.
CREATE TABLE venue_match_seen (
  day      date NOT NULL,
  venue_id integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  who      text NOT NULL,
  PRIMARY KEY (day, venue_id, who)
);
