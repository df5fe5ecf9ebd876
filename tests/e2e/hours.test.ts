import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForCount, waitForIdle } from "../helpers/wait";

const chromiumPath = findChromium();
// Lower Haight, beside Woods Lowside (530 Haight Street), a seeded OpenStreetMap bar with hours.
const GPS = { latitude: 37.7721, longitude: -122.431 };
const WOODS = "Woods Lowside";
const STATUS = /^(Open now · closes .+|Closed · opens .+|Open 24 hours|Closed)$/;
const OPEN = /^(Open now · closes .+|Open 24 hours)$/;
/**
 * The server reads opening hours, and the page's own clock says, Friday 9 January 2026, 8 PM in San
 * Francisco: Woods Lowside ("Fr-Sa 13:00-24:00") is open until midnight, the cafes around it closed.
 */
const FRIDAY_8PM = new Date("2026-01-10T04:00:00Z");

describe.skipIf(!chromiumPath)("opening hours in the browser (issue 15)", () => {
  const app = useAppInBrowser({}, { clock: () => FRIDAY_8PM });
  const cards = (page: Page) => page.getByRole("main").locator("article");

  for (const [label, viewport] of [
    ["desktop", { width: 1366, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    it(`shows hours on cards and details, and filters by Open now (${label})`, async () => {
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      await page.clock.setFixedTime(FRIDAY_8PM);
      await signUpIn(context, app.server.url, uniqueEmail("hours"), "Sam");
      await page.goto("/");
      await waitForAtLeast(cards(page), 1, { timeout: 20_000 });

      // cards of venues with hours say whether they are open, in words
      const statuses = page.getByRole("main").locator("article p", { hasText: STATUS });
      await waitForAtLeast(statuses, 1, { timeout: 10_000 });
      const closed = statuses.filter({ hasNotText: OPEN });
      const open = statuses.filter({ hasText: OPEN });
      // at 8 PM on a Friday the list holds both, so the filter below has something to take away
      await waitForAtLeast(closed, 1, { timeout: 10_000 });
      await waitForAtLeast(open, 1, { timeout: 10_000 });
      await shot(page, `hours-home-${label}`);

      // the Open now chip asks the server for open venues only
      const call = page.waitForRequest(
        (r) => r.url().includes("/api/venues/match-public") && new URL(r.url()).searchParams.get("openNow") === "true",
        { timeout: 15_000 },
      );
      await page.getByRole("button", { name: "Open now", exact: true }).click();
      await call;
      expect(await page.getByRole("button", { name: "Open now", exact: true }).getAttribute("aria-pressed")).toBe(
        "true",
      );
      await waitForIdle(page);
      // every card left is open now, and some are; the unfiltered list stays on screen, dimmed, until
      // the open venues arrive and replace it, so this is awaited, not read once
      await waitForCount(closed, 0, { timeout: 15_000 });
      await waitForAtLeast(open, 1, { timeout: 10_000 });
      expect((await statuses.allTextContents()).filter((t) => !OPEN.test(t))).toEqual([]);
      await shot(page, `hours-home-open-now-${label}`);
      await page.getByRole("button", { name: "Open now", exact: true }).click();

      // Woods Lowside's details list the week from its opening_hours tag
      await page.getByRole("searchbox", { name: "Search venues" }).fill("Woods Lowside");
      const card = cards(page).filter({ hasText: WOODS }).first();
      await card.waitFor({ timeout: 15_000 });
      expect(await card.locator("p", { hasText: STATUS }).allTextContents()).toEqual(["Open now · closes midnight"]);
      await card.getByRole("button", { name: WOODS, exact: true }).click();
      const sheet = page.getByRole("dialog", { name: WOODS });
      await sheet.waitFor();
      await waitForCount(sheet.getByText("Monday: 1 PM – 10 PM"), 1, { timeout: 10_000 });
      expect(await sheet.getByText("Friday: 1 PM – midnight").count()).toBe(1);
      expect(await sheet.getByText("Open now · closes midnight").count()).toBeGreaterThan(0);
      expect(await sheet.getByText("530 Haight Street, San Francisco, CA").count()).toBe(1);
      expect(await sheet.getByText("(415) 548-5734").count()).toBeGreaterThan(0);
      expect(await sheet.getByText("Wheelchair accessible").count()).toBe(1);
      await shot(page, `hours-details-${label}`);
      await sheet.getByRole("button", { name: "Close" }).click();

      // Explore has the same filter
      await page.goto("/explore");
      await waitForAtLeast(cards(page), 1, { timeout: 20_000 });
      const exploreCall = page.waitForRequest(
        (r) => r.url().includes("/api/venues/match-public") && new URL(r.url()).searchParams.get("openNow") === "true",
        { timeout: 15_000 },
      );
      await page.getByRole("button", { name: "Open now", exact: true }).click();
      await exploreCall;
      await waitForIdle(page);
      // as on Home: the dimmed unfiltered list stays until the open venues replace it
      await waitForCount(closed, 0, { timeout: 15_000 });
      await waitForAtLeast(open, 1, { timeout: 10_000 });
      expect((await statuses.allTextContents()).filter((t) => !OPEN.test(t))).toEqual([]);
      await shot(page, `hours-explore-open-now-${label}`);
      expect(problems).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
