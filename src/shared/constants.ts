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

export const GEOLOCATION = {
  timeoutMs: 5000,
  maximumAgeMs: 5 * 60 * 1000,
  enableHighAccuracy: false,
  gpsWaitMs: 3000,
} as const;
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

/** Same-origin paths of the sign-in calls and navigations (spec 7). */
export const AUTH_PATHS = {
  me: "/api/auth/me",
  emailLogin: "/auth/email/login",
  emailSignup: "/auth/email/signup",
  forgotPassword: "/auth/email/forgot-password",
  resetPassword: "/auth/email/reset-password",
  verifyEmail: "/auth/email/verify",
  resendVerification: "/api/auth/verification-email",
  logoutEverywhere: "/api/auth/logout-everywhere",
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
  features: ["Vibe-Based Matching", "Location Smart", "Live Updates", "Social Feed", "Privacy First", "For Venues Too"],
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

/**
 * Email verification, password reset, sign-up answers and sessions (not in the spec: issue 14;
 * docs/sign-in.md). Pages: /verify-email#token=… and /reset-password#token=… (the links VIBE mails).
 */
export const ACCOUNT_PAGES = { verifyEmail: "/verify-email", resetPassword: "/reset-password" } as const;
export const ACCOUNT_TEXT = {
  /** The sign-up answer, the same whether or not the address already has an account. */
  signupAccepted: (email: string) => `Check ${email}: we sent you a message from VIBE.`,
  checkEmailTitle: "Check your email",
  checkEmailBody: (email: string) =>
    `We sent a message to ${email}. It says what to do next. If it does not arrive in a few minutes, look in your spam folder.`,
  welcomeTitle: "Welcome to VIBE!",
  welcomeBody: (email: string) => `We sent a link to ${email} to verify your email address.`,
  forgotLink: "Forgot password?",
  forgotTitle: "Reset your password",
  forgotSubtitle: "Enter the email of your account and we will send you a link to choose a new password.",
  forgotSubmit: "Send reset link",
  forgotSending: "Sending...",
  /** The forgot-password answer, the same whether or not the address has an account. */
  forgotSent: (email: string) =>
    `If an account uses ${email}, we sent it a link to choose a new password. The link works once, for 1 hour.`,
  forgotFailed: "Could not send the reset link",
  backToSignIn: "Back to sign in",
  resetTitle: "Choose a new password",
  resetSubtitle: "Setting a new password signs you out on every other device.",
  resetSubmit: "Set new password",
  resetSaving: "Saving...",
  resetDone: "Password changed",
  resetDoneBody: "You are signed in, and signed out everywhere else.",
  resetFailed: "Could not set the password",
  newPassword: "New password",
  requestNewLink: "Request a new link",
  verifyTitle: "Verify your email",
  verifying: "Verifying your email...",
  verified: "Your email is verified",
  verifiedBody: (email: string) => `Thanks! ${email} is confirmed as your address.`,
  continue: "Continue",
  goToSignIn: "Go to sign in",
  linkInvalid: "This link is not valid. Check that you opened the whole link from the message.",
  verifyExpired: "This verification link has expired. Sign in and send a new one from your Profile.",
  verifyUsed:
    "This verification link was already used (or a newer one was). If your email is not verified yet, send a new link from your Profile.",
  resetExpired: "This reset link has expired (links work for 1 hour). Request a new one.",
  resetUsed: "This reset link was already used (or a newer one was). Request a new one if you still need it.",
  linkMissing: "This page needs the link from your email. Open the link in the message again.",
  // Profile
  unverifiedTitle: "Verify your email",
  unverifiedBody: (email: string) => `We sent a link to ${email}. Open it to confirm your address.`,
  resend: "Send a new link",
  resending: "Sending...",
  resent: (email: string) => `We sent a new link to ${email}.`,
  resendFailed: "Could not send the link",
  alreadyVerified: "Your email is already verified",
  noEmailToVerify: "Your account has no email address to verify",
  tooManyLinks:
    "You asked for several links in the last hour. Please look for them in your inbox (and spam folder), or try again later.",
  signOutEverywhere: "Sign Out Everywhere",
  signOutEverywhereTitle: "Sign out everywhere?",
  signOutEverywhereBody:
    "This ends your sessions on every device and browser, including this one. You will need to sign in again.",
  signOutEverywhereConfirm: "Sign out everywhere",
  signOutEverywhereDone: "Signed out on every device",
  signOutEverywhereFailed: "Could not sign out everywhere",
} as const;

export const LOADING_TEXT = "Loading...";

/** Toast region (spec 9): F8 focuses it; Radix fills in `{hotkey}`. */
export const TOAST_VIEWPORT = { hotkey: ["F8"], label: "Notifications ({hotkey})" } as const;

/** Loop of the landing page's decorative background animation (spec 9). */
export const LANDING_ANIMATION_LOOP_MS = 8000;

// ---- Venue discovery: Home, venue details, Explore, Saved (spec 2, 8, 9) ----

/** Same-origin paths of the venue calls (spec 7). */
export const VENUE_API = {
  match: "/api/venues/match-public",
  /** Response header of the match call: "true" while the area is being fetched (docs/venue-sync.md). */
  fetchingHeader: "x-venues-fetching",
  nearby: "/api/venues/nearby",
  /** `${VENUE_API.venues}/${encodeURIComponent(externalId)}/details` */
  venues: "/api/venues",
  favorites: "/api/favorites",
  currentVibes: "/api/vibes/current",
  saveVibes: "/api/vibes",
  /** DELETE: clear the current vibes (every vibe unselected on Home). */
  clearVibes: "/api/vibes/current",
  proxyImage: "/api/proxy-image",
} as const;

/**
 * Response header of match-public and nearby: how many venues the whole ranking holds, every page
 * together (each answer is one page: `offset`, `limit`). A header keeps the answer the spec's array.
 */
export const TOTAL_COUNT_HEADER = "x-total-count";

/** Texts of the venue screens. Those marked (spec) are the product's own wording. */
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
  currentVibes: "Current vibes",
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
  ratingSortNoneRated: "None of these venues has ratings yet, so they are listed nearest first.",
  /** Under Top Rated when some do: the rest follow, nearest first. */
  ratingSortSomeRated: "Rated venues first; venues with no ratings yet follow, nearest first.",
  exploreEmpty: "No venues found", // (spec)
  clearSearch: "Clear Search", // (spec)
  totalVenues: "Total Venues", // (spec)
  /** A venue count ("1 venue", "1,234 venues"). */
  venueCount: (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "venue" : "venues"}`,
  /** Under a list that holds more than it shows. */
  shownOf: (shown: number, total: number) =>
    `Showing ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
  showMore: "Show more",
  loadingMore: "Loading more...",
  savedEmptyTitle: "No saved venues yet", // (spec)
  savedEmptyBody: "Tap the heart icon on a venue to save it.",
} as const;

