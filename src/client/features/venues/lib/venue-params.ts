import { SUGGESTION_RADIUS } from "@client/features/venues/texts";
import { milesToKm } from "@shared/units";
import type { MatchSort } from "@shared/vocabulary";

export interface Coords {
  latitude: number;
  longitude: number;
}

export interface MatchInput {
  coords: Coords;
  distanceMiles: number;
  vibes: readonly string[];
  search?: string;
  /** A CATEGORY_CHIPS value; "all" (or nothing) sends no category. */
  category?: string;
  /** Only venues whose hours say they are open now. */
  openNow?: boolean;
  /** The sort toggle: Best match (with vibes) and Top Rated are ranked by the server; Nearest is its default. */
  sort?: MatchSort;
}

/** Query of GET /api/venues/match-public. */
export interface MatchParams {
  latitude: number;
  longitude: number;
  /** Kilometres (spec 9: the chosen miles times 1.60934). */
  radius: number;
  /** Comma list, or "all" when no vibe is chosen. */
  vibes: string;
  search?: string;
  category?: string;
  /** "true" when only open venues are wanted; left out otherwise. */
  openNow?: "true";
  /**
   * "best" for the Best match sort (with vibes), "rating" for Top Rated: the server ranks the whole
   * radius so that rated venues come first on the first page; left out for Nearest (the default).
   */
  sort?: "best" | "rating";
}

/** Query of GET /api/venues/nearby for the suggestion bubbles. */
export interface NearbyParams {
  latitude: number;
  longitude: number;
  radius: number;
  hour: number;
}

/**
 * The server's limit (MAX_SEARCH_LENGTH in the venues contract). Not imported from there: the
 * contract module pulls zod into the main bundle, which only the login screen needs.
 */
export const SEARCH_MAX_LENGTH = 100;

export const roundTo = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * Coordinates are rounded to about 10 m so GPS jitter does not make a new query; the radius is
 * rounded to hide floating-point noise (5 miles is 8.0467 km, not 8.046700000000001).
 */
export function buildMatchParams({
  coords,
  distanceMiles,
  vibes,
  search,
  category,
  openNow,
  sort,
}: MatchInput): MatchParams {
  const params: MatchParams = {
    latitude: roundTo(coords.latitude, 4),
    longitude: roundTo(coords.longitude, 4),
    radius: roundTo(milesToKm(distanceMiles), 4),
    vibes: vibes.length ? vibes.join(",") : "all",
  };
  const text = search?.trim().slice(0, SEARCH_MAX_LENGTH);
  if (text) params.search = text;
  if (category && category.toLowerCase() !== "all") params.category = category;
  if (openNow) params.openNow = "true";
  if (sort === "best" && vibes.length) params.sort = "best";
  if (sort === "rating") params.sort = "rating";
  return params;
}

/** Spec 7: suggestions use coordinates rounded to 3 decimals, radius 5 and the hour of day. */
export function buildNearbyParams(coords: Coords, hour: number): NearbyParams {
  return {
    latitude: roundTo(coords.latitude, 3),
    longitude: roundTo(coords.longitude, 3),
    radius: SUGGESTION_RADIUS,
    hour,
  };
}
