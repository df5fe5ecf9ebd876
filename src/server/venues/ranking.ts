import { suggestionBucket, type VenueCategory } from "@shared/vocabulary";
import type { MatchSort } from "@shared/vocabulary";

/** A venue's vibe scores: the stored object, or a lookup of one (the catalog's compact columns). */
export type VibeScores = Readonly<Record<string, number>> | ((vibe: string) => number | undefined);

/**
 * How well a venue fits the vibes someone chose, 0..1: the average of its scores for those vibes
 * blended half and half with its best one. A venue strong in one chosen vibe ranks well; one that
 * fits all of them ranks better. Vibes it has no score for count as 0.
 */
export function matchScore(scores: VibeScores, vibes: readonly string[]): number {
  if (vibes.length === 0) return 0;
  let sum = 0;
  let best = 0;
  for (const v of vibes) {
    const value = clamp01((typeof scores === "function" ? scores(v) : scores[v]) ?? 0);
    sum += value;
    if (value > best) best = value;
  }
  return round2((best + sum / vibes.length) / 2);
}

/** 1 at the caller's position, falling linearly to 0 at the edge of the radius. */
export function proximity(distanceMeters: number, radiusMeters: number): number {
  if (radiusMeters <= 0) return 0;
  return clamp01(1 - distanceMeters / radiusMeters);
}

/**
 * Rank of a vibe match: fit matters most (70%), nearness breaks near-ties (30%). Used to choose
 * which matches inside the radius are returned; the client then sorts by distance or rating.
 */
export function matchRank(fit: number, distanceMeters: number, radiusMeters: number): number {
  return 0.7 * fit + 0.3 * proximity(distanceMeters, radiusMeters);
}

/**
 * Rank of a match under the Best match sort: fit alone (the calibrated scores of the chosen vibes,
 * matchScore), nearness only breaking ties of fit (fit moves in hundredths; nearness adds under one).
 */
export function bestMatchRank(fit: number, distanceMeters: number, radiusMeters: number): number {
  return fit + 0.001 * proximity(distanceMeters, radiusMeters);
}

/**
 * Rank under Top Rated (sort=rating): rated venues first, highest rating first; venues with no
 * rating after them, all equal, so nearest first (the rankings' ties). The rating is the one shown
 * (venues/ratings.ts: the provider's and VIBE members' together), never the spec's fallback.
 */
export function ratingRank(rating: number | null): number {
  return rating === null || !Number.isFinite(rating) ? 0 : 1 + rating;
}

/** The rank of a match under a sort: Best match by fit, Nearest and Top Rated by fit and nearness. */
export function rankFor(sort: MatchSort | undefined) {
  return sort === "best" ? bestMatchRank : matchRank;
}

/**
 * What suits each time of day (spec 9's buckets): which categories and vibes to favour.
 * Breakfast is coffee; lunch is food; afternoon is a quiet cafe; dinner is a restaurant with
 * atmosphere; nightlife is bars and clubs.
 */
export const TIME_OF_DAY: Record<
  ReturnType<typeof suggestionBucket>,
  { categories: Partial<Record<VenueCategory, number>>; vibes: string[] }
> = {
  breakfast: { categories: { Cafe: 1, Restaurant: 0.5 }, vibes: ["Cozy", "Chill", "Quiet"] },
  lunch: { categories: { Restaurant: 1, Cafe: 0.7 }, vibes: ["Social", "Chill"] },
  afternoon: { categories: { Cafe: 1, Bar: 0.4, Restaurant: 0.4 }, vibes: ["Chill", "Relaxed", "Focused"] },
  dinner: { categories: { Restaurant: 1, Bar: 0.5, Cafe: 0.3 }, vibes: ["Romantic", "Cozy", "Social"] },
  nightlife: { categories: { Bar: 1, Club: 1, Restaurant: 0.2 }, vibes: ["Energetic", "Social", "Loud", "Upbeat"] },
};

/**
 * Suggestion rank for an hour of the day (the hour's heading, e.g. Dinner Spots): category fit for
 * the hour 40%, fit to the hour's vibes 40%, nearness 20%. A person's preferences are personalRank's.
 */
export function suggestionRank(
  venue: { category: string; vibeScores: Record<string, number> },
  hour: number,
  distanceMeters: number,
  radiusMeters: number,
): number {
  const profile = TIME_OF_DAY[suggestionBucket(hour)];
  const categoryFit = profile.categories[venue.category as VenueCategory] ?? 0;
  const hourFit = matchScore(venue.vibeScores, profile.vibes);
  return 0.4 * categoryFit + 0.4 * hourFit + 0.2 * proximity(distanceMeters, radiusMeters);
}

/**
 * Rank of a personal pick (issue 26): how well it follows the person's preferences, 70% (their vibes'
 * fit, matchScore, weighing 0.6, and the share of their diets it serves by its tags, 0.4, over what
 * they chose), nearness 20%, and the hour's category 10%.
 */
export function personalRank(
  venue: { category: string; vibeScores: Record<string, number>; diets: readonly string[] },
  hour: number,
  prefs: { vibes: readonly string[]; diets: readonly string[] },
  distanceMeters: number,
  radiusMeters: number,
): number {
  const parts: [number, number][] = [];
  if (prefs.vibes.length) parts.push([0.6, matchScore(venue.vibeScores, prefs.vibes)]);
  if (prefs.diets.length)
    parts.push([0.4, venue.diets.filter((d) => prefs.diets.includes(d)).length / prefs.diets.length]);
  const follows = parts.reduce((s, [w, v]) => s + w * v, 0) / parts.reduce((s, [w]) => s + w, 0);
  const categoryFit = TIME_OF_DAY[suggestionBucket(hour)].categories[venue.category as VenueCategory] ?? 0;
  return 0.7 * follows + 0.2 * proximity(distanceMeters, radiusMeters) + 0.1 * categoryFit;
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const round2 = (n: number) => Math.round(n * 100) / 100;
