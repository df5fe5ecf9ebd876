import type { Locator, Page, Request } from "playwright-core";
import { OVERLAYS_KEY } from "@client/lib/overlay-history";

/**
 * Waiting for the page, on Playwright's own waiting (locator.waitFor), instead of hand polls of
 * `locator.count()`: Playwright re-checks on every DOM change, and its timeout defaults to the
 * context's 30 s rather than expect.poll's one second. A timeout names the locator it waited for.
 */
type Opts = { timeout?: number; message?: string };

/** Runs a Playwright wait; a `message` heads its error (expect.poll's `message`). */
async function named(opts: Opts, wait: () => Promise<unknown>): Promise<void> {
  try {
    await wait();
  } catch (err) {
    if (!opts.message) throw err;
    throw new Error(`${opts.message}: ${(err as Error).message}`, { cause: err });
  }
}
/** Playwright's own default (a context's setDefaultTimeout is not readable from a locator). */
const DEFAULT_TIMEOUT = 30_000;
const limit = (opts: Opts) => (opts.timeout === undefined ? {} : { timeout: opts.timeout });

/** Waits until `locator` matches at least `n` elements (its n-th match is in the page). */
export async function waitForAtLeast(locator: Locator, n: number, opts: Opts = {}): Promise<void> {
  if (n < 1) throw new Error(`waitForAtLeast(${n}): use waitForCount for zero`);
  await named(opts, () => locator.nth(n - 1).waitFor({ state: "attached", ...limit(opts) }));
}

/**
 * Waits until `locator` matches exactly `n` elements: the n-th match is in the page and the (n+1)-th is
 * not, then the count is read. A list redrawn between those steps (a map's markers are) can read
 * otherwise: then both waits run again, within the same time limit; no sleep between them.
 */
export async function waitForCount(locator: Locator, n: number, opts: Opts = {}): Promise<void> {
  const deadline = Date.now() + (opts.timeout ?? DEFAULT_TIMEOUT);
  for (;;) {
    const timeout = Math.max(1, deadline - Date.now());
    if (n > 0) await named(opts, () => locator.nth(n - 1).waitFor({ state: "attached", timeout }));
    await named(opts, () => locator.nth(n).waitFor({ state: "detached", timeout }));
    const count = await locator.count();
    if (count === n) return;
    if (Date.now() >= deadline)
      throw new Error(`${opts.message ?? "count"}: expected ${n} of ${locator}, found ${count}`);
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Waits until the one element of `locator` has the text content `text`, exactly. */
export async function waitForText(locator: Locator, text: string, opts: Opts = {}): Promise<void> {
  const exactly = locator.filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
  await named(opts, () => exactly.waitFor({ state: "attached", ...limit(opts) }));
  const got = await locator.textContent();
  if (got !== text) throw new Error(`expected ${locator} to read ${JSON.stringify(text)}, read ${JSON.stringify(got)}`);
}

/** Waits until the one element of `locator` has attribute `name` equal to `value`. */
export async function waitForAttribute(locator: Locator, name: string, value: string, opts: Opts = {}): Promise<void> {
  const having = locator.and(locator.page().locator(`[${name}=${JSON.stringify(value)}]`));
  await named(opts, () => having.waitFor({ state: "attached", ...limit(opts) }));
}

/** Waits until the one element of `locator` has the keyboard focus. */
export async function waitForFocus(locator: Locator, opts: Opts = {}): Promise<void> {
  const focused = locator.and(locator.page().locator(":focus"));
  await named(opts, () => focused.waitFor({ state: "attached", ...limit(opts) }));
}

/** A page's requests that have started and not yet finished or failed (trackRequests). */
interface Requests {
  inFlight: Set<Request>;
  /** Called when the last request in flight ends. */
  quiet: Set<() => void>;
}
const tracked = new WeakMap<Page, Requests>();

/**
 * Follows `page`'s requests from now on, for waitForIdle (newPage calls it). Playwright's
 * networkidle, which it replaces, waited 500 ms without a request after every page load (~30 s of
 * a11y.test.ts's 150), and after the first it returned at once: it is a state of the page's load,
 * so it never waited for what a click asked.
 */
export function trackRequests(page: Page): void {
  const requests: Requests = { inFlight: new Set(), quiet: new Set() };
  const ended = (r: Request) => {
    requests.inFlight.delete(r);
    if (requests.inFlight.size === 0) for (const done of [...requests.quiet]) done();
  };
  page.on("request", (r) => requests.inFlight.add(r));
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  tracked.set(page, requests);
}

/** Resolves when no request of `requests` is in flight; past `deadline` it names those still in flight. */
function noneInFlight(requests: Requests, deadline: number): Promise<void> {
  if (requests.inFlight.size === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      requests.quiet.delete(done);
      resolve();
    };
    const timer = setTimeout(() => {
      requests.quiet.delete(done);
      const urls = [...requests.inFlight].map((r) => r.url());
      reject(new Error(`waitForIdle: requests still in flight after the time limit: ${urls.join(", ")}`));
    }, deadline - Date.now());
    requests.quiet.add(done);
  });
}

