// Where a signed-out visitor was going. A deep link to an app page (a friend's `/feed` link, a
// bookmark of `/saved`) shows the landing page with its ways in, and after guest start, email
// sign-in or OAuth (which comes back to "/" through the server) the app opens that page instead
// of Home. Kept in sessionStorage: it survives the whole-page navigations of OAuth and guest start
// in this tab, and is gone with the tab.

const KEY = "vibe.returnTo";

/** The signed-in pages a signed-out visitor may be sent back to; anything else is a 404 as before. */
export const RETURN_PAGES = [
  "/venues",
  "/feed",
  "/friends",
  "/explore",
  "/saved",
  "/profile",
  "/business",
  "/admin",
] as const;

/**
 * True for a same-site app page (never "//host" or a URL: the value ends up in navigate()). Home
 * itself counts: a venue's page sends a guest to `/?near=…`, the matches around that venue.
 */
export function isReturnPage(path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  return bare === "/" || RETURN_PAGES.some((page) => bare === page || bare.startsWith(`${page}/`));
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: the visitor lands on Home after sign-in, as before
  }
}

/** Set once the person logs out: this page is being left, and no page of it is one to come back to. */
let leaving = false;

export function rememberReturnTo(path: string): void {
  if (!leaving && isReturnPage(path)) storage()?.setItem(KEY, path);
}

/**
 * Logging out: forgets the remembered page and remembers none until the page is left. The log-out
 * is a whole-page navigation; before it lands, the app can already hear that the session ended
 * (its socket closed, a query answered 401) and show the signed-out view at the page it is on, which
 * remembered that page: signing in again then opened Profile instead of Home.
 */
export function forgetReturnTo(): void {
  leaving = true;
  storage()?.removeItem(KEY);
}

/** The remembered page, once: reading it forgets it. */
export function takeReturnTo(): string | null {
  const store = storage();
  const path = store?.getItem(KEY) ?? null;
  store?.removeItem(KEY);
  return path && isReturnPage(path) ? path : null;
}
