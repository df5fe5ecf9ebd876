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

/** True for a same-site app page (never "//host" or a URL: the value ends up in navigate()). */
export function isReturnPage(path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  return RETURN_PAGES.some((page) => bare === page || bare.startsWith(`${page}/`));
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: the visitor lands on Home after sign-in, as before
  }
}

export function rememberReturnTo(path: string): void {
  if (isReturnPage(path)) storage()?.setItem(KEY, path);
}

/** The remembered page, once: reading it forgets it. */
export function takeReturnTo(): string | null {
  const store = storage();
  const path = store?.getItem(KEY) ?? null;
  store?.removeItem(KEY);
  return path && isReturnPage(path) ? path : null;
}
