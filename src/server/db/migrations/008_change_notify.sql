-- Instances keep some read-mostly rows in memory: every venue (src/server/venues/catalog.ts) and
-- the sessions they have recently seen (src/server/auth/sessions.ts). Statements that change those
-- rows announce it on the 'vibe_changes' channel, so every instance drops or rereads exactly what
-- changed (src/server/db/changes.ts). NOTIFY is transactional: it is delivered on commit, in
-- commit order, and never for a rollback.
--
-- Payload: '<kind>:<comma list of ids>', or '<kind>:*' (everything of that kind) when the list would
-- not fit a notification (8000 bytes) or the table was emptied. Kinds:
--   venues  venue ids whose rows were inserted, updated or deleted;
--   users   user ids whose row or sessions changed (a signed-in user read before is stale).

CREATE FUNCTION notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vibe_changes', kind || ':*');
    RETURN NULL;
  END IF;
  -- an update names the rows before and after it: a changed id (or user of a session) is both
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT string_agg(DISTINCT x::text, '','') FROM (SELECT %1$I AS x FROM changed UNION SELECT %1$I FROM changed_before) s', TG_ARGV[1]) INTO ids;
  ELSE
    EXECUTE format('SELECT string_agg(DISTINCT %I::text, '','') FROM changed', TG_ARGV[1]) INTO ids;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('vibe_changes', kind || ':' || CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;

-- A trigger with a transition table handles one kind of event, hence one trigger per kind.
CREATE TRIGGER venues_inserted AFTER INSERT ON venues REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('venues', 'id');
CREATE TRIGGER venues_updated AFTER UPDATE ON venues REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('venues', 'id');
CREATE TRIGGER venues_deleted AFTER DELETE ON venues REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('venues', 'id');
CREATE TRIGGER venues_truncated AFTER TRUNCATE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('venues');

CREATE TRIGGER users_updated AFTER UPDATE ON users REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('users', 'id');
CREATE TRIGGER users_deleted AFTER DELETE ON users REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('users', 'id');
CREATE TRIGGER sessions_updated AFTER UPDATE ON sessions REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('users', 'user_id');
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('users', 'user_id');
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('users');
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('users');

-- live    venue ids whose live inputs changed: an owner's broadcast, or a post naming the venue
--         (a check-in). Posts are never edited in place (likes and comments only change their
--         counters, which live vibes do not read), so inserts and deletes are what matter.
CREATE TRIGGER posts_inserted AFTER INSERT ON posts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('live', 'venue_id');
CREATE TRIGGER posts_deleted AFTER DELETE ON posts REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('live', 'venue_id');
CREATE TRIGGER posts_truncated AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('live');
CREATE TRIGGER venue_updates_inserted AFTER INSERT ON venue_updates REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('live', 'venue_id');
CREATE TRIGGER venue_updates_deleted AFTER DELETE ON venue_updates REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('live', 'venue_id');
CREATE TRIGGER venue_updates_truncated AFTER TRUNCATE ON venue_updates
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('live');

-- favorites  user ids whose saved venues changed.
CREATE TRIGGER favorites_inserted AFTER INSERT ON favorites REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('favorites', 'user_id');
CREATE TRIGGER favorites_deleted AFTER DELETE ON favorites REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('favorites', 'user_id');
CREATE TRIGGER favorites_truncated AFTER TRUNCATE ON favorites
  FOR EACH STATEMENT EXECUTE FUNCTION notify_changes('favorites');
