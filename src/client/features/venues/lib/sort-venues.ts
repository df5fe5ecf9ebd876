import type { Venue } from "@shared/contracts/venues";
import type { MatchSort } from "@shared/vocabulary";
import { byPartAndTier } from "./venue-sections";

const listed = (v: Sortable) => ({
  openStatus: v.openStatus ?? null,
  likely: v.likely,
  detectedVibes: v.detectedVibes ?? [],
});

export type SortOption = MatchSort;

type Sortable = Pick<Venue, "distance" | "rating"> & Partial<Pick<Venue, "openStatus" | "likely" | "detectedVibes">>;

/** Miles as a number; a missing or unreadable distance is Infinity so it sorts last. */
export function distanceMiles(venue: Pick<Venue, "distance">): number {
  const miles = venue.distance == null ? Number.NaN : Number.parseFloat(venue.distance);
  return Number.isFinite(miles) ? miles : Number.POSITIVE_INFINITY;
}

function ratingOf(venue: Pick<Venue, "rating">): number {
  return typeof venue.rating === "number" && Number.isFinite(venue.rating) ? venue.rating : Number.NEGATIVE_INFINITY;
}

/**
 * Spec 9: proximity (nearest first) or rating (highest first). Venues without a rating or a
 * distance go last (the spec's display fallbacks are not used for ordering); ties keep the
 * server's order, which ranks by how well a venue fits the chosen vibes. Best match keeps the
 * server's order as it is: the server ranks it (sort=best). `byTime` (a vibe chosen): confirmed
 * matches before likely ones, and open before unknown hours before closed, as the server ranked
 * them (issue 25); nearest first inside each.
 */
export function sortVenues<T extends Sortable>(
  venues: readonly T[],
  sort: SortOption,
  { byTime = false }: { byTime?: boolean } = {},
): T[] {
  if (sort === "best") return [...venues];
  const indexed = venues.map((venue, index) => ({ venue, index }));
  indexed.sort((a, b) => {
    // issue 25: with a vibe chosen (not under Top Rated) the server ranks confirmed before likely and
    // open before unknown hours before closed; nearest first inside each
    if (byTime && sort === "proximity") {
      const part = byPartAndTier(listed(a.venue), listed(b.venue));
      if (part !== 0) return part;
    }
    if (sort === "rating") {
      const byRating = ratingOf(b.venue) - ratingOf(a.venue);
      if (byRating !== 0 && !Number.isNaN(byRating)) return byRating;
    }
    const da = distanceMiles(a.venue);
    const db = distanceMiles(b.venue);
    if (da !== db) return da < db ? -1 : 1;
    return a.index - b.index;
  });
  return indexed.map(({ venue }) => venue);
}
