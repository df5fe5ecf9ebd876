import type { LatestUpdate } from "@shared/contracts/venues";
import type { Queryable } from "../db/client";
import { BROADCAST_MAX_AGE_MIN, CHECKIN_MAX_AGE_MIN, liveVibe, type Broadcast, type LiveVibe } from "./crowd";

/** What a list of venues shows live: their live vibes and which of them the caller saved. */
export interface VenueState {
  /** Only venues with fresh broadcasts or check-ins appear. */
  live: Map<number, LiveVibe>;
  favorites: Set<number>;
}

interface StateRow {
  updates: { venue_id: number; capacity_status: Broadcast["capacityStatus"]; noise_level: Broadcast["noiseLevel"]; current_vibes: string[]; special_notes: string | null; is_open: boolean; created_at: string }[] | null;
  check_ins: { venue_id: number; vibes: string[]; created_at: string }[] | null;
  favorites: number[] | null;
}

/**
 * The live vibes of the given venues and, for a signed-in caller, which of them they saved: one
 * round trip, as nearly every venue list needs both.
 */
export async function loadVenueState(db: Queryable, venueIds: readonly number[], userId?: string | null, now = new Date()): Promise<VenueState> {
  const live = new Map<number, LiveVibe>();
  if (!venueIds.length) return { live, favorites: new Set() };
  const [row] = await db.query<StateRow>(
    `SELECT
       (SELECT json_agg(u) FROM (
          SELECT DISTINCT ON (venue_id) venue_id, capacity_status, noise_level, current_vibes, special_notes, is_open, created_at
            FROM venue_updates WHERE venue_id = ANY($1::int[]) AND created_at > $2::timestamptz - make_interval(mins => $3)
           ORDER BY venue_id, created_at DESC) u) AS updates,
       (SELECT json_agg(c) FROM (
          SELECT venue_id, vibes, created_at FROM posts
           WHERE venue_id = ANY($1::int[]) AND created_at > $2::timestamptz - make_interval(mins => $4)) c) AS check_ins,
       (SELECT array_agg(venue_id) FROM favorites WHERE user_id = $5::uuid AND venue_id = ANY($1::int[])) AS favorites`,
    [venueIds, now, BROADCAST_MAX_AGE_MIN, CHECKIN_MAX_AGE_MIN, userId ?? null],
  );
  const byVenue = new Map<number, { broadcast: Broadcast | null; checkIns: { vibes: string[]; createdAt: Date }[] }>();
  const entry = (id: number) => byVenue.get(id) ?? byVenue.set(id, { broadcast: null, checkIns: [] }).get(id)!;
  for (const u of row.updates ?? []) {
    entry(u.venue_id).broadcast = {
      capacityStatus: u.capacity_status,
      noiseLevel: u.noise_level,
      currentVibes: u.current_vibes,
      specialNotes: u.special_notes,
      isOpen: u.is_open,
      createdAt: new Date(u.created_at),
    };
  }
  for (const c of row.check_ins ?? []) entry(c.venue_id).checkIns.push({ vibes: c.vibes, createdAt: new Date(c.created_at) });
  for (const [id, { broadcast, checkIns: list }] of byVenue) {
    const l = liveVibe(broadcast, list, now);
    if (l) live.set(id, l);
  }
  return { live, favorites: new Set(row.favorites ?? []) };
}

/** Live vibes of the given venues (only those with fresh broadcasts or check-ins appear). */
export async function loadLive(db: Queryable, venueIds: readonly number[], now = new Date()): Promise<Map<number, LiveVibe>> {
  return (await loadVenueState(db, venueIds, null, now)).live;
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

/**
 * Sets latestUpdate on venues that have a fresh live vibe; with a caller, also whether they
 * saved each venue.
 */
export async function withLive<T extends { id: number; latestUpdate: LatestUpdate | null; isFavorite: boolean }>(
  db: Queryable,
  venues: T[],
  userId?: string | null,
): Promise<T[]> {
  const { live, favorites } = await loadVenueState(
    db,
    venues.map((v) => v.id),
    userId,
  );
  for (const v of venues) {
    const l = live.get(v.id);
    if (l) v.latestUpdate = presentLatestUpdate(l);
    if (userId) v.isFavorite = favorites.has(v.id);
  }
  return venues;
}
