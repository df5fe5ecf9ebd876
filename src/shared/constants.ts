// Constants and texts of the product specification (../shared/product-spec.md), kept once here
// and imported by both the client and the server.

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

export const DIETARY_OPTIONS = ["Vegan", "Vegetarian", "Gluten-Free", "Dairy-Free", "Nut-Free", "Halal", "Kosher"] as const;
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
export const CATEGORY_CHIPS = [
  { label: "All", value: "all" },
  { label: "Bars", value: "Bar" },
  { label: "Restaurants", value: "Restaurant" },
  { label: "Cafes", value: "Cafe" },
  { label: "Clubs", value: "Club" },
] as const;

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
export const SUGGESTION_RADIUS = 5;
export const DEFAULT_COORDS = { latitude: 37.7749, longitude: -122.4194 } as const;

export const GEOLOCATION = { timeoutMs: 5000, maximumAgeMs: 5 * 60 * 1000, enableHighAccuracy: false, gpsWaitMs: 3000 } as const;
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

export const CAPACITY_COLORS = { Empty: "green", Moderate: "yellow", Full: "red" } as const;

export const BROADCAST_DEFAULTS = { capacityStatus: "Moderate", noiseLevel: "Quiet", currentVibes: ["Chill"] } as const;
export const ADMIN_SYNC_DEFAULTS = { latitude: 37.7749, longitude: -122.4194, radius: 5000 } as const;

export const TOAST = { limit: 1, durationMs: 5000, removeDelayMs: 1_000_000, swipeThresholdPx: 50 } as const;
export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

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

/** Same-origin paths of the sign-in calls and navigations (spec 7). */
export const AUTH_PATHS = {
  me: "/api/auth/me",
  emailLogin: "/auth/email/login",
  emailSignup: "/auth/email/signup",
  devLogin: "/api/auth/dev-login",
  logout: "/api/logout",
  google: "/auth/google",
  apple: "/auth/apple",
  x: "/auth/x",
} as const;

/** Social sign-in options in the order the choosers show them (spec 2). */
export const SOCIAL_PROVIDERS = [
  { id: "google", label: "Google", path: AUTH_PATHS.google },
  { id: "apple", label: "Apple", path: AUTH_PATHS.apple },
  { id: "x", label: "X", path: AUTH_PATHS.x },
] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number]["id"];

/** Navigation entries of the sidebar and the bottom bar, in order (spec 2). */
export const NAV_ITEMS = [
  { label: "Home", path: "/" },
  { label: "Feed", path: "/feed" },
  { label: "Explore", path: "/explore" },
  { label: "Saved", path: "/saved" },
  { label: "Friends", path: "/friends" },
  { label: "Profile", path: "/profile" },
] as const;

/** Page titles of the signed-in routes (spec 2). */
export const PAGE_TITLES = {
  feed: "Feed",
  friends: "Friends",
  explore: "Explore",
  saved: "Saved Venues",
  profile: "Profile",
  business: "Business Dashboard",
  admin: "Admin Panel",
} as const;

/** Texts of the landing page (spec 2). */
export const LANDING_TEXT = {
  headline: "Find Places That Match Your Mood",
  featuresTitle: "Why Choose VIBE?",
  features: [
    "Vibe-Based Matching",
    "Location Smart",
    "Live Updates",
    "Social Feed",
    "Privacy First",
    "For Venues Too",
  ],
  howItWorksTitle: "How It Works",
  steps: ["Choose Your Vibe", "Discover Matches", "Connect & Share"],
  ctaTitle: "Ready to Find Your Vibe?",
  ctaButton: "Join VIBE Now",
} as const;

/** Labels of the sign-in screens (spec 2 and 4). */
export const AUTH_TEXT = {
  signUp: "Sign Up",
  signIn: "Sign In",
  continueAsGuest: "Continue as Guest",
  email: "Email",
  back: "Back",
  logOut: "Log Out",
  termsOfService: "Terms of Service",
  privacyPolicy: "Privacy Policy",
  guestName: "Guest",
} as const;

export const LOADING_TEXT = "Loading...";

/** Toast region (spec 9): F8 focuses it; Radix fills in `{hotkey}`. */
export const TOAST_VIEWPORT = { hotkey: ["F8"], label: "Notifications ({hotkey})" } as const;

/** Loop of the landing page's decorative background animation (spec 9). */
export const LANDING_ANIMATION_LOOP_MS = 8000;
