// Screen texts and settings of the venues feature (../shared/product-spec.md).

import { MAX_EXACT_TOTAL, REVIEWS } from "@shared/vocabulary";

export const SUGGESTION_RADIUS = 5;

export const CAPACITY_COLORS = { Empty: "green", Moderate: "yellow", Full: "red" } as const;

/** Texts of the venue screens. Those marked (spec) are the product's own wording. */
/**
 * A list's size: "1,234", or "10,000+" past MAX_EXACT_TOTAL, where the server stops counting and
 * says only "more than" (x-total-count "10000+", read back as MAX_EXACT_TOTAL + 1).
 */
const total = (n: number) =>
  n > MAX_EXACT_TOTAL ? `${MAX_EXACT_TOTAL.toLocaleString("en-US")}+` : n.toLocaleString("en-US");

/** "Romantic or Adventurous". */
const anyOf = new Intl.ListFormat("en-US", { type: "disjunction" });

export const VENUE_TEXT = {
  locationDetected: "Location detected", // (spec)
  detectingLocation: "Detecting location...", // (spec)
  /** Shown once the position could not be read and the default point is in use. */
  defaultLocation: "Using default location",
  liveUpdates: "Live updates active", // (spec) reserved for the realtime indicator
  vibePickerTitle: "What's your vibe?",
  nearbyMatches: "Nearby Matches", // (spec)
  filteredMatches: "Filtered Matches", // (spec)
  emptyTitle: "No venues match your vibe right now.", // (spec)
  emptyBody: "Try selecting different vibes!", // (spec)
  /**
   * Under the spec's empty list when vibes are chosen: a vibe is never guessed, so say why no place
   * has it (docs/vibe-analysis.md: a hint such as a name stays under the match threshold).
   */
  noKnownVibe: (vibes: readonly string[], miles: number) =>
    `No place within ${miles} mi is known to be ${anyOf.format(vibes)} ` +
    "yet: VIBE gives a place a vibe only when its reviews, listed facts or photos say so. " +
    "Reviewing the places you know helps.",
  /** Home's empty list when a keyword is set: the keyword is what found nothing, not the vibes. */
  emptySearchTitle: (search: string) => `No venues match "${search}"`,
  emptySearchBody: "Try another word, or clear the search to see every match nearby.",
  emptySearchWithVibesBody: "Only places that also fit your vibes are searched. Try another word, or clear the search.",
  fetchFailed: "Failed to fetch venues", // (spec, thrown)
  /** While the server fetches the area around the search from the venue sources (X-Venues-Fetching). */
  findingPlaces: "Finding places near you…",
  findingPlacesBody: "VIBE knows few places here yet. They appear as they arrive.",
  retry: "Retry",
  searchPlaceholder: "Search venues...",
  searchLabel: "Search venues",
  filterPlaceholder: "Filter by name, category or vibe",
  filterLabel: "Filter by name, category or vibe",
  distanceLabel: "Distance",
  categoryLabel: "Category",
  sortLabel: "Sort venues",
  dismissSuggestions: "Dismiss suggestions",
  loadingDetails: "Loading details...", // (spec)
  loadingReviews: "Loading reviews...", // (spec)
  loadingPhotos: "Loading photos...", // (spec)
  noReviews: "No reviews available", // (spec)
  noPhotos: "No photos available", // (spec)
  tabs: { about: "About", reviews: "Reviews", photos: "Photos" },
  getDirections: "Get Directions",
  share: "Share",
  call: "Call",
  save: "Save",
  close: "Close",
  hours: "Hours",
  /** The "Open now" filter on Home and Explore (only venues whose hours say they are open). */
  openNowFilter: "Open now",
  /** Details: what OpenStreetMap states about the place (cuisine, access, diets...). */
  features: "Good to know",
  /** The venue's entertainment permits, in words (details `permits`). */
  permits: "Permits",
  currentVibes: "Current vibes",
  /** The owner's live open state (a broadcast), said as theirs. */
  ownerOpen: "Open now, says the owner",
  ownerClosed: "Closed now, says the owner",
  liveUpdate: "Live update",
  /** Before the opening-hours line when the owner's live update says otherwise: both are shown, each as what it is. */
  listedHours: "Listed hours",
  website: "Website",
  shareText: "Check out this spot on VIBE",
  linkCopied: "Link copied",
  linkCopiedBody: "Paste it anywhere to share this place.",
  shareFailed: "Could not share this place",
  /** Share when the clipboard is refused: the link is shown to copy by hand, not as an error. */
  copyByHand: "Copy this link to share it",
  venueLinkMissing: "This place is no longer on VIBE.",
  favoriteFailed: "Failed to update favorites",
  vibesSaveFailed: "Failed to save your vibes",
  errorTitle: "Error",
  /** Shown in plain sight where a venue has no real rating (never the spec's FALLBACKS as figures). */
  noRatingYet: "No ratings yet",
  /** Names the details sheet's list of data sources. */
  sources: "Sources",
  /** Under Top Rated when no listed venue has a rating: the order is then the nearest first. */
  ratingSortNoneRated: (n: number) =>
    `None of these ${total(n)} venues has ratings yet, so they are listed nearest first.`,
  /** Under Top Rated when some do: the rest follow, nearest first. */
  ratingSortSomeRated: "Rated venues first; venues with no ratings yet follow, nearest first.",
  exploreEmpty: "No venues found", // (spec)
  clearSearch: "Clear Search", // (spec)
  totalVenues: "Total Venues", // (spec)
  /** A list's size alone ("1,234", "10,000+"), as Explore's Total Venues shows it. */
  total,
  /** A venue count ("1 venue", "1,234 venues", "10,000+ venues"). */
  venueCount: (n: number) => `${total(n)} ${n === 1 ? "venue" : "venues"}`,
  /** Under a list that holds more than it shows. */
  shownOf: (shown: number, n: number) => `Showing ${shown.toLocaleString("en-US")} of ${total(n)}`,
  showMore: "Show more",
  loadingMore: "Loading more...",
  /**
   * Issue 25: how many of a match are confirmed ("12 confirmed · 48 likely"); past the count's cap,
   * "12 confirmed · 9,988+ likely".
   */
  confirmedCount: (confirmed: number, n: number) =>
    `${confirmed.toLocaleString("en-US")} confirmed · ${
      n > MAX_EXACT_TOTAL
        ? `${(MAX_EXACT_TOTAL - confirmed).toLocaleString("en-US")}+`
        : (n - confirmed).toLocaleString("en-US")
    } likely`,
  /** A likely card's label (issue 25). */
  likelyLabel: (vibe: string) => `Likely ${vibe} — not confirmed yet`,
  /** Why it is likely: "Why: wine bar, cocktails". */
  likelyWhy: (reasons: readonly string[]) => `Why: ${reasons.join(", ")}`,
  /** Dividers of a list ordered by time (issue 25). */
  likelyDivider: "Likely matches — not confirmed yet",
  likelyDividerNote: "Their facts point to the vibe; nobody has confirmed it. Tell us: Yes or No.",
  unknownHoursDivider: "Hours not known",
  closedDivider: "Closed now",
  closedDividerNote: "Each says when it opens.",
  savedEmptyTitle: "No saved venues yet", // (spec)
  savedEmptyBody: "Tap the heart icon on a venue to save it.",
} as const;

