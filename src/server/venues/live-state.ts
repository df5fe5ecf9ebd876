import type { LatestUpdate } from "@shared/contracts/venues";
import { type LiveVibe, presentLatestUpdate } from "../live/crowd";
import type { LiveStore } from "../live/store";
import type { FavoriteStore } from "./favorites";

/** What a list of venues shows live: their live vibes and which of them the caller saved. */
export interface VenueState {
  /** Only venues with fresh broadcasts or check-ins appear. */
  live: Map<number, LiveVibe>;
  favorites: ReadonlySet<number>;
}

/** Where live vibes and favourites are read from. */
export interface StateReader {
  live: LiveStore;
  favorites: FavoriteStore;
}

/**
 * The live vibes of the given venues and, for a signed-in caller, which venues they saved: both
 * from the instance's memory (live/store.ts, venues/favorites.ts), read afresh when stale.
 */
export async function loadVenueState(
  { live, favorites }: StateReader,
  venueIds: readonly number[],
  userId?: string | null,
): Promise<VenueState> {
  if (!venueIds.length) return { live: new Map(), favorites: new Set() };
  const [vibes, saved] = await Promise.all([live.vibes(venueIds), userId ? favorites.of(userId) : new Set<number>()]);
  return { live: vibes, favorites: saved };
}

/**
 * Sets latestUpdate on venues that have a fresh live vibe; with a caller, also whether they
 * saved each venue.
 */
export async function withLive<T extends { id: number; latestUpdate: LatestUpdate | null; isFavorite: boolean }>(
  reader: StateReader,
  venues: T[],
  userId?: string | null,
): Promise<T[]> {
  const { live, favorites } = await loadVenueState(
    reader,
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
