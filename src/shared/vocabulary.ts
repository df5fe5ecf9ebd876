// The product's vocabulary and limits (../shared/product-spec.md): vibe and category lists, input limits,
// defaults and the messages the API answers with. Shared by the server, the contracts and the client;
// it imports nothing.

/** Vibe labels of the home picker, the post dialog and the broadcast form (spec 3 and 9). */
export const PICKER_VIBES = [
  "Chill",
  "Energetic",
  "Romantic",
  "Adventurous",
  "Cozy",
  "Loud",
  "Quiet",
  "Whiskey",
  "Country Music",
] as const;

/** Preference vibes of the profile dialog (spec 9). */
export const PREFERENCE_VIBES = [
  "Chill",
  "Energetic",
  "Romantic",
  "Cozy",
  "Upbeat",
  "Relaxed",
  "Country Music",
  "Live Music",
  "Quiet",
  "Social",
  "Creative",
  "Focused",
] as const;

/** Every vibe the product knows: the picker's, the preferences' and Live Music / Social. */
export const ALL_VIBES = Array.from(new Set<string>([...PICKER_VIBES, ...PREFERENCE_VIBES])) as readonly string[];

export type Vibe = (typeof ALL_VIBES)[number];

export const BROADCAST_VIBES = PICKER_VIBES;

export const CAPACITY_STATUSES = ["Empty", "Moderate", "Full"] as const;

export const NOISE_LEVELS = ["Quiet", "Conversational", "Loud"] as const;

export const DIETARY_OPTIONS = [
  "Vegan",
  "Vegetarian",
  "Gluten-Free",
  "Dairy-Free",
  "Nut-Free",
  "Halal",
  "Kosher",
] as const;

export const BUDGET_OPTIONS = ["Budget ($)", "Moderate ($$)", "Upscale ($$$)", "Luxury ($$$$)"] as const;

export const FAVORITE_CATEGORY_OPTIONS = [
  "Coffee Shops",
  "Bars & Nightlife",
  "Restaurants",
  "Live Music",
  "Parks & Outdoors",
  "Museums & Culture",
  "Fitness & Wellness",
  "Shopping",
] as const;

/** Venue categories and the Explore chips that filter on them (spec 9). */
export const VENUE_CATEGORIES = ["Bar", "Restaurant", "Cafe", "Club"] as const;

export type VenueCategory = (typeof VENUE_CATEGORIES)[number];

export const LIMITS = {
  vibesMin: 1,
  vibesMax: 5,
  passwordMin: 8,
  /** argon2 and bcrypt-style hashers all cap useful input; a bound also stops hash-DoS. */
  passwordMax: 256,
  nameMax: 80,
  emailMax: 254,
  userSearchMin: 2,
  postDialogVenueResults: 5,
  detailsCurrentVibes: 3,
  friendCardVibes: 3,
  broadcastVibes: 3,
  naturalLanguageLimit: 50,
  cardVibeTags: 3,
  /** JSON request bodies larger than this are refused with 413. */
  bodyLimitBytes: 64 * 1024,
} as const;

export const DISTANCE_OPTIONS_MILES = [5, 10, 25, 50, 100] as const;

export const DEFAULT_DISTANCE_MILES = 10;

export const KM_PER_MILE = 1.60934;

/** The venues' time zone: their opening hours and their nights are read on its wall clock. */
export const VENUE_TIME_ZONE = "America/Los_Angeles";
/** A night ends at this hour of the venues' wall clock (4 AM): "open late", "live music tonight". */
export const NIGHT_ENDS_HOUR = 4;
/**
 * How long an owner's broadcast is fresh, in minutes (server/live/crowd.ts): its capacity, noise,
 * notes and "Live music tonight" count this long at most.
 */
export const BROADCAST_FRESH_MIN = 240;

export const DEFAULT_COORDS = { latitude: 37.7749, longitude: -122.4194 } as const;

export const WEBSOCKET = { pingMs: 30_000, reconnectDelayMs: 3000, maxReconnectAttempts: 5 } as const;

export const VIBE_TAG_MIN_SCORE = 0.2;

/** Contradictory pairs (spec 9): a tag is skipped when a contradicting tag was already shown. */
export const CONTRADICTORY_VIBES: Record<string, readonly string[]> = {
  Loud: ["Quiet", "Chill", "Cozy", "Romantic"],
  Quiet: ["Loud", "Energetic"],
  Energetic: ["Quiet", "Chill"],
  Chill: ["Loud", "Energetic"],
  Cozy: ["Loud"],
  Romantic: ["Loud"],
};

export const SORT_OPTIONS = ["proximity", "rating"] as const;

/** Placeholders of the original product, kept as its fallbacks (spec 9). */
export const FALLBACKS = { rating: 4.8, reviewCount: 142, distance: "0.8" } as const;

/** Suggestion headings by hour of day (spec 9). */
export function suggestionBucket(hour: number): "breakfast" | "lunch" | "afternoon" | "dinner" | "nightlife" {
  if (hour >= 6 && hour < 11) return "breakfast";
  if (hour >= 11 && hour < 15) return "lunch";
  if (hour >= 15 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 22) return "dinner";
  return "nightlife";
}