/**
 * Waits until the page is at rest: no request in flight, then two frames drawn and the main thread
 * idle, and still no request (an answer drawn can ask for the next), so what those last answers and
 * renders cause (a layout shift, a CSP violation event) has happened. For a check that something never
 * happens, instead of a fixed sleep. A page newPage did not make waits on Playwright's networkidle.
 */
export async function waitForIdle(page: Page, opts: { timeout?: number } = {}): Promise<void> {
  const requests = tracked.get(page);
  if (!requests) {
    await page.waitForLoadState("networkidle");
    await waitForRendered(page);
    return;
  }
  const deadline = Date.now() + (opts.timeout ?? DEFAULT_TIMEOUT);
  do {
    await noneInFlight(requests, deadline);
    await waitForRendered(page);
  } while (requests.inFlight.size > 0);
}

/**
 * Run in every document of a page that newPage makes, before the app (a context init script):
 * counts the history.back() calls whose popstate has not come yet, and notes whether this document
 * has written any history state (an overlay's entry, a kept scroll), for waitForHistoryAtRest.
 */
export function watchHistory(): void {
  const w = window as unknown as { __historyWatch?: { backs: number; written: boolean } };
  const watch = { backs: 0, written: false };
  w.__historyWatch = watch;
  const { back, pushState, replaceState } = History.prototype;
  History.prototype.back = function (this: History) {
    watch.backs++;
    back.call(this);
  };
  History.prototype.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    watch.written = true;
    pushState.apply(this, args);
  };
  History.prototype.replaceState = function (this: History, ...args: Parameters<History["replaceState"]>) {
    watch.written = true;
    replaceState.apply(this, args);
  };
  window.addEventListener("popstate", () => {
    watch.backs = Math.max(0, watch.backs - 1);
  });
}

/**
 * Waits until no closed overlay still holds the current history entry: one closed by Escape or
 * Close gives its entry back with history.back() (src/client/lib/overlay-history.ts), a moment later
 * (after React's cleanup), and that would abort a reload or a navigation started before it lands.
 * At rest: no history.back() is on its way (watchHistory counts them), and the entry lists no more
 * overlays than the page shows open, unless this document never wrote the entry: then what it lists
 * was left by the page before it (a reload, or a goto to the same address, keeps the state) and no
 * back is coming. Before watchHistory, such an entry held every goto up for the full two seconds
 * (eight seconds of a11y.test.ts). An overlay left open on purpose does not hold it up. newPage runs it
 * before every goto and reload.
 */
export async function waitForHistoryAtRest(page: Page, opts: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    (key) => {
      const watch = (window as unknown as { __historyWatch?: { backs: number; written: boolean } }).__historyWatch;
      if (watch && watch.backs > 0) return false;
      if (watch && !watch.written) return true;
      const state = window.history.state as Record<string, unknown[] | undefined> | null;
      const listed = state?.[key]?.length ?? 0;
      const shown = document.querySelectorAll(
        '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
      );
      return listed <= shown.length;
    },
    OVERLAYS_KEY,
    opts,
  );
}

/**
 * Waits until what is on screen has finished reacting: two frames drawn and the main thread idle.
 * For a key pressed right after a layer opened: Radix moves the Escape listener from the layer below
 * to the new one in a render of its own, which a person's key never precedes but a test's can.
 */
export async function waitForRendered(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => done(), { timeout: 2000 }))),
      ),
  );
}
