import type { VibeVoteAnswer } from "@shared/vocabulary";
import type { Queryable } from "../db/client";
import type { VibeVote } from "../vibes/blend";

/**
 * The SQL of crowd vibe votes (docs/vibe-votes.md). Which votes count is written once, here
 * (COUNTED), and read by the blend (countedVotes) and by the counts people see, so both agree.
 */

/**
 * A vote `v` (vibe_votes) by `u` (users) counts when its person is registered (not a guest) with a
 * proven email or a provider sign-in, does not own the venue, and has no review of the venue that
 * VIBE removed. An account deleted takes its votes with it (ON DELETE CASCADE, migration 020).
 */
const COUNTED = `NOT u.is_guest
  AND (u.email_verified_at IS NOT NULL OR EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id))
  AND NOT EXISTS (SELECT 1 FROM venue_owners o WHERE o.venue_id = v.venue_id AND o.user_id = v.user_id)
  AND NOT EXISTS (SELECT 1 FROM member_reviews r
                   WHERE r.venue_id = v.venue_id AND r.user_id = v.user_id AND r.removed_at IS NOT NULL)`;

/** The counted votes on these venues, for their blends (the blend weighs them by age). */
export async function countedVotes(q: Queryable, venueIds: readonly number[]): Promise<Map<number, VibeVote[]>> {
  const out = new Map<number, VibeVote[]>();
  if (!venueIds.length) return out;
  const rows = await q.query<{ venue_id: number; vibe: string; yes: boolean; updated_at: Date }>(
    `SELECT v.venue_id, v.vibe, v.yes, v.updated_at FROM vibe_votes v JOIN users u ON u.id = v.user_id
      WHERE v.venue_id = ANY($1::int[]) AND ${COUNTED}
      ORDER BY v.venue_id, v.vibe, v.updated_at, v.user_id`,
    [venueIds],
  );
  for (const r of rows) {
    const list = out.get(r.venue_id) ?? out.set(r.venue_id, []).get(r.venue_id)!;
    list.push({ vibe: r.vibe, yes: r.yes, time: new Date(r.updated_at).toISOString() });
  }
  return out;
}

/** Whether a person may vote at all, and whether their votes on this venue count (see COUNTED). */
export interface VoterStanding {
  /** A proven email or a provider sign-in. */
  proven: boolean;
  owner: boolean;
  reviewRemoved: boolean;
}

export async function voterStanding(q: Queryable, venueId: number | null, userId: string): Promise<VoterStanding> {
  const [row] = await q.query<VoterStanding>(
    `SELECT (u.email_verified_at IS NOT NULL
              OR EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id)) AS proven,
            EXISTS (SELECT 1 FROM venue_owners o WHERE o.venue_id = $2 AND o.user_id = u.id) AS owner,
            EXISTS (SELECT 1 FROM member_reviews r
                     WHERE r.venue_id = $2 AND r.user_id = u.id AND r.removed_at IS NOT NULL) AS "reviewRemoved"
       FROM users u WHERE u.id = $1`,
    [userId, venueId],
  );
  return row ?? { proven: false, owner: false, reviewRemoved: false };
}

/** The person's votes on the venue, counted or not: vibe -> "yes" | "no". */
export async function myVotes(q: Queryable, venueId: number, userId: string): Promise<Record<string, VibeVoteAnswer>> {
  const rows = await q.query<{ vibe: string; yes: boolean }>(
    "SELECT vibe, yes FROM vibe_votes WHERE venue_id = $1 AND user_id = $2 ORDER BY vibe",
    [venueId, userId],
  );
  return Object.fromEntries(rows.map((r) => [r.vibe, r.yes ? "yes" : "no"]));
}

/** Casts or changes the person's vote on one vibe; its age starts again (it is said anew). */
export async function castVote(q: Queryable, venueId: number, userId: string, vibe: string, yes: boolean) {
  await q.query(
    `INSERT INTO vibe_votes (venue_id, user_id, vibe, yes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (venue_id, user_id, vibe) DO UPDATE SET yes = EXCLUDED.yes, updated_at = now()`,
    [venueId, userId, vibe, yes],
  );
}

/** Removes the person's vote on one vibe; true when there was one. */
export async function removeVote(q: Queryable, venueId: number, userId: string, vibe: string): Promise<boolean> {
  const rows = await q.query(
    "DELETE FROM vibe_votes WHERE venue_id = $1 AND user_id = $2 AND vibe = $3 RETURNING vibe",
    [venueId, userId, vibe],
  );
  return rows.length > 0;
}

/** Whether the person has any vote on the venue (an owner made of a voter: the venue is blended again). */
export async function hasVotes(q: Queryable, venueId: number, userId: string): Promise<boolean> {
  return (
    (await q.query("SELECT 1 FROM vibe_votes WHERE venue_id = $1 AND user_id = $2 LIMIT 1", [venueId, userId])).length >
    0
  );
}

/**
 * The venues queued for a new blend (migration 020) among these ids, or every one ("*"). Each is
 * claimed by the blend itself (sync/write.ts reblendVenue `queued`), in its transaction.
 */
export async function queuedReblends(q: Queryable, ids: readonly string[] | "*"): Promise<number[]> {
  const rows =
    ids === "*"
      ? await q.query<{ venue_id: number }>("SELECT venue_id FROM venue_reblends")
      : await q.query<{ venue_id: number }>("SELECT venue_id FROM venue_reblends WHERE venue_id = ANY($1::int[])", [
          ids.map(Number).filter(Number.isSafeInteger),
        ]);
  return rows.map((r) => r.venue_id).sort((a, b) => a - b);
}
