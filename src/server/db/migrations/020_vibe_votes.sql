-- Crowd vibe votes (docs/vibe-votes.md): "What's the vibe here?", one Yes or No per person, venue and
-- vibe, changed in place and removable. The vibe is one the product knows (ALL_VIBES in
-- src/shared/vocabulary.ts); the API checks it, so a new vibe needs no migration. Which votes count
-- (proven accounts, not the venue's owner, ...) is decided when the venue is blended
-- (venues/vibe-vote-queries.ts countedVotes), so a vote is stored as its person cast it.
CREATE TABLE vibe_votes (
  venue_id   integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  vibe       text NOT NULL CHECK (length(vibe) BETWEEN 1 AND 40),
  -- true: Yes, the place has the vibe; false: No
  yes        boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- when the person last cast or changed it: a vote's age (its decay) counts from here
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (venue_id, user_id, vibe)
);
CREATE INDEX vibe_votes_user_idx ON vibe_votes (user_id);

-- Venues whose stored vibes must be blended again without a request that does it: an account
-- deleted takes its votes and reviews with it (ON DELETE CASCADE), and the venues it voted on or
-- reviewed are queued here and announced on 'vibe_changes' as 'reblend:<venue ids>' (migration
-- 008's channel). One instance claims each row (DELETE ... RETURNING) and blends the venue again
-- (venues/vibe-votes.ts); every instance drains the queue when it starts, so nothing waits for a
-- listener that was away.
CREATE TABLE venue_reblends (
  venue_id     integer PRIMARY KEY REFERENCES venues (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION queue_reblends_of_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  WITH queued AS (
    INSERT INTO venue_reblends (venue_id)
      SELECT venue_id FROM vibe_votes WHERE user_id = OLD.id
      UNION
      SELECT venue_id FROM member_reviews WHERE user_id = OLD.id AND removed_at IS NULL AND text <> ''
    ON CONFLICT (venue_id) DO UPDATE SET requested_at = now()
    RETURNING venue_id
  )
  SELECT string_agg(venue_id::text, ',') INTO ids FROM queued;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('vibe_changes', 'reblend:' || CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER users_deleted_reblend BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION queue_reblends_of_deleted_user();