/** Headings of the suggestion bubbles by suggestionBucket(hour) (spec 9). */
export const SUGGESTION_HEADINGS = {
  breakfast: "Breakfast Spots",
  lunch: "Lunch Picks",
  afternoon: "Afternoon Hangouts",
  dinner: "Dinner Spots",
  nightlife: "Nightlife",
  personalized: "Personalized Picks", // (spec)
} as const;

/** How many suggested venue names the Home bubbles show. */
export const SUGGESTION_BUBBLE_COUNT = 5;

/** Labels of the Home sort toggle for SORT_OPTIONS. */
export const SORT_LABELS = { proximity: "Nearest", rating: "Top Rated" } as const;

/** External directions page opened by Get Directions (spec 2). */
export const DIRECTIONS_URL = "https://www.google.com/maps/dir/?api=1&destination=";

// ---- Social: Feed, Friends, Groups, Profile (spec 2, 4, 5, 8, 9) ----

/** Same-origin paths of the social calls (spec 7). */
export const SOCIAL_API = {
  feed: "/api/posts/feed",
  /** `${SOCIAL_API.posts}/${id}/like` and `${SOCIAL_API.posts}/${id}/comments` */
  posts: "/api/posts",
  userSearch: "/api/users/search",
  friends: "/api/friends",
  friendRequests: "/api/friends/requests",
  friendRequest: "/api/friends/request",
  /** `${SOCIAL_API.friendAccept}/${requesterId}` */
  friendAccept: "/api/friends/accept",
  friendReject: "/api/friends/reject",
  /** `${SOCIAL_API.groups}/${id}` (DELETE) and `${SOCIAL_API.groups}/${id}/venues` */
  groups: "/api/groups",
  preferences: "/api/users/preferences",
  privacy: "/api/users/privacy",
  /** GET and POST; `${SOCIAL_API.blocks}/${userId}` (DELETE) unblocks */
  blocks: "/api/blocks",
} as const;

