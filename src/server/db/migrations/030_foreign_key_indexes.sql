-- Every foreign key is served by an index that leads with its columns (issue 28). When a parent row
-- is deleted, PostgreSQL finds its children by the key (ON DELETE CASCADE or SET NULL); without such
-- an index it reads the whole child table once per deleted row. bench/ready.ts's cleanup (60,000
-- generated venues deleted) ran over ten minutes at full CPU against 153,386 rows of
-- venue_match_seen, whose key began with the day, and the seed's removal of dropped permit venues
-- paid the same per venue against a busy day's pairs. src/server/db/foreign-keys.test.ts keeps it so.
--
-- venue_match_seen's key is reordered to lead with the venue (a second index would cost every match
-- flush a write more); its daily DELETE of past days reads the whole table, as it deletes most of it.
-- The users' keys get indexes of their own: deleting a person reads their comments, requests,
-- friendships, broadcasts and the reviews they removed by the index.

ALTER TABLE venue_match_seen DROP CONSTRAINT venue_match_seen_pkey;
ALTER TABLE venue_match_seen ADD PRIMARY KEY (venue_id, day, who);

CREATE INDEX post_comments_user_idx ON post_comments (user_id);
CREATE INDEX friend_requests_requester_idx ON friend_requests (requester_id);
CREATE INDEX friendships_friend_idx ON friendships (friend_id);
CREATE INDEX venue_updates_user_idx ON venue_updates (user_id);
CREATE INDEX member_reviews_removed_by_idx ON member_reviews (removed_by);
