import type { LatestUpdate } from "@shared/contracts/venues";
import type { Queryable } from "../db/client";
import { BROADCAST_MAX_AGE_MIN, CHECKIN_MAX_AGE_MIN, liveVibe, type Broadcast, type LiveVibe } from "./crowd";

/** Live vibes of the given venues (only those with fresh broadcasts or check-ins appear). */
export async function loadLive(db: Queryable, venueIds: readonly number[], now = new Date()): Promise<Map<number, LiveVibe>> {
  const out = new Map<number, LiveVibe>();
  if (!venueIds.length) return out;
  const [updates, checkIns] = await Promise.all([
    db.query<{ venue_id: number; capacity_status: Broadcast["capacityStatus"]; noise_level: Broadcast["noiseLevel"]; current_vibes: string[]; special_notes: string | null; is_open: boolean; created_at: Date }>(
      `SELECT DISTINCT ON (venue_id) venue_id, capacity_status, noise_level, current_vibes, special_notes, is_open, created_at
         FROM venue_updates WHERE venue_id = ANY($1::int[]) AND created_at > $2::timestamptz - make_interval(mins => $3)
        ORDER BY venue_id, created_at DESC`,
      [venueIds, now, BROADCAST_MAX_AGE_MIN],
    ),
    db.query<{ venue_id: number; vibes: string[]; created_at: Date }>(
      `SELECT venue_id, vibes, created_at FROM posts
        WHERE venue_id = ANY($1::int[]) AND created_at > $2::timestamptz - make_interval(mins => $3)`,
      [venueIds, now, CHECKIN_MAX_AGE_MIN],
    ),
  ]);
  const byVenue = new Map<number, { broadcast: Broadcast | null; checkIns: { vibes: string[]; createdAt: Date }[] }>();
  const entry = (id: number) => byVenue.get(id) ?? byVenue.set(id, { broadcast: null, checkIns: [] }).get(id)!;
  for (const u of updates) {
    entry(u.venue_id).broadcast = {
      capacityStatus: u.capacity_status,
      noiseLevel: u.noise_level,
      currentVibes: u.current_vibes,
      specialNotes: u.special_notes,
      isOpen: u.is_open,
      createdAt: new Date(u.created_at),
    };
  }
  for (const c of checkIns) entry(c.venue_id).checkIns.push({ vibes: c.vibes, createdAt: new Date(c.created_at) });
  for (const [id, { broadcast, checkIns: list }] of byVenue) {
    const live = liveVibe(broadcast, list, now);
    if (live) out.set(id, live);
  }
  return out;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The LatestUpdate of spec section 3, from a live vibe. */
export function presentLatestUpdate(live: LiveVibe): LatestUpdate {
  const b = live.broadcast;
  const sources = [b ? "the venue" : null, live.checkIns ? plural(live.checkIns, "recent check-in") : null].filter(Boolean);
  return {
    capacityStatus: b?.capacityStatus ?? null,
    noiseLevel: b?.noiseLevel ?? null,
    isOpen: b?.isOpen ?? null,
    statusMessage: `Live from ${sources.join(" and ")}`,
    specialNotes: b?.specialNotes ?? null,
    currentVibes: live.currentVibes,
    createdAt: live.updatedAt.toISOString(),
    reviewAuthor: null,
    reviewRating: null,
    reviewTime: null,
  };
}

/** Sets latestUpdate on venues that have a fresh live vibe. */
export async function withLive<T extends { id: number; latestUpdate: LatestUpdate | null }>(db: Queryable, venues: T[]): Promise<T[]> {
  const live = await loadLive(
    db,
    venues.map((v) => v.id),
  );
  for (const v of venues) {
    const l = live.get(v.id);
    if (l) v.latestUpdate = presentLatestUpdate(l);
  }
  return venues;
}
