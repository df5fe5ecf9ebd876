import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sfLikeElements, startFakeOverpass, type FakeOverpass } from "../fakes/overpass";
import { DESKTOP, PHONE, findChromium, launchBrowser, newPage, shot, signUpIn } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { waitForCount } from "../helpers/wait";

const chromiumPath = findChromium();
// Far from the seed: VIBE knows no venue here until it fetches the area from OpenStreetMap.
const LISBON = { latitude: 38.7223, longitude: -9.1393 };
const OSLO = { latitude: 59.9139, longitude: 10.7522 };

describe.skipIf(!chromiumPath)("a search where VIBE knows few places, in the browser", () => {
  let overpass: FakeOverpass;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    overpass = await startFakeOverpass([
      ...sfLikeElements(LISBON.latitude, LISBON.longitude, 91_000),
      ...sfLikeElements(OSLO.latitude, OSLO.longitude, 92_000),
    ]);
    [server, browser] = await Promise.all([
      startServer("pglite", {}, { RATE_LIMIT_SCALE: "1", OVERPASS_URL: overpass.url, SYNC_TIMEOUT_MS: "8000" }),
      launchBrowser(chromiumPath!),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await overpass?.close();
  });

  const cards = (page: Page) => page.getByRole("main").locator("article");

  async function visit(where: { latitude: number; longitude: number }, viewport: typeof DESKTOP | typeof PHONE) {
    const opened = await newPage(browser, server.url, viewport, { geolocation: where });
    await signUpIn(opened.context, server.url, uniqueEmail("anywhere"), "Ana");
    return opened;
  }

  it("Home says 'Finding places near you…' and fills in as the venues arrive (desktop)", async () => {
    // Overpass answers at once but takes about 2 s to send its body: long enough to see the notice
    overpass.fail({ kind: "slow", pieces: 10, everyMs: 200 }, 1);
    const { page, problems } = await visit(LISBON, DESKTOP);
    await page.goto("/");
    const notice = page.getByRole("status").filter({ hasText: "Finding places near you…" });
    await waitForCount(notice, 1, { timeout: 10_000 });
    expect(await page.getByText("No venues match your vibe right now.").count()).toBe(0);
    await shot(page, "anywhere-finding-desktop");
    await waitForCount(cards(page), 7, { timeout: 20_000 });
    await waitForCount(notice, 0, { timeout: 10_000 });
    expect(await cards(page).getByRole("heading", { name: "The Blue Note Jazz Bar" }).count()).toBe(1);
    await shot(page, "anywhere-filled-desktop");
    expect(problems).toEqual([]);
  });

  it("Explore does the same on a phone", async () => {
    overpass.fail({ kind: "slow", pieces: 10, everyMs: 200 }, 1);
    const { page, problems } = await visit(OSLO, PHONE);
    await page.goto("/explore");
    const notice = page.getByRole("status").filter({ hasText: "Finding places near you…" });
    await waitForCount(notice, 1, { timeout: 10_000 });
    await shot(page, "anywhere-finding-phone");
    await waitForCount(cards(page), 7, { timeout: 20_000 });
    await waitForCount(notice, 0, { timeout: 10_000 });
    await shot(page, "anywhere-filled-phone");
    expect(problems).toEqual([]);
  });
});
