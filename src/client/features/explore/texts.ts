// Screen texts and settings of the explore feature (../shared/product-spec.md).

export const CATEGORY_CHIPS = [
  { label: "All", value: "all" },
  { label: "Bars", value: "Bar" },
  { label: "Restaurants", value: "Restaurant" },
  { label: "Cafes", value: "Cafe" },
  { label: "Clubs", value: "Club" },
] as const;

/** Texts of Explore's natural-language box and its 'AI understood' panel. */
export const DISCOVER_TEXT = {
  queryLabel: "Describe what you're looking for",
  queryPlaceholder: 'Try "cozy wine bar with live jazz"',
  find: "Find", // (spec)
  finding: "Finding...", // (spec)
  understood: "AI understood", // (spec)
  clear: "Clear AI search",
  vibes: "Vibes",
  categories: "Categories",
  features: "Features",
  keywords: "Keywords",
  /** The panel's row of words the search did not use ("wine" of "wine bar"). */
  unused: "Not searched",
  unusedHint: "Read, but not searched for: only the rows above shape these results.",
  /** Explore's vibe picker is folded away while an AI result is shown; this opens it (still paused). */
  showPicker: "Show vibe picker",
  nothingRecognised: "No vibes, categories or features recognised: matched on the words themselves.",
  pickerPaused: "Vibe picks are paused while the AI search is shown. Clear it to pick vibes again.",
  /** Heads the list, in place of Total Venues, while an AI result is listed; its count is theirs. */
  resultsHeading: "AI Results",
  errorTitle: "Error", // (spec)
  locationRequired: "Location required", // (spec, thrown)
  fetchFailed: "Failed to fetch venues", // (spec, thrown)
} as const;
