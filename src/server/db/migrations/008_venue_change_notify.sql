-- Each instance keeps the venues in memory for matching (src/server/venues/catalog.ts). Every
-- statement that changes venues announces the changed ids on the 'venue_changes' channel, so
-- every instance refreshes just those. NOTIFY is transactional: it is delivered on commit, in
-- commit order, and never for a rollback. The payload is a comma list of ids, or '*' (reload
-- everything) when the list would not fit a notification (8000 bytes) or the table was emptied.

CREATE FUNCTION venues_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('venue_changes', '*');
    RETURN NULL;
  END IF;
  SELECT string_agg(id::text, ',') INTO ids FROM changed;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('venue_changes', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  RETURN NULL;
END;
$$;

-- A trigger with a transition table handles one kind of event, hence one trigger per kind.
CREATE TRIGGER venues_inserted AFTER INSERT ON venues REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION venues_notify_change();
CREATE TRIGGER venues_updated AFTER UPDATE ON venues REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION venues_notify_change();
CREATE TRIGGER venues_deleted AFTER DELETE ON venues REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION venues_notify_change();
CREATE TRIGGER venues_truncated AFTER TRUNCATE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION venues_notify_change();
