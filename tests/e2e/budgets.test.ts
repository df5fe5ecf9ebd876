import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, findChromium, newPage, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForCount, waitForIdle } from "../helpers/wait";

/**
 * Speed budgets on the production build, served by the real server, in headless Chromium:
 * - the landing page loads at most 170 kB of JavaScript (gzip) in all, and receives it compressed;
 * - every page of the router is a chunk of its own, and a page's chunk is not loaded until used;
 * - on Home, Largest Contentful Paint under 1.5 s and cumulative layout shift under 0.1.
 */
const chromiumPath = findChromium();
const JS_BUDGET_KB = 170;
const LCP_BUDGET_MS = 1500;
const CLS_BUDGET = 0.1;
const GPS = { latitude: 37.7749, longitude: -122.4194 };
const PAGES = [
  "landing-page",
  "home-page",
  "login-page",
  "explore-page",
  "saved-page",
  "feed-page",
  "friends-page",
  "profile-page",
  "business-page",
  "admin-page",
  "verify-email-page",
  "reset-password-page",
  "venue-page",
];
const ASSETS = resolve("dist/client/assets");

const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e.name.endsWith(".js"))
      .map((e) => new URL(e.name).pathname),
  ) as Promise<string[]>;
const gzipKb = (path: string) => gzipSync(readFileSync(resolve("dist/client", path.replace(/^\//, "")))).length / 1024;

describe.skipIf(!chromiumPath)("speed budgets of the production build", () => {
  const app = useAppInBrowser();

  it(`the landing page loads at most ${JS_BUDGET_KB} kB of JavaScript (gzip)`, async () => {
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP, { motion: "no-preference" });
    await page.goto("/");
    await waitForIdle(page);
    await waitForCount(page.getByRole("heading", { level: 1 }), 1);
    const scripts = await scriptsLoaded(page);
    const sizes = scripts.map((s) => [s, gzipKb(s)] as const);
    const total = sizes.reduce((sum, [, kb]) => sum + kb, 0);
    console.log(
      `landing page JavaScript: ${total.toFixed(1)} kB gzip in ${scripts.length} files: ` +
        sizes.map(([s, kb]) => `${s.split("/").pop()} ${kb.toFixed(1)}`).join(", "),
    );
    expect(total).toBeLessThanOrEqual(JS_BUDGET_KB);
    // and it travels compressed (the build's Brotli copies): what crossed the wire, per file
    const wire = (await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          return { name: new URL(r.name).pathname, encoded: r.encodedBodySize, decoded: r.decodedBodySize };
        }),
    )) as { name: string; encoded: number; decoded: number }[];
    console.log(
      `landing page JavaScript over the wire: ${(wire.reduce((sum, w) => sum + w.encoded, 0) / 1024).toFixed(1)} kB ` +
        `(${(wire.reduce((sum, w) => sum + w.decoded, 0) / 1024).toFixed(1)} kB decoded)`,
    );
    for (const w of wire) if (w.decoded > 2048) expect(w.encoded, w.name).toBeLessThan(w.decoded / 2);
    // pages nobody opened are not loaded
    for (const name of [
      "feed-page",
      "admin-page",
      "friends-page",
      "profile-page",
      "business-page",
      "verify-email-page",
      "reset-password-page",
      "venue-page",
    ])
      expect(
        scripts.some((s) => s.includes(`/${name}-`)),
        name,
      ).toBe(false);
    await context.close();
  });

  it("splits every page of the router into a chunk of its own", () => {
    const files = readdirSync(ASSETS);
    for (const name of PAGES) {
      const chunk = files.filter((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
      expect(chunk, name).toHaveLength(1);
    }
    // and the entry imports none of them statically
    const html = readFileSync(resolve("dist/client/index.html"), "utf8");
    const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
    for (const name of PAGES)
      expect(
        initial.some((f) => f.startsWith(`${name}-`)),
        name,
      ).toBe(false);
  });

  it(`Home paints its largest content within ${LCP_BUDGET_MS} ms with layout shift under ${CLS_BUDGET}`, async () => {
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP, {
      geolocation: GPS,
      motion: "no-preference",
    });
    await signUpIn(context, app.server.url, uniqueEmail("budget"), "Lee");
    // observers registered before any of the page's code runs, buffered from navigation start
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      w.__lcp = 0;
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const runs: { lcp: number; cls: number }[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto("/", { waitUntil: "load" });
      await waitForAtLeast(page.getByRole("main").locator("article"), 1, { timeout: 15_000 });
      await waitForIdle(page); // late shifts count too: the last answers drawn, the page at rest
      runs.push(
        (await page.evaluate(() => {
          const w = window as unknown as { __lcp: number; __cls: number };
          return { lcp: w.__lcp, cls: w.__cls };
        })) as { lcp: number; cls: number },
      );
    }
    const median = (k: "lcp" | "cls") => runs.map((r) => r[k]).sort((a, b) => a - b)[1];
    console.log(
      `Home: LCP ${runs.map((r) => r.lcp.toFixed(0)).join(" / ")} ms (median ${median("lcp").toFixed(0)}), ` +
        `CLS ${runs.map((r) => r.cls.toFixed(3)).join(" / ")}`,
    );
    expect(median("lcp")).toBeGreaterThan(0);
    expect(median("lcp")).toBeLessThan(LCP_BUDGET_MS);
    expect(Math.max(...runs.map((r) => r.cls))).toBeLessThan(CLS_BUDGET);
    await context.close();
  });
});
