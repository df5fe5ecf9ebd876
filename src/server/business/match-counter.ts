import { createHmac } from "node:crypto";
import type { Queryable } from "../db/client";

/**
 * More than this many (venue, viewer) pairs remembered in memory and the memory starts afresh (the database still
 * dedups).
 */
const SEEN_MAX = 200_000;

/**
 * Counts how often each venue is returned by a vibe match, for its owner's dashboard: at most
 * once per viewer per venue per day, so repeating a search (or a script repeating it) adds
 * nothing. A viewer is a registered person, or, for guests and calls without a session, the
 * client address (a guest costs nothing to make). Pairs are gathered in memory and written every
 * few seconds, which keeps a write off every search: venue_match_seen keeps the day's pairs (the
 * viewer as an HMAC keyed by `secret`, never an address) and only pairs new to it add to
 * venue_match_counts, so several instances count a pair once too. Past days' pairs are deleted
 * when the day changes.
 */
export function createMatchCounter(db: Queryable, secret: string, flushMs = 10_000) {
  /** `${venueId} ${viewer hash}` pairs to write, and those already written today (this instance). */
  let pending = new Set<string>();
  let seen = new Set<string>();
  let seenDay: string | null = null;
  const hash = (who: string) => createHmac("sha256", secret).update(who).digest("base64url").slice(0, 22);

  const flush = async () => {
    if (!pending.size) return;
    const batch = pending;
    pending = new Set();
    const venues: number[] = [];
    const viewers: string[] = [];
    for (const pair of batch) {
      const space = pair.indexOf(" ");
      venues.push(Number(pair.slice(0, space)));
      viewers.push(pair.slice(space + 1));
    }
    try {
      const [{ day }] = await db.query<{ day: string }>(
        `WITH fresh AS (
           INSERT INTO venue_match_seen (day, venue_id, who)
           SELECT current_date, t.v, t.w FROM unnest($1::int[], $2::text[]) AS t(v, w)
            WHERE EXISTS (SELECT 1 FROM venues WHERE id = t.v)
           ON CONFLICT DO NOTHING RETURNING venue_id),
         counted AS (
           INSERT INTO venue_match_counts (venue_id, day, count)
           SELECT venue_id, current_date, count(*)::int FROM fresh GROUP BY venue_id
           ON CONFLICT (venue_id, day) DO UPDATE SET count = venue_match_counts.count + excluded.count)
         SELECT current_date::text AS day`,
        [venues, viewers],
      );
      if (day !== seenDay) {
        // a new day: what was seen yesterday counts again, and yesterday's pairs are no longer needed
        if (seenDay !== null) seen = new Set();
        seenDay = day;
        await db.query("DELETE FROM venue_match_seen WHERE day < current_date");
      }
    } catch {
      // the database is briefly away: keep the pairs for the next flush
      for (const pair of batch) pending.add(pair);
    }
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    /**
     * The venues a match showed to `who`: "u:<id>" for a registered person, otherwise the client
     * address (http/rate-limits.ts viewerKey).
     */
    record(venueIds: readonly number[], who: string) {
      if (!venueIds.length) return;
      const viewer = hash(who);
      if (seen.size > SEEN_MAX) seen = new Set();
      for (const id of venueIds) {
        const pair = `${id} ${viewer}`;
        if (seen.has(pair)) continue;
        seen.add(pair);
        pending.add(pair);
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type MatchCounter = ReturnType<typeof createMatchCounter>;
