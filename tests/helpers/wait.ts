import type { Locator, Page } from "playwright-core";
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

/**
 * Waits until the page is at rest: no request for 500 ms (Playwright's networkidle), then two frames
 * drawn and the main thread idle, so what those last answers and renders cause (a layout shift, a CSP
 * violation event) has happened. For a check that something never happens, instead of a fixed sleep.
 */
export async function waitForIdle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await waitForRendered(page);
}

/**
 * Waits until no closed overlay still holds the current history entry: one closed by Escape or
 * Close gives its entry back with history.back() (src/client/lib/overlay-history.ts), which lands a
 * moment later and would abort a reload or a navigation started before it. At rest, the entry lists
 * no more overlays than the page shows open. An overlay left open on
 * purpose does not hold it up. newPage runs it before every goto and reload.
 */
export async function waitForHistoryAtRest(page: Page, opts: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    (key) => {
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