/** Texts of the error catalogue and success toasts (spec 5 and 8). */
export const TEXT = {
  invalidEmail: "Invalid email address",
  /** A name (a person's, a group's) made only of invisible or direction characters (issue 27). */
  nameNeedsVisible: "A name needs at least one visible character",
  passwordRequired: "Password is required",
  passwordMin: "Password must be at least 8 characters",
  loginFailed: "Login Failed",
  invalidCredentials: "Invalid email or password",
  signupFailed: "Signup Failed",
  signupFallback: "Failed to create account",
  guestErrorTitle: "Error",
  guestErrorBody: "Failed to continue as guest",
  guestThrown: "Failed to create guest session",
  locationErrorTitle: "Location Error",
  locationErrorBody: "Please enable location services to find nearby venues",
  notFoundTitle: "404 Page Not Found",
  notFoundBody: "Did you forget to add the page to the router?",
  addressFallback: "Address not available",
  emailTaken: "An account with this email already exists",
  tooManyLogins: "Too many failed sign-in attempts. Please wait a few minutes and try again.",
  /** Password sign-in of one account slowed for everyone while someone keeps guessing (issue 27). */
  tooManyLoginsAccount:
    "Too many failed sign-in attempts on this account. Wait a while, or choose \u201cEmail me a sign-in link\u201d " +
    "to sign in now.",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
  signInRequired: "Sign in required",
  foreignOrigin: "Cross-site request refused",
  jsonOnly: "Request body must be JSON",
  bodyTooLarge: "Request body is too large",
  notFound: "Not found",
} as const;

export const ATTRIBUTION = {
  venues: "Venue data: City and County of San Francisco, Department of Public Health (DataSF), 2016, public domain.",
  osm: "Map data (c) OpenStreetMap contributors, ODbL.",
} as const;

/**
 * Why a Google, Apple or X sign-in came back to /login?error=<reason>&provider=<id> instead of
 * signing in (server: src/server/auth/oauth/routes.ts). {provider} is the provider's label.
 */
export const OAUTH_ERROR_TEXT = {
  denied: "{provider} sign-in was cancelled. You can try again or choose another way to sign in.",
  expired: "That {provider} sign-in expired or was already used. Please try again.",
  failed: "{provider} sign-in did not work. Please try again or choose another way to sign in.",
  unavailable: "{provider} could not be reached. Please try again in a moment.",
} as const;

/**
 * Response header of match-public and nearby: how many venues the whole ranking holds, every page
 * together (each answer is one page: `offset`, `limit`). A header keeps the answer the spec's array.
 */
export const TOTAL_COUNT_HEADER = "x-total-count";
/**
 * A venue list's size is counted exactly up to this many venues; past it the count stops and says
 * "more than" (x-total-count "10000+", shown "10,000+"): a dense city's circle holds tens of thousands
 * of matches, and counting them all cost as much as finding the page (issue 28). offset stops here too
 * (MAX_VENUE_OFFSET). Here, not in contracts/, so the client reads it without the schemas (zod).
 */
export const MAX_EXACT_TOTAL = 10_000;
/**
 * Venues a page of the match list asks for (`limit`; the server answers up to MAX_VENUE_RESULTS,
 * 100): eight rows of the grid at one, two, three or four cards a row, several screens on a phone;
 * Show more adds the next as many. A quarter of the bytes, cards and map pins of a page of 100 is
 * drawn sooner, and the server ranks fewer: at 1,000,000 venues a page of 24 costs ~2.5x less than
 * one of 100 (issue 28, bench/results/match-public.txt).
 */
export const MATCH_PAGE_SIZE = 24;
/** A list's size as x-total-count says it: the number, or "10000+" past MAX_EXACT_TOTAL. */
export const totalHeaderValue = (total: number) => (total > MAX_EXACT_TOTAL ? `${MAX_EXACT_TOTAL}+` : String(total));
/**
 * x-total-count read back: the number, MAX_EXACT_TOTAL + 1 for "10000+" (more than the cap), or null
 * when the header is missing or not one of those.
 */
export function parseTotalHeader(value: string | null): number | null {
  if (value === `${MAX_EXACT_TOTAL}+`) return MAX_EXACT_TOTAL + 1;
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}
/**
 * Response header of match-public (issue 25): how many venues of the ranking are confirmed matches.
 * When they fill less than a page (100), the ranking goes on with likely ones (Venue.likely), which
 * x-total-count counts too.
 */
export const CONFIRMED_COUNT_HEADER = "x-confirmed-count";

/**
 * Response header of nearby's suggestions (`hour`): "personal" when they are chosen by the caller's
 * preferences (preferred vibes, diets: 'Personalized Picks'), "hour" when they are the hour's.
 */
export const SUGGESTIONS_HEADER = "x-suggestions";

/** Text limits of posts, comments, check-in locations and group names: contracts/social.ts and the forms. */
export const SOCIAL_LIMITS = { postContentMax: 500, commentMax: 500, locationTextMax: 120, groupNameMax: 60 } as const;

