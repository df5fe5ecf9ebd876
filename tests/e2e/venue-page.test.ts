import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEXT } from "@shared/vocabulary";
import { venuePath } from "@shared/venue-path";
import { LANDING_TEXT } from "@client/features/landing/texts";
import { MAP_TEXT } from "@client/features/map/texts";
import { VENUE_PAGE_TEXT, VENUE_TEXT, VIBE_EVIDENCE_TEXT } from "@client/features/venues/texts";
import { NOT_FOUND_TEXT } from "@client/lib/texts";
import { venue as aVenue } from "../helpers/factories";
import { PHONE, findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForCount, waitForIdle } from "../helpers/wait";

const DESKTOP = { width: 1366, height: 900 } as const;

/** Counts every position the page asks the browser for, from its first script on. */
async function countPositionAsks(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __positionAsks: number };
    w.__positionAsks = 0;
    const geo = navigator.geolocation;
    if (!geo) return;
    const ask = geo.getCurrentPosition.bind(geo);
    const watch = geo.watchPosition.bind(geo);
    geo.getCurrentPosition = (...args: Parameters<Geolocation["getCurrentPosition"]>) => {
      w.__positionAsks++;
      ask(...args);
    };
    geo.watchPosition = (...args: Parameters<Geolocation["watchPosition"]>) => {
      w.__positionAsks++;
      return watch(...args);
    };
  });
}
const positionAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __positionAsks: number }).__positionAsks);

