import type { Venue } from "@shared/contracts/venues";
import type { MatchSort } from "@shared/vocabulary";

export type SortOption = MatchSort;

type Sortable = Pick<Venue, "distance" | "rating">;

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
 * server's order as it is: the server ranks it (sort=best).
 */
export function sortVenues<T extends Sortable>(venues: readonly T[], sort: SortOption): T[] {
  if (sort === "best") return [...venues];
  const indexed = venues.map((venue, index) => ({ venue, index }));
  indexed.sort((a, b) => {
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
