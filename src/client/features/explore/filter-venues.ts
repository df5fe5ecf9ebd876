import { CATEGORY_CHIPS } from "@client/features/explore/texts";
import type { Venue } from "@shared/contracts/venues";
import { venueVibes } from "@client/features/venues/lib/venue-display";

type Filterable = Pick<Venue, "name" | "category" | "detectedVibes" | "vibeScores" | "latestUpdate">;

const CATEGORY_LABELS: Record<string, string> = Object.fromEntries(CATEGORY_CHIPS.map((c) => [c.value, c.label]));

/**
 * Spec 2: Explore's text filter matches a venue's name, category (also as its chip's plural,
 * "Bars") or any of its vibes, case-insensitively. Blank text matches everything.
 */
export function matchesText(venue: Filterable, text: string): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return true;
  const haystack = [venue.name, venue.category, CATEGORY_LABELS[venue.category] ?? "", ...venueVibes(venue)];
  return haystack.some((value) => value.toLocaleLowerCase().includes(needle));
}

export function filterVenues<T extends Filterable>(venues: readonly T[], text: string): T[] {
  return text.trim() ? venues.filter((v) => matchesText(v, text)) : [...venues];
}
