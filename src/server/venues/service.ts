import { MAX_VENUE_RESULTS, type Venue } from "@shared/contracts/venues";
import type { Db } from "../db/client";
import { liveFit } from "../live/crowd";
import { loadLive, presentLatestUpdate } from "../live/service";
import { presentVenue, venuesWithin } from "./queries";
import { matchRank, matchScore } from "./ranking";

/** Nearest matches read before ranking; the best MAX_VENUE_RESULTS of them are returned. */
export const MATCH_CANDIDATES = MAX_VENUE_RESULTS * 2;

export interface MatchRequest {
  latitude: number;
  longitude: number;
  radiusKm: number;
  /** Empty: every venue in the radius, nearest first. */
  vibes: readonly string[];
  category?: string;
  search?: string;
  userId?: string | null;
}

/**
 * Venues inside the radius that fit at least one vibe, best matches first (docs/discovery.md).
 * A fresh live vibe (owner broadcast, recent check-ins) counts in the fit while it lasts and is
 * shown as the venue's latestUpdate.
 */
export async function matchVenues(db: Db, q: MatchRequest): Promise<Venue[]> {
  const radiusMeters = q.radiusKm * 1000;
  const rows = await venuesWithin(db, {
    latitude: q.latitude,
    longitude: q.longitude,
    radiusMeters,
    vibes: q.vibes,
    category: q.category,
    search: q.search,
    limit: q.vibes.length ? MATCH_CANDIDATES : MAX_VENUE_RESULTS,
    userId: q.userId,
  });
  const live = await loadLive(
    db,
    rows.map((r) => r.id),
  );
  const present = (r: (typeof rows)[number], fit: number | null) => {
    const venue = presentVenue(r, fit);
    const l = live.get(r.id);
    if (l) venue.latestUpdate = presentLatestUpdate(l);
    return venue;
  };
  if (!q.vibes.length) return rows.map((r) => present(r, null));
  return rows
    .map((r) => ({ r, fit: liveFit(matchScore(r.vibe_scores, q.vibes), live.get(r.id) ?? null, q.vibes) }))
    .map((x) => ({ ...x, rank: matchRank(x.fit, x.r.meters!, radiusMeters) }))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, MAX_VENUE_RESULTS)
    .map(({ r, fit }) => present(r, fit));
}
