// Screen texts and settings shared by several client features (shell, sign-in, toasts, realtime).

import { AUTH_PATHS } from "@client/lib/api-paths";

export const GEOLOCATION = {
  timeoutMs: 5000,
  maximumAgeMs: 5 * 60 * 1000,
  enableHighAccuracy: false,
  gpsWaitMs: 3000,
} as const;

export const TOAST = { limit: 1, durationMs: 5000, removeDelayMs: 1_000_000, swipeThresholdPx: 50 } as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

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

/** The 404 card's way out (issue 26), under the spec's heading and text: Home signed in, the landing signed out. */
export const NOT_FOUND_TEXT = { home: "Go to the home page" } as const;

/** Toast region (spec 9): F8 focuses it; Radix fills in `{hotkey}`. */
export const TOAST_VIEWPORT = { hotkey: ["F8"], label: "Notifications ({hotkey})" } as const;

/** Pause after typing before the user search and the post dialog's venue search run. */
export const SOCIAL_SEARCH_DELAY_MS = 300;

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