// Issue 26, "a shared venue opens the venue": the venue's link shows the venue to anyone, signed in or
// not, with a way in; it asks for no position; the old link form redirects; an unknown venue is a 404.
describe.skipIf(!findChromium())("a venue's page", () => {
  const app = useAppInBrowser();

  const mainOf = (page: Page) => page.getByRole("main");
  const heading = (page: Page, name: string) => mainOf(page).getByRole("heading", { level: 1, name, exact: true });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])(
    "signed out, it shows the venue: name, kind, address, hours, vibes with evidence, pin, Directions (%s)",
    async (name, viewport) => {
      const v = await aVenue(app.server.db, { withHours: true, withVibes: true, source: "osm" });
      // location refused, as on the phone: nothing may ask for it, and no Location Error shows
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport);
      await countPositionAsks(context);
      await page.goto(venuePath(v.externalId));
      await heading(page, v.name).waitFor();
      const main = mainOf(page);
      await main.getByText(v.category, { exact: true }).first().waitFor();
      const details = (await page.request.get(`/api/venues/${encodeURIComponent(v.externalId)}/details`)).json();
      const { address, hours } = (await details) as { address: string; hours: string[] };
      await main.getByText(address, { exact: true }).waitFor();
      await main.getByText(hours[0], { exact: true }).waitFor();
      // the vibes, with the evidence behind them unfolded
      for (const vibe of v.detectedVibes.slice(0, 3))
        await waitForAtLeast(main.getByRole("listitem").filter({ hasText: vibe }), 1);
      const why = main.locator("details", { hasText: VIBE_EVIDENCE_TEXT.title });
      expect(await why.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      // the pin: the venue alone on the map, and the same spot on OpenStreetMap
      const pin = page.getByRole("region", { name: MAP_TEXT.pinRegion(v.name) });
      await waitForCount(pin.locator(`[data-venue-id="${v.externalId}"]`), 1);
      const osm = main.getByRole("link", { name: MAP_TEXT.openInOsm });
      expect(await osm.getAttribute("href")).toContain(`mlat=${v.latitude}&mlon=${v.longitude}`);
      const directions = main.getByRole("link", { name: VENUE_TEXT.getDirections });
      expect(await directions.getAttribute("href")).toContain(`${v.latitude},${v.longitude}`);
      await main.getByRole("button", { name: VENUE_PAGE_TEXT.around }).waitFor();
      // the tab's title is the venue's, as the server wrote it
      expect(await page.title()).toBe(`${v.name} · ${v.category} | VIBE`);
      await waitForIdle(page);
      expect(await positionAsks(page)).toBe(0);
      expect(await page.getByText(TEXT.locationErrorTitle).count()).toBe(0);
      // the name is not under anything: the topmost element at its centre is the heading itself
      const box = (await heading(page, v.name).boundingBox())!;
      const top = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest("h1")?.textContent ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(top).toBe(v.name);
      await shot(page, `venue-page-signed-out-${name}`);
      await shot(page, `venue-page-signed-out-${name}-full`, { fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("'See what's around it' lets a signed-out visitor in, as a guest, to the matches around the venue", async () => {
    const v = await aVenue(app.server.db, { withVibes: true, near: { latitude: 37.7615, longitude: -122.4213 } });
    const { page, context, problems } = await newPage(app.browser, app.server.url, PHONE);
    await page.goto(venuePath(v.externalId));
    // Home asks for the matches around the venue (to its ~10 m rounding), not around the person
    const near = (a: string | null, b: number) => Math.abs(Number(a) - b) < 0.0001;
    const asked = page.waitForRequest((r) => {
      const q = new URL(r.url()).searchParams;
      return (
        r.url().includes("/api/venues/match-public") &&
        near(q.get("latitude"), v.latitude) &&
        near(q.get("longitude"), v.longitude)
      );
    });
    await mainOf(page).getByRole("button", { name: VENUE_PAGE_TEXT.around }).click();
    await page.waitForURL(`${app.server.url}/?near=${v.latitude},${v.longitude}`);
    await page.getByRole("navigation", { name: "Main" }).first().waitFor();
    await asked;
    await page.getByText(MAP_TEXT.aroundVenue).waitFor();
    await waitForAtLeast(mainOf(page).locator("article"), 1);
    await shot(page, "venue-page-around-phone");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the first, encoded link redirects to the readable one; Share copies the readable one", async () => {
    const v = await aVenue(app.server.db, { source: "osm" });
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP);
    await signUpIn(context, app.server.url, uniqueEmail("venue-page"), "Sam");
    await page.addInitScript(() => {
      const w = window as unknown as { shared: ShareData[] };
      w.shared = [];
      Object.defineProperty(navigator, "share", { value: async (d: ShareData) => void w.shared.push(d) });
    });
    await page.goto(`/venues/${encodeURIComponent(v.externalId)}`);
    await page.waitForURL(`${app.server.url}${venuePath(v.externalId)}`);
    expect(venuePath(v.externalId)).toMatch(/^\/venues\/osm\/(node|way|relation)\/\d+$/);
    // signed in: the same page, inside the app's shell
    await page.getByRole("navigation", { name: "Main" }).first().waitFor();
    await heading(page, v.name).waitFor();
    await mainOf(page).getByRole("button", { name: VENUE_TEXT.share }).click();
    await page.waitForFunction(() => (window as unknown as { shared: ShareData[] }).shared.length > 0);
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared[0].url).toBe(`${app.server.url}${venuePath(v.externalId)}`);
    await shot(page, "venue-page-signed-in-desktop");
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["signed out", false],
    ["signed in", true],
  ])("an unknown venue is the 404 card, whose way home works (%s)", async (_name, signedIn) => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, PHONE);
    if (signedIn) await signUpIn(context, app.server.url, uniqueEmail("venue-404"), "Lou");
    const res = await page.goto("/venues/osm/node/1");
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: TEXT.notFoundTitle }).waitFor();
    await page.getByText(TEXT.notFoundBody).waitFor();
    await shot(page, `venue-page-404-${signedIn ? "signed-in" : "signed-out"}`);
    await page.getByRole("link", { name: NOT_FOUND_TEXT.home }).click();
    await page.waitForURL(`${app.server.url}/`);
    if (signedIn) await page.getByRole("navigation", { name: "Main" }).first().waitFor();
    else await page.getByRole("heading", { level: 1, name: LANDING_TEXT.headline }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