/** The post dialog's venue search: fixed default coordinates, radius 10 (spec 7). */
export const POST_DIALOG_VENUE_RADIUS = 10;
/** Group venue search: the default distance (10 miles) in kilometres. */
export const GROUP_VENUES_RADIUS_KM = 16.0934;
/** How many of a group's matching venues the Groups tab lists. */
export const GROUP_VENUES_SHOWN = 5;
/** Pause after typing before the user search and the post dialog's venue search run. */
export const SOCIAL_SEARCH_DELAY_MS = 300;

/** Texts of the Feed. Those marked (spec) are the product's own wording. */
export const FEED_TEXT = {
  shareYourVibe: "Share Your Vibe", // (spec)
  dialogDescription: "Pick up to 5 vibes, add where you are and say how it feels.",
  vibesLabel: "Vibes",
  venueLabel: "Venue or location",
  venuePlaceholder: "Search venues or type a place",
  venueHint: "Pick a nearby venue, or leave your text as a custom location.",
  venueResults: "Matching venues",
  venueSearching: "Searching venues...",
  venueNoResults: "No matching venues nearby. Your text will be posted as the location.",
  venueSearchFailed: "Venue search is unavailable. Your text will be posted as the location.",
  removeVenue: "Remove venue",
  captionLabel: "Caption",
  captionPlaceholder: "What's the vibe like?",
  submit: "Post",
  submitting: "Posting...",
  cancel: "Cancel",
  locationOff: "Location sharing is off in your Privacy Settings, so no place will be saved with this post.",
  selectVibe: "Select at least one vibe", // (spec)
  errorTitle: "Error", // (spec)
  postFailed: "Failed to create post", // (spec)
  posted: "Posted!", // (spec)
  postedBody: "Your vibe has been shared", // (spec)
  emptyTitle: "No posts yet", // (spec)
  emptyBody: "Add friends to see their vibes", // (spec)
  findFriends: "Find Friends",
  loadFailed: "Failed to load the feed",
  retry: "Retry",
  like: "Like",
  likeFailed: "Failed to update like",
  comments: "Comments",
  commentsLoading: "Loading comments...",
  commentsEmpty: "No comments yet. Start the conversation.",
  commentsFailed: "Failed to load comments",
  showComments: "Show comments",
  commentLabel: "Write a comment",
  commentPlaceholder: "Write a comment...",
  sendComment: "Send comment",
  commentAdded: "Comment added!", // (spec)
  commentFailed: "Failed to add comment",
  someone: "VIBE user",
  justNow: "just now",
} as const;

