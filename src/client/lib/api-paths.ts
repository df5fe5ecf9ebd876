// Same-origin paths of the API calls and navigations the client makes.

/** Same-origin paths of the sign-in calls and navigations (spec 7). */
export const AUTH_PATHS = {
  me: "/api/auth/me",
  devLogin: "/api/auth/dev-login",
  logout: "/api/logout",
  google: "/auth/google",
  apple: "/auth/apple",
  x: "/auth/x",
} as const;

/**
 * Email verification, password reset, sign-up answers and sessions (not in the spec: issue 14;
 * docs/sign-in.md). Pages: /verify-email#token=…, /reset-password#token=… and /sign-in-link#token=…
 * (the links VIBE mails).
 */
export const ACCOUNT_PAGES = {
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  signInLink: "/sign-in-link",
} as const;

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
  proxyImage: "/api/proxy-image",
} as const;

// ---- Social: Feed, Friends, Groups, Profile (spec 2, 4, 5, 8, 9) ----

/** Same-origin paths of the social calls (spec 7). */
export const SOCIAL_API = {
  feed: "/api/posts/feed",
  /** `${SOCIAL_API.posts}/${id}/like` and `${SOCIAL_API.posts}/${id}/comments` */
  posts: "/api/posts",
  userSearch: "/api/users/search",
  friends: "/api/friends",
  friendRequests: "/api/friends/requests",
  /** `${SOCIAL_API.groups}/${id}` (DELETE) and `${SOCIAL_API.groups}/${id}/venues` */
  groups: "/api/groups",
  /** GET and POST; `${SOCIAL_API.blocks}/${userId}` (DELETE) unblocks */
  blocks: "/api/blocks",
} as const;

// ---- Admin panel (spec 2, 3, 5, 7, 8, 9) ----

/** Same-origin paths of the admin calls (spec 7). */
export const ADMIN_API = {
  services: "/api/admin/services",
  /** `${ADMIN_API.venues}/${venueId}/owner` */
  venues: "/api/admin/venues",
} as const;
