// Screen texts and settings of the home feature (../shared/product-spec.md).

/** Headings of the suggestion bubbles by suggestionBucket(hour) (spec 9). */
export const SUGGESTION_HEADINGS = {
  breakfast: "Breakfast Spots",
  lunch: "Lunch Picks",
  afternoon: "Afternoon Hangouts",
  dinner: "Dinner Spots",
  nightlife: "Nightlife",
  personalized: "Personalized Picks", // (spec)
} as const;

/** "A", "A or B", "A, B or C". */
const anyOf = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;

/** Personalized Picks that cannot follow the preferences say why (issue 26). */
export const PICKS_TEXT = {
  unavailable: (vibes: readonly string[], diets: readonly string[], heading: string) => {
    const known = [
      vibes.length ? `to be ${anyOf(vibes)}` : null,
      diets.length ? `to serve ${anyOf(diets)} food` : null,
    ].filter(Boolean);
    return (
      `No place nearby is known ${known.join(" or ")} yet, so these are ${heading} instead of ` +
      "Personalized Picks. Places get vibes from reviews, listed facts and photos."
    );
  },
} as const;

/** How many suggested venue names the Home bubbles show. */
export const SUGGESTION_BUBBLE_COUNT = 5;

/** Labels of the Home sort toggle for SORT_OPTIONS. */
export const SORT_LABELS = { proximity: "Nearest", rating: "Top Rated" } as const;

/** Screen texts of Home's Best match sort (issue 16). */
export const BEST_MATCH_TEXT = {
  label: "Best match",
  /** Under the heading while Best match orders the list. */
  note: "Most likely to have your vibes first, whatever the distance.",
  /** Best match with no vibe chosen: nothing to rank by. */
  noVibes: "Choose a vibe to rank by best match; meanwhile venues are listed nearest first.",
} as const;