/** Texts of the Friends screen and its Groups tab. */
export const FRIENDS_TEXT = {
  inviteFriends: "Invite Friends", // (spec)
  counters: { friends: "Friends", groups: "Groups", requests: "Requests" }, // (spec)
  tabs: { friends: "Friends", requests: "Requests", groups: "Groups", search: "Search" }, // (spec)
  tabsLabel: "Friends sections",
  searchLabel: "Search users",
  searchPlaceholder: "Search by name or email...",
  searchMin: "Type at least 2 characters to search",
  searching: "Searching...",
  noUsers: "No users found", // (spec)
  searchFailed: "Failed to search users", // (spec, thrown)
  /** The server's 403 to a guest, and the Search tab's panel for guests. */
  guestSearch: "Create an account to search for people",
  guestSearchBody:
    "Guests cannot look people up: an account with your email can find friends by name or exact email, and keeps what you did as a guest.",
  addFriend: "Add Friend",
  requestSent: "Request Sent",
  alreadyFriends: "Friends",
  respondInRequests: "Respond in Requests",
  requestSentToast: "Friend request sent", // (spec)
  sendFailed: "Failed to send request", // (spec)
  accept: "Accept",
  reject: "Reject",
  accepted: "You're now friends", // (spec)
  rejected: "Request rejected", // (spec)
  acceptFailed: "Failed to accept request", // (spec)
  rejectFailed: "Failed to reject request", // (spec)
  noRequests: "No New Requests", // (spec)
  noRequestsBody: "Friend requests you receive show up here.",
  findFriends: "Find Friends", // (spec)
  noFriends: "No friends yet",
  noFriendsBody: "Find people you know on VIBE, or invite them to join.",
  friendsLoadFailed: "Failed to load friends",
  requestsLoadFailed: "Failed to load friend requests",
  groupsLoadFailed: "Failed to load groups",
  retry: "Retry",
  errorTitle: "Error",
  createGroup: "Create Group Vibe", // (spec)
  createGroupDescription: "Name the group and pick the friends whose vibes to blend.",
  groupName: "Group name",
  groupNamePlaceholder: "Friday night crew",
  chooseFriends: "Friends in this group",
  groupNameRequired: "Please enter a group name", // (spec)
  groupMembersRequired: "Please select at least one friend", // (spec)
  createGroupSubmit: "Create Group",
  creatingGroup: "Creating...",
  cancel: "Cancel",
  noFriendsForGroup: "Add friends first to create a group vibe",
  groupCreated: "Group vibe created", // (spec)
  groupCreateFailed: "Failed to create group", // (spec)
  groupDeleted: "Group deleted", // (spec)
  groupDeleteFailed: "Failed to delete group", // (spec)
  deleteGroup: "Delete group",
  noGroups: "No group vibes yet",
  noGroupsBody: "Create a group to blend your friends' vibes and find places that suit everyone.",
  mixedVibes: "Mixed vibes",
  noMixedVibes: "No shared vibes yet",
  findVenues: "Find venues",
  findingVenues: "Finding venues...",
  noGroupVenues: "No venues match this group's vibes nearby.",
  groupVenuesFailed: "Failed to fetch venues", // (spec, thrown)
  groupVenuesTitle: "Top picks for the group",
  leaveGroup: "Leave group",
  leftGroup: "You left the group",
  leaveGroupFailed: "Failed to leave group",
  block: "Block",
  blockTitle: "Block {name}?",
  blockDescription:
    "You will stop being friends and leave each other's groups. Neither of you can send the other a request or find the other in search, and their comments are hidden from you. They are not told.",
  blockConfirm: "Block",
  blocking: "Blocking...",
  blocked: "Blocked",
  blockedToast: "{name} is blocked",
  blockFailed: "Failed to block",
  blockedListTitle: "Blocked",
  blockedListHint: "People you blocked. Unblocking lets them send you requests and find you again.",
  unblock: "Unblock",
  unblockedToast: "{name} is unblocked",
  unblockFailed: "Failed to unblock",
  blockedLoadFailed: "Failed to load blocked people",
} as const;

