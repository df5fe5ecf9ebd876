import { MAX_VENUE_RESULTS, type Venue } from "@shared/contracts/venues";
import type { Db } from "../db/client";
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

/** Venues inside the radius that fit at least one vibe, best matches first (docs/discovery.md). */
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
  if (!q.vibes.length) return rows.map((r) => presentVenue(r));
  return rows
    .map((r) => ({ r, fit: matchScore(r.vibe_scores, q.vibes), rank: 0 }))
    .map((x) => ({ ...x, rank: matchRank(x.fit, x.r.meters!, radiusMeters) }))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, MAX_VENUE_RESULTS)
    .map(({ r, fit }) => presentVenue(r, fit));
}
