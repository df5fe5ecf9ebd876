-- Ratings and reviews by VIBE's own people (docs/reviews.md). venue_reviews (002) keeps the reviews a
-- provider (Google) gives; member_reviews are VIBE's: one per person per venue, rated 1 to 5 with an
-- optional text. An admin's removal keeps the row (and why) so its author can see it.
CREATE TABLE member_reviews (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_id       integer NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating         smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text           text NOT NULL DEFAULT '' CHECK (length(text) <= 1000),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  removed_at     timestamptz,
  removed_reason text CHECK (removed_reason IS NULL OR length(removed_reason) <= 300),
  removed_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (venue_id, user_id)
);
CREATE INDEX member_reviews_venue_idx ON member_reviews (venue_id, updated_at DESC) WHERE removed_at IS NULL;
CREATE INDEX member_reviews_user_idx ON member_reviews (user_id);

-- The venue's VIBE rating, kept on its row so the in-memory catalog (and Top Rated) sees it: the sum
-- and the number of the live (not removed) member ratings. The venue row's update is announced on
-- 'vibe_changes' (migration 008), so every instance rereads the venue.
ALTER TABLE venues ADD COLUMN member_rating_sum integer NOT NULL DEFAULT 0;
ALTER TABLE venues ADD COLUMN member_review_count integer NOT NULL DEFAULT 0;
-- What the venue's vibes were before its reviews' text was blended in (venues/review-vibes.ts):
-- {"scores", "detected", "evidence", "at"} ("at": when the reviews were last applied, so that every such
-- write changes this column); NULL while no review feed is applied.
ALTER TABLE venues ADD COLUMN unreviewed_vibes jsonb;

CREATE FUNCTION member_review_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vid integer;
BEGIN
  FOR vid IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.venue_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.venue_id END]) AS x WHERE x IS NOT NULL
  LOOP
    UPDATE venues v
       SET member_rating_sum = s.total, member_review_count = s.n
      FROM (SELECT coalesce(sum(rating), 0)::int AS total, count(*)::int AS n
              FROM member_reviews WHERE venue_id = vid AND removed_at IS NULL) s
     WHERE v.id = vid AND (v.member_rating_sum, v.member_review_count) IS DISTINCT FROM (s.total, s.n);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER member_reviews_totals AFTER INSERT OR UPDATE OR DELETE ON member_reviews
  FOR EACH ROW EXECUTE FUNCTION member_review_totals();

-- A new blend written by a sync is the venue's new base: the review feed is applied again on top of it
-- by the next change to the venue's reviews (or the refresh of review vibes).
CREATE FUNCTION venues_vibes_rebased() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.vibe_scores IS DISTINCT FROM OLD.vibe_scores AND NEW.unreviewed_vibes IS NOT DISTINCT FROM OLD.unreviewed_vibes THEN
    NEW.unreviewed_vibes := NULL;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER venues_vibes_rebased BEFORE UPDATE ON venues
  FOR EACH ROW EXECUTE FUNCTION venues_vibes_rebased();