/** The Invite Friends dialog: the app link shared by email, TikTok, Instagram, X and Facebook (spec 2). */
export const INVITE_TEXT = {
  title: "Invite Friends", // (spec)
  description: "Share your link to VIBE by email or on social media.",
  linkLabel: "Your invite link",
  copyLink: "Copy link",
  emailSubject: "Join me on VIBE",
  message: "Find places that match your mood with me on VIBE.",
  email: "Email",
  tiktok: "TikTok",
  instagram: "Instagram",
  x: "X",
  facebook: "Facebook",
  newTab: "(opens in a new tab)",
  linkCopied: "Link copied",
  linkCopiedBody: "Paste it anywhere to invite your friends.",
  tiktokCopied: "Paste it in TikTok to invite your friends.",
  instagramCopied: "Paste it in Instagram to invite your friends.",
  copyFailed: "Could not copy the link",
} as const;

export const INVITE_SHARE_URLS = {
  x: "https://twitter.com/intent/tweet",
  facebook: "https://www.facebook.com/sharer/sharer.php",
} as const;

/** A guest's way to become a member, and the warning before a guest logs out (issue 17). */
export const GUEST_TEXT = {
  upgradeTitle: "Create an account to keep your posts, friends and saves",
  upgradeBody: "You are a guest: what you do here lasts only as long as this sign-in.",
  upgradeKeeps: "Your posts, friends, groups and saved places come with you.",
  upgradeButton: "Create Account",
  logOutTitle: "Log out of this guest session?",
  logOutBody:
    "A guest cannot sign in again: your posts, friends, groups and saved places will be lost. Create an account to keep them.",
  logOutAnyway: "Log Out Anyway",
} as const;

/** Texts of the Profile screen, its preferences dialog and its privacy sheet. */
export const PROFILE_TEXT = {
  counters: { vibes: "Vibes", categories: "Categories", total: "Preferences" },
  yourVibes: "Your Vibes",
  setYourVibe: "Set Your Vibe", // (spec)
  setYourVibeBody:
    "Pick the vibes you usually love and VIBE will suggest places that fit. Tonight's mood is picked on Home.",
  /** Profile's vibes are lasting preferences; Home's picker is tonight's mood: two things, said so. */
  yourVibesHint: "What you usually love (My Preferences). Tonight's mood is picked on Home.",
  myPreferences: "My Preferences", // (spec)
  manageFriends: "Manage Friends", // (spec)
  businessDashboard: "Business Dashboard",
  adminPanel: "Admin Panel",
  privacySettings: "Privacy Settings", // (spec)
  preferencesDescription: "VIBE uses these to personalise your picks. Nothing is saved until you press Save.",
  sections: { vibes: "Vibes", dietary: "Dietary Restrictions", budget: "Budget", categories: "Favorite Categories" },
  vibesHint: "Choose at least one vibe to get personalized picks.",
  budgetHint: "Pick one, or press it again to clear.",
  save: "Save",
  saving: "Saving...",
  cancel: "Cancel",
  close: "Close",
  preferencesSaved: "Preferences saved", // (spec)
  preferencesFailedTitle: "Error", // (spec)
  preferencesFailed: "Failed to save preferences. Please try again.", // (spec)
  privacyDescription: "Choose what your friends can see. Nothing changes until you press Save.",
  privacy: {
    privacyShareVibes: {
      label: "Share my vibes",
      description: "When on, friends see your preferred vibes and they count toward your groups' mixed vibes.",
    },
    privacyShareLocation: {
      label: "Share my location",
      description:
        "When on, the venue or place you add is saved with your posts; when off, no location is stored with them.",
    },
    privacyActivityFeed: {
      label: "Show my activity in friends' feeds",
      description: "When on, your posts appear in your friends' feeds; when off, only you can see them.",
    },
  },
  privacyUpdated: "Privacy Settings Updated", // (spec)
  privacyUpdatedBody: "Your privacy choices are saved.",
  updateFailed: "Update Failed", // (spec)
  privacyFailed: "Failed to update privacy settings",
} as const;

/**
 * Text limits of the social forms, for the client's maxLength and counters. The same numbers as
 * POST_CONTENT_MAX, COMMENT_MAX, LOCATION_TEXT_MAX and GROUP_NAME_MAX in contracts/social.ts (a
 * test keeps them equal); kept here so the pages need not load zod with the contracts.
 */