/** Longest natural-language query: contracts/discover.ts and Explore's field. */
export const DISCOVER_LIMITS = { queryMax: 300 } as const;

/** The analyze-sentiment body's text and imageUrl maxima: contracts/admin.ts and the admin page. */
export const ADMIN_LIMITS = { analyzeTextMax: 20_000, imageUrlMax: 2048 } as const;

/** The account answers of the API (sign-up, links, verification); the auth screens show them too. */
export const ACCOUNT_MESSAGES = {
  /** The sign-up answer, the same whether or not the address already has an account. */
  signupAccepted: (email: string) => `Check ${email}: we sent you a message from VIBE.`,
  /** The forgot-password answer, the same whether or not the address has an account. */
  forgotSent: (email: string) =>
    `If an account uses ${email}, we sent it a link to choose a new password. The link works once, for 1 hour.`,
  verified: "Your email is verified",
  /** Following a verification link outside the account's own session hands the account over: a password is needed. */
  verifyNeedsPassword:
    "Choose a password to finish: verifying from here signs out every other device and replaces the password " +
    "set before.",
  linkInvalid: "This link is not valid. Check that you opened the whole link from the message.",
  verifyExpired: "This verification link has expired. Sign in and send a new one from your Profile.",
  verifyUsed:
    "This verification link was already used (or a newer one was). If your email is not verified yet, " +
    "send a new link from your Profile.",
  resetExpired: "This reset link has expired (links work for 1 hour). Request a new one.",
  resetUsed: "This reset link was already used (or a newer one was). Request a new one if you still need it.",
  resent: (email: string) => `We sent a new link to ${email}.`,
  alreadyVerified: "Your email is already verified",
  noEmailToVerify: "Your account has no email address to verify",
  tooManyLinks:
    "You asked for several links in the last hour. Please look for them in your inbox (and spam folder), " +
    "or try again later.",
  signOutEverywhereDone: "Signed out on every device",
  /** The sign-in link request's answer, the same whether or not the address has an account. */
  signInLinkSent: (email: string) =>
    `If an account uses ${email}, we sent it a sign-in link. The link works once, for 15 minutes.`,
  signInLinkExpired: "This sign-in link has expired (links work for 15 minutes). Ask for a new one.",
  signInLinkUsed: "This sign-in link was already used (or a newer one was). Ask for a new one if you still need it.",
} as const;

/** The social answers of the API that the friends screens show too. */
export const FRIENDS_MESSAGES = {
  /** The server's 403 to a guest, and the Search tab's panel for guests. */
  guestSearch: "Create an account to search for people",
} as const;

/** Ratings and reviews by VIBE's people (docs/reviews.md). */
export const REVIEWS = {
  ratingMin: 1,
  ratingMax: 5,
  /** Characters of a review's optional text. */
  textMax: 1000,
  /** Characters of an admin's reason for removing a review. */
  reasonMax: 300,
  /** The source label of a review written on VIBE (providers' reviews carry theirs: "Google"). */
  source: "VIBE",
  /** The author shown when the person's privacy settings keep their name out of their activity. */
  anonymousAuthor: "A VIBE member",
  /** The server's 403 to a guest who rates, and the Reviews tab's prompt to guests. */
  guestRefused: "Create an account to rate places",
  removedLocked: "This review was removed by VIBE and can no longer be changed",
  noReview: "You have not reviewed this venue",
} as const;

/** GET: the map's style (MAP_STYLE_URL), so the client knows what the CSP allows. */
export const MAP_STYLE_PATH = "/api/map/style";

/**
 * Orders of a vibe match (GET /api/venues/match-public `sort`, the Home and Explore sort toggle):
 * proximity (Nearest, the spec's default), rating (Top Rated) and best (Best match: most likely to
 * have the chosen vibes first, docs/discovery.md).
 */
export const MATCH_SORTS = ["proximity", "rating", "best"] as const;
export type MatchSort = (typeof MATCH_SORTS)[number];

/** Crowd vibe votes (docs/vibe-votes.md): one Yes or No per person, venue and vibe (ALL_VIBES). */
export const VIBE_VOTES = {
  /** The two answers, as the API takes them. */
  answers: ["yes", "no"] as const,
  /** The server's 403 to a guest, and the invitation guests see under the counts. */
  guestRefused: "Join VIBE to vote on a place's vibe: a free account with your email.",
  /** The server's 403 to an account whose email was never proven (and no provider sign-in). */
  unprovenRefused:
    "Prove your email to vote: open the link we sent you, or send a new one from your Profile. " +
    "Votes count only from people whose email is proven.",
  /** Why a signed-out caller cannot vote. */
  signedOut: "Sign in to vote on a place's vibe.",
  /** Why the caller's votes are kept but not counted. */
  ownerNotCounted: "You run this venue, so your votes on it are not counted.",
  removedNotCounted: "VIBE removed your review of this place, so your votes on it are not counted.",
  unknownVibe: "Unknown vibe: choose one of the vibes VIBE knows",
  badVote: 'vote must be "yes" or "no"',
} as const;
export type VibeVoteAnswer = (typeof VIBE_VOTES.answers)[number];
