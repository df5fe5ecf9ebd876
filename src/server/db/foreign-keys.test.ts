import { describe, expect, it } from "vitest";
import { dbTargets } from "../../../tests/helpers/targets";
import { useUnitDb } from "../../../tests/helpers/unit-db";

/**
 * Every foreign key of the migrated schema is served by an index whose leading columns are its own
 * (migration 030): deleting a parent row finds its children by that index instead of reading the whole
 * child table once per row (60,000 venues deleted against a day's 153,386 venue_match_seen pairs took
 * over ten minutes before it).
 */
describe.each(dbTargets())("foreign keys, on %s", (target) => {
  const db = useUnitDb(target);

  it("each has an index that leads with its columns", async () => {
    const unserved = await db.query<{ key: string }>(
      `SELECT c.conrelid::regclass::text || '.' || c.conname AS key
         FROM pg_constraint c
        WHERE c.contype = 'f'
          AND c.connamespace = 'public'::regnamespace
          AND NOT EXISTS (
                SELECT 1 FROM pg_index i
                 WHERE i.indrelid = c.conrelid
                   AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
                   AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
        ORDER BY 1`,
    );
    expect(unserved.map((r) => r.key)).toEqual([]);
  });

  it("finds the keys it checks (the query reads the schema's foreign keys)", async () => {
    const [{ n }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace",
    );
    expect(n).toBeGreaterThan(20);
  });
});