export const SOCIAL_LIMITS = { postContentMax: 500, commentMax: 500, locationTextMax: 120, groupNameMax: 60 } as const;

/** Realtime (spec 2 Home indicator, issue 6 personal events). */
export const REALTIME_TEXT = {
  active: "Live updates active",
  friendRequest: (name: string) => ({ title: "New friend request", description: `${name} wants to be friends` }),
  friendAccepted: (name: string) => ({
    title: "Friend request accepted",
    description: `${name} accepted your request`,
  }),
  friendPost: (name: string) => ({ title: "New vibe", description: `${name} shared a vibe` }),
  postLiked: (name: string) => ({ title: "New like", description: `${name} liked your post` }),
  postCommented: (name: string) => ({ title: "New comment", description: `${name} commented on your post` }),
} as const;

/** Business dashboard (spec 2, 4, 5, 8). */
export const BUSINESS_TEXT = {
  title: "Business Dashboard",
  back: "Back to Home",
  noVenue: "No venue",
  noVenueFound: "No venue found",
  noBusinessTitle: "No business venue found",
  // No "contact support" that leads nowhere (issue 17): owners are added by this VIBE's admins.
  noBusinessBody:
    "Your account doesn't own a venue yet. The people who run this VIBE add owners in the admin panel: ask them to add you to your venue.",
  formTitle: "Update Your Vibe",
  capacity: "Capacity",
  noise: "Noise level",
  vibes: "Current vibes (up to 3)",
  notes: "Special notes",
  open: "Open now",
  broadcast: "Broadcast Update",
  broadcasting: "Broadcasting...",
  success: "Update Broadcast",
  failure: "Update Failed",
  activityTitle: "Today's Activity",
  noActivity: "No check-ins yet today.",
} as const;

// ---- Natural-language search on Explore (spec 2, 3, 4, 5, 7, 9) ----

/** Same-origin path of the natural-language search (spec 7). */
export const DISCOVER_API = { naturalLanguage: "/api/discover/natural-language" } as const;

/**
 * Longest natural-language query the server accepts: NL_QUERY_MAX in contracts/discover.ts (a test
 * keeps them equal); kept here so Explore need not load zod with the contract.
 */
export const DISCOVER_LIMITS = { queryMax: 300 } as const;

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
  errorTitle: "Error", // (spec)
  locationRequired: "Location required", // (spec, thrown)
  fetchFailed: "Failed to fetch venues", // (spec, thrown)
} as const;

// ---- Admin panel (spec 2, 3, 5, 7, 8, 9) ----

/** Same-origin paths of the admin calls (spec 7). */
export const ADMIN_API = {
  services: "/api/admin/services",
  syncVenues: "/api/admin/sync-venues",
  analyzeSentiment: "/api/admin/analyze-sentiment",
  /** `${ADMIN_API.venues}/${venueId}/owner` */
  venues: "/api/admin/venues",
} as const;

/**
 * Input limits of the admin calls: the analyze-sentiment body's text and imageUrl maxima in
 * contracts/admin.ts (a test keeps them equal); kept here so the admin page need not load zod.
 */
export const ADMIN_LIMITS = { analyzeTextMax: 20_000, imageUrlMax: 2048 } as const;

