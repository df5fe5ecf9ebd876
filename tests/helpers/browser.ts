import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { markEmailVerified } from "../../src/server/auth/users";
import type { BuildOptions } from "../../src/server/app";
import { startServer, type TestServer } from "./server";
import { trackRequests, waitForHistoryAtRest, watchHistory } from "./wait";

// Debian's chromium-headless-shell first: the same Chromium (one source package, one version) built
// as the headless shell Playwright itself drives for `headless: true`, without the full browser's
// window and UI code. a11y.test.ts took 22% less CPU with it than with /usr/bin/chromium here, summed
// over every process (166 vs 213 s; 2026-11-29, issue 28).
const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

/** The Chromium to drive, or null. REQUIRE_BROWSER=1 turns a missing browser into a failure. */
export function findChromium(): string | null {
  const found = CANDIDATES.find((p): p is string => !!p && existsSync(p)) ?? null;
  if (!found && process.env.REQUIRE_BROWSER === "1") {
    throw new Error("REQUIRE_BROWSER=1 but no Chromium was found (install Debian's chromium or set CHROMIUM_PATH)");
  }
  return found;
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    // playwright gives every launch a fresh, empty profile of its own
  });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** A fresh browser context (its own cookies) that fails the test on any page error or CSP violation. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
  opts: {
    geolocation?: { latitude: number; longitude: number };
    serviceWorkers?: "allow";
    /** "no-preference": the landing page's drifting background and the pulsing badges run */
    motion?: "no-preference";
  } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport,
    // the service worker (public/sw.js) answers the page's requests itself, where page.route and
    // request waits do not see them: only tests of it allow it (tests/e2e/offline.test.ts)
    serviceWorkers: opts.serviceWorkers ?? "block",
    // "Reduce motion", as a person can ask of their system, unless a test asks for motion: the app
    // honours it (index.css), and the landing page's drifting blurred background otherwise keeps
    // Chromium drawing frames while a test waits, ~0.55 s of CPU per second idle here (without a GPU)
    // against 0.004 with it (2026-11-29, issue 28). budgets.test.ts measures the pages with motion.
    reducedMotion: opts.motion ?? "reduce",
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    ...(opts.geolocation ? { geolocation: opts.geolocation, permissions: ["geolocation"] } : {}),
  });
  await context.addInitScript(watchHistory);
  const page: Page = await context.newPage();
  trackRequests(page);
  // A test goes to another page or reloads right after closing an overlay, sooner than a person
  // can: the overlay's history.back() (src/client/lib/overlay-history.ts) would land during that
  // navigation and abort it (net::ERR_ABORTED). Each waits for it first (waitForHistoryAtRest), at
  // most two seconds: a history.back() with no entry to go back to never lands.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const atRest = () => waitForHistoryAtRest(page, { timeout: 2000 }).catch(() => {});
  page.goto = async (...args) => {
    await atRest();
    return goto(...args);
  };
  page.reload = async (...args) => {
    await atRest();
    return reload(...args);
  };
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|Refused to/i.test(msg.text()))
      problems.push(`csp: ${msg.text()}`);
  });
  return { context, page, problems };
}

const SHOTS = resolve(".tmp/screenshots");
/** Saves a screenshot under .tmp/screenshots for a person to look at. */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: opts.fullPage ?? false });
}

/** Signs a new account up inside a browser context (its cookies are the page's). */
export async function signUpIn(context: BrowserContext, baseURL: string, email: string, firstName = "Test") {
  const res = await context.request.post(`${baseURL}/auth/email/signup`, {
    data: { email, password: "a good password", firstName, lastName: "User" },
  });
  if (res.status() !== 202) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  const me = await context.request.get(`${baseURL}/api/auth/me`);
  if (me.status() !== 200) throw new Error(`signup did not sign in: ${me.status()} ${await me.text()}`);
  return (await me.json()) as { id: string; email: string };
}

/**
 * Signs an account up inside a browser context (or signs it in again when it exists) and proves its
 * email, as following the verification link does: with the address in ADMIN_EMAILS, an admin.
 */
export async function signUpAdminIn(context: BrowserContext, server: TestServer, email: string, firstName = "Admin") {
  await context.request.post(`${server.url}/auth/email/signup`, {
    data: { email, password: "a good password", firstName, lastName: "User" },
  });
  // a taken address answers sign-up like a new one but signs nobody in: then sign in
  let me = await context.request.get(`${server.url}/api/auth/me`);
  if (me.status() !== 200 || ((await me.json()) as { email?: string }).email !== email.toLowerCase()) {
    await context.request.post(`${server.url}/auth/email/login`, { data: { email, password: "a good password" } });
    me = await context.request.get(`${server.url}/api/auth/me`);
  }
  const user = (await me.json()) as { id: string };
  await markEmailVerified(server.db, user.id);
  await server.ctx.changes.settle();
  return user;
}

/**
 * For one browser test file: the real app on PGlite (with `env`, and `build`: e.g. a fixed clock for
 * opening hours) and a Chromium, started before the file's tests and closed after them. Call inside a
 * `describe`.
 */
export function useAppInBrowser(env: Record<string, string> = {}, build: BuildOptions = {}) {
  const app = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    // Without the built client every page is the server's "The client is not built" (503) and each
    // test waits out its timeouts (ten minutes for a11y.test.ts alone): say so once, at the start.
    if (!existsSync(resolve("dist/client/index.html")))
      throw new Error(
        "the browser tests load the built client (dist/client): run `npx vite build` first, as npm test does",
      );
    // The request limits are on, as shipped: a browser test uses the app the way a person does.
    [app.server, app.browser] = await Promise.all([
      startServer("pglite", {}, { RATE_LIMIT_SCALE: "1", ...env }, build),
      launchBrowser(findChromium()!),
    ]);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
