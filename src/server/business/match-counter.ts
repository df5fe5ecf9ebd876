import type { Queryable } from "../db/client";

/**
 * Counts how often each venue is returned by a vibe match, for its owner's dashboard. Counting
 * in memory and adding to the database every few seconds keeps a write off every search.
 */
export function createMatchCounter(db: Queryable, flushMs = 10_000) {
  let pending = new Map<number, number>();
  const flush = async () => {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    await db
      .query(
        `INSERT INTO venue_match_counts (venue_id, day, count)
         SELECT v, current_date, n FROM unnest($1::int[], $2::int[]) AS t(v, n)
         ON CONFLICT (venue_id, day) DO UPDATE SET count = venue_match_counts.count + excluded.count`,
        [ids, ids.map((id) => batch.get(id)!)],
      )
      .catch(() => {
        // the database is briefly away: keep the counts for the next flush
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      });
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    record(venueIds: readonly number[]) {
      for (const id of venueIds) pending.set(id, (pending.get(id) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type MatchCounter = ReturnType<typeof createMatchCounter>;