/** A venue's own page, /venues/osm/node/123 (issue 26): open to anyone, signed in or not. */
export const VENUE_PAGE_TEXT = {
  /** The way in: Home's matches around the venue (a guest session first when signed out). */
  around: "See what's around it",
  aroundSignedOut: "Opens VIBE as a guest around this place: no account needed.",
  signIn: "Sign In",
  back: "Back",
  loadFailed: "This place could not be loaded.",
  retry: "Try again",
  /** The tab's title on the page (the server writes the same one into the HTML). */
  title: (name: string, category: string | null) => `${name} · ${category?.trim() || "Place"} | VIBE`,
} as const;

/** External directions page opened by Get Directions (spec 2). */
export const DIRECTIONS_URL = "https://www.google.com/maps/dir/?api=1&destination=";

/** "Why this vibe" in the venue details sheet: the evidence behind each shown vibe. */
export const VIBE_EVIDENCE_TEXT = { title: "Why these vibes?" } as const;

/** Texts of the Reviews tab: ratings and reviews by VIBE's people (docs/reviews.md). */
export const REVIEW_TEXT = {
  rateTitle: "Rate this venue",
  editTitle: "Your review",
  starsLabel: "Your rating",
  star: (n: number) => `${n} star${n === 1 ? "" : "s"}`,
  textLabel: "Your review (optional)",
  textPlaceholder: "What is it like?",
  save: "Post review",
  update: "Update review",
  saving: "Saving...",
  delete: "Delete review",
  deleteTitle: "Delete your review?",
  deleteDescription: "Your stars and text are removed from this venue and its rating. This cannot be undone.",
  deleteConfirm: "Delete",
  deleteCancel: "Cancel",
  deleting: "Deleting...",
  chooseStars: "Choose 1 to 5 stars",
  saved: "Review saved",
  savedBody: "Thanks for rating this place",
  deleted: "Review deleted",
  failed: "Could not save your review",
  loadFailed: "Could not load the reviews",
  deleteFailed: "Could not delete your review",
  guestPrompt: REVIEWS.guestRefused,
  guestBody: "Guests cannot rate places: an account keeps your ratings and what you did as a guest.",
  guestAction: "Create an account",
  signedOutPrompt: "Sign in to rate this venue",
  signedOutAction: "Sign in",
  removedTitle: "Your review was removed",
  removedBody: (reason: string) => `VIBE removed it: ${reason}`,
  ratingsHeading: "Ratings",
  ratingPart: (source: string, rating: number, count: number | null) =>
    `${source}: ${rating.toFixed(1)} out of 5${count === null ? "" : ` from ${count} rating${count === 1 ? "" : "s"}`}`,
  sourceLabel: (source: string) => (source === REVIEWS.source ? "On VIBE" : `From ${source}`),
  you: "You",
  remove: "Remove",
  removeTitle: "Remove this review",
  removeReason: "Reason (shown to its author)",
  removeConfirm: "Remove review",
  removing: "Removing...",
  removeCancel: "Cancel",
  removed: "Review removed",
  removeFailed: "Could not remove the review",
  textMax: REVIEWS.textMax,
  reasonMax: REVIEWS.reasonMax,
} as const;