/** Texts of the admin panel. Those marked (spec) are the product's own wording. */
export const ADMIN_TEXT = {
  description: "Check the services VIBE depends on, sync venues from external sources and try the vibe analyzers.",
  adminsOnlyTitle: "Admins only",
  adminsOnlyBody:
    "The admin panel is for VIBE's operators. Your account does not have the admin role, so these tools are not available to it.",
  /** What makes an admin (docs/sign-in.md, "Roles"), for someone who expected to be one. */
  becomeAdminHint:
    "Operators make admins with `npm run admin -- grant EMAIL`. An address listed in ADMIN_EMAILS counts once it is verified (the link in your sign-up email). Then check again: no need to sign out.",
  checkAgain: "Check again",
  signedInAs: "Signed in as",
  servicesTitle: "Service Status", // (spec)
  servicesDescription: "Whether each service VIBE depends on is working right now.",
  servicesFailed: "Failed to load service status", // (spec)
  servicesEmpty: "No services reported.",
  servicesLoading: "Loading service status...",
  refresh: "Refresh",
  available: "Available",
  unavailable: "Unavailable",
  syncTitle: "Sync Venues", // (spec)
  syncDescription: "Fetch the places around a point from every configured venue source.",
  latitude: "Latitude",
  longitude: "Longitude",
  radius: "Radius (metres)",
  syncSubmit: "Sync Venues", // (spec)
  syncing: "Syncing...",
  syncComplete: "Sync Complete", // (spec)
  syncFailed: "Sync Failed", // (spec)
  syncFallback: "Failed to sync venues", // (spec)
  lastSync: "Last sync",
  latitudeInvalid: "Latitude must be a number between -90 and 90",
  longitudeInvalid: "Longitude must be a number between -180 and 180",
  radiusInvalid: "Radius must be a whole number of metres, at least 1",
  sourceStatus: { ok: "OK", failed: "Failed", skipped: "Skipped" },
  sourcesLabel: "Venue sources",
  syncCounts: { added: "Added", updated: "Updated", unchanged: "Unchanged" },
  placeCount: (n: number) => `${n} ${n === 1 ? "place" : "places"}`,
  servicesSummary: (available: number, total: number) => `${available} of ${total} available`,
  detectedVibes: "Detected vibes",
  textTitle: "Test Text Analysis", // (spec)
  textDescription: "Read the vibes of a review or description.",
  textLabel: "Text to analyze",
  textPlaceholder: "Candlelit and quiet, perfect for date night...",
  analyzeText: "Analyze Text",
  imageTitle: "Test Image Analysis", // (spec)
  imageDescription: "Read the vibes of a photo from its address.",
  imageLabel: "Image URL",
  imagePlaceholder: "https://example.com/photo.jpg",
  analyzeImage: "Analyze Image",
  analyzing: "Analyzing...",
  inputRequired: "Input Required", // (spec)
  textRequired: "Please enter text to analyze", // (spec)
  imageRequired: "Please enter an image URL to analyze", // (spec)
  analysisComplete: "Analysis Complete", // (spec)
  analysisFailed: "Analysis Failed", // (spec)
  analysisFallback: "Failed to analyze sentiment", // (spec)
  resultsTitle: "Analysis Results", // (spec)
  resultsDescription: "The vibes the last analysis found, strongest first.",
  resultsEmpty: "Run an analysis to see results here.",
  noVibes: "No vibes detected",
  method: "Method",
  analyzedText: "Text",
  analyzedImage: "Image",
  ownersTitle: "Venue Owners",
  ownersDescription:
    "Make an account an owner of a venue, so it can broadcast live updates from the Business dashboard.",
  venueId: "Venue",
  venueIdHint: "Type the venue's name and choose it below (or its numeric id).",
  venueIdInvalid: "Choose a venue from the list (or type its id: a whole number, at least 1)",
  findingVenues: "Searching venues...",
  venuesFound: (n: number) => (n === 0 ? "No venue has that name" : n === 1 ? "1 venue" : `${n} venues`),
  chosenVenue: (name: string, id: number) => `${name} (id ${id})`,
  ownerEmail: "Owner's email",
  ownerEmailInvalid: "Invalid email address",
  addOwner: "Add Owner",
  addingOwner: "Adding...",
  ownerAdded: "Owner Added",
  ownerFailed: "Failed to add owner",
  ownerAddedBody: (email: string, venue: string) => `${email} now owns ${venue}.`,
  tryAgain: "Please try again.",
  guestAccount: "a guest account",
  backHome: "Back to Home",
} as const;

/** "Why this vibe" in the venue details sheet: the evidence behind each shown vibe. */
export const VIBE_EVIDENCE_TEXT = { title: "Why these vibes?" } as const;
