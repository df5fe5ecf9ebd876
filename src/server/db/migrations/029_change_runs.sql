-- A big change named by runs of ids (issue 28: "follows a 20,000-venue sync on another instance
-- within 2 s"). Migration 008 announced a change whose id list passed 7,000 characters as
-- '<kind>:*', so every instance read every venue again (about 10 s at 100,000 venues, far more at
-- 1,000,000) after each sync of a few thousand. A sync writes its new venues with consecutive ids
-- and updates venues written together, so its ids fall in a few runs: such a list is now announced
-- as runs, 'first..last' for each run of consecutive integer ids ('<kind>:17,100001..120000'), and
-- only a list still too long after that is '*'. A short list is sent as before; uuids (users) never
-- form runs. src/server/db/changes.ts parseChange reads both forms.
--
-- Upgrading: an instance of older code reads a run as one unknown id and misses that change (it
-- read '*' before); restart every instance onto this code when it is deployed (docs/deploy.md).

CREATE OR REPLACE FUNCTION notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  changed_ids text;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vibe_changes', kind || ':*');
    RETURN NULL;
  END IF;
  -- an update names the rows before and after it: a changed id (or user of a session) is both
  IF TG_OP = 'UPDATE' THEN
    changed_ids := format('SELECT %1$I AS x FROM changed UNION SELECT %1$I FROM changed_before', TG_ARGV[1]);
  ELSE
    changed_ids := format('SELECT %I AS x FROM changed', TG_ARGV[1]);
  END IF;
  EXECUTE format('SELECT string_agg(DISTINCT x::text, '','') FROM (%s) s', changed_ids) INTO ids;
  IF length(ids) > 7000 AND ids ~ '^[0-9,]+$' THEN
    -- runs of consecutive ids: an id minus its rank is the same along a run
    EXECUTE format(
      'SELECT string_agg(CASE WHEN lo = hi THEN lo::text ELSE lo || ''..'' || hi END, '','' ORDER BY lo)
         FROM (SELECT min(x) AS lo, max(x) AS hi
                 FROM (SELECT x, x - row_number() OVER (ORDER BY x) AS run
                         FROM (SELECT DISTINCT x::bigint AS x FROM (%s) s) d) r
                GROUP BY run) g',
      changed_ids) INTO ids;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('vibe_changes', kind || ':' || CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;