/** Crowd vibe votes (issue 25, docs/vibe-votes.md): "What's the vibe here?", one Yes or No a vibe. */
export const VIBE_VOTE_TEXT = {
  title: "What's the vibe here?", // (issue 25)
  intro: "One tap a vibe: Yes or No. Tap your answer again to take it back.",
  yes: "Yes", // (issue 25)
  no: "No", // (issue 25)
  /** The one-vibe question of a likely card: "Is it Romantic? Yes · No" (issue 25). */
  question: (vibe: string) => `Is it ${vibe}?`,
  /** A vibe's counted votes, as shown beside it. */
  counts: (yes: number, no: number) => `${yes} yes · ${no} no`,
  /** The same, read out with the vibe's name. */
  countsLabel: (vibe: string, yes: number, no: number) =>
    `${vibe}: ${yes} ${yes === 1 ? "person" : "people"} said yes, ${no} said no`,
  /** The buttons' names for assistive technology ("Yes, Romantic"). */
  answerLabel: (answer: string, vibe: string) => `${answer}, ${vibe}`,
  /** Under the buttons, after a tap. */
  saved: (vibe: string, vote: "yes" | "no" | null) =>
    vote === null ? `Your vote on ${vibe} was taken back.` : `You said ${vote === "yes" ? "Yes" : "No"} to ${vibe}.`,
  failed: "Could not save your vote",
  loadFailed: "Could not load the votes",
  loading: "Loading votes...",
  retry: "Retry",
  /** Who counts, under the counts. */
  whoCounts: "Counts are of people with a proven email over the last two years; older votes count less.",
  join: "Create an account",
  signIn: "Sign in",
  verify: "Open your Profile",
  /** After a check-in that names a venue: the dialog's way out. */
  done: "Done",
  /** After a check-in: the question's lead. */
  afterCheckIn: (venue: string) => `You checked in at ${venue}.`,
} as const;
