/**
 * A page's code, loaded on first visit. After a new deployment, an open tab still names the chunks
 * of the build it started with, which the servers no longer have (a missing asset is a 404,
 * src/server/http/static.ts): the tab then loads itself again, once, and so picks up the new build
 * instead of failing. A chunk still missing within RELOAD_WINDOW_MS of that reload is a real fault,
 * and its error is thrown as before (no reload loop).
 */
export const RELOAD_WINDOW_MS = 60_000;
const KEY = "vibe:chunk-reload-at";

export interface ReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  reload(): void;
  now(): number;
}

const browserDeps = (): ReloadDeps => ({ storage: sessionStorage, reload: () => location.reload(), now: Date.now });

/** Whether a failed chunk should reload the page now (and, if so, remembers that it did). */
export function claimReload(deps: Pick<ReloadDeps, "storage" | "now">): boolean {
  try {
    const at = deps.now();
    const last = Number(deps.storage.getItem(KEY)) || 0;
    if (at - last < RELOAD_WINDOW_MS && at >= last) return false;
    deps.storage.setItem(KEY, String(at));
    return true;
  } catch {
    // no session storage (a locked-down browser): never reload, so never loop
    return false;
  }
}

export function loadPage<T>(load: () => Promise<T>, deps: ReloadDeps = browserDeps()): Promise<T> {
  return load().catch((err: unknown) => {
    if (!claimReload(deps)) throw err;
    deps.reload();
    // the page is going away: render nothing new until it does
    return new Promise<T>(() => {});
  });
}
