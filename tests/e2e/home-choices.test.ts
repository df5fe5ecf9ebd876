import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PROFILE_TEXT } from "@client/features/profile/texts";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { DESKTOP, findChromium, newPage, PHONE, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForAttribute, waitForCount, waitForText } from "../helpers/wait";

const GPS = { latitude: 37.7599, longitude: -122.4148 };

// Issue 17, "Discovery": clearing every vibe is saved like any selection, and a keyword that finds
// nothing is named as the reason, with a way to clear it.
describe.skipIf(!findChromium())("Home remembers choices honestly", () => {
  // a fixed instant (Thursday 19 November 2026, 10 PM in San Francisco): Best match puts open venues
  // first (issue 25), so at some hours its first ten are the nearest ones and the order test would pass or
  // fail by the clock
  const app = useAppInBrowser({}, { clock: () => new Date("2026-11-20T06:00:00Z") });
  const cards = (page: Page) => page.getByRole("main").locator("article");
  const pressed = (page: Page, vibe: string) =>
    page
      .getByRole("group", { name: "Vibes" })
      .getByRole("button", { name: vibe, exact: true })
      .getAttribute("aria-pressed");
  const saved = (page: Page, method: string) =>
    page.waitForResponse((r) => r.url().includes("/api/vibes") && r.request().method() === method && r.ok(), {
      timeout: 15_000,
    });

  it("a cleared selection stays cleared on the next visit", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("clear"), "Kim");
    await page.goto("/");
    await waitForAtLeast(cards(page), 1, { timeout: 15_000 });
    const vibes = page.getByRole("group", { name: "Vibes" });

    const post = saved(page, "POST");
    await vibes.getByRole("button", { name: "Chill", exact: true }).click();
    await post;
    await page.reload();
    await waitForAttribute(vibes.getByRole("button", { name: "Chill", exact: true }), "aria-pressed", "true", {
      timeout: 15_000,
    });

    const cleared = saved(page, "DELETE");
    await vibes.getByRole("button", { name: "Chill", exact: true }).click();
    await cleared;
    await page.reload();
    await waitForAtLeast(cards(page), 1, { timeout: 15_000 });
    expect(await pressed(page, "Chill")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a keyword with no hits says so and offers to clear it", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("keyword"), "Lee");
    await page.goto("/");
    await waitForAtLeast(cards(page), 1, { timeout: 15_000 });
    await page.getByRole("searchbox", { name: VENUE_TEXT.searchLabel }).fill("zzzz no such venue");
    await waitForCount(page.getByText(VENUE_TEXT.emptySearchTitle("zzzz no such venue")), 1);
    expect(await page.getByText(VENUE_TEXT.emptyBody).count()).toBe(0);
    await shot(page, "home-keyword-empty");
    // (the search field has its own clear icon of the same name: this is the panel's, with visible text)
    await page.getByRole("button").filter({ hasText: VENUE_TEXT.clearSearch }).click();
    await waitForAtLeast(cards(page), 1, { timeout: 15_000 });
    expect(await page.getByRole("searchbox", { name: VENUE_TEXT.searchLabel }).inputValue()).toBe("");

    // Profile says its vibes are lasting preferences, not tonight's pick on Home
    await page.goto("/profile");
    await waitForCount(page.getByText(PROFILE_TEXT.setYourVibeBody), 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Best match asks the server to rank (sort=best) and re-orders the list; desktop and phone", async () => {
    for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      await signUpIn(context, app.server.url, uniqueEmail("best"), "Bo");
      await page.goto("/");
      await waitForAtLeast(cards(page), 2, { timeout: 15_000 });
      const post = saved(page, "POST");
      await page.getByRole("group", { name: "Vibes" }).getByRole("button", { name: "Chill", exact: true }).click();
      await post;
      await waitForCount(page.locator("[aria-busy=true]"), 0, { timeout: 20_000 });
      const names = () => cards(page).getByRole("heading", { level: 3 }).allTextContents();
      const nearest = await names();

      const sort = page.getByRole("group", { name: "Sort venues" });
      const best = sort.getByRole("button", { name: "Best match" });
      const asked = page.waitForResponse(
        (r) => r.url().includes("/api/venues/match-public") && new URL(r.url()).searchParams.get("sort") === "best",
        { timeout: 15_000 },
      );
      await best.click();
      const ranked = ((await (await asked).json()) as { name: string }[]).map((v) => v.name);
      expect(await best.getAttribute("aria-pressed")).toBe("true");
      // the list follows the server's ranking (its first cards: the rest are drawn after), not the nearest-first order
      const first = 10;
      expect(nearest.length).toBeGreaterThanOrEqual(Math.min(first, ranked.length));
      const headings = cards(page).getByRole("heading", { level: 3 });
      for (const [i, venue] of ranked.slice(0, first).entries())
        await waitForText(headings.nth(i), venue, { timeout: 15_000 });
      expect((await names()).slice(0, first)).toEqual(ranked.slice(0, first));
      expect(ranked.slice(0, first)).not.toEqual(nearest.slice(0, first));
      await waitForCount(page.getByText("Most likely to have your vibes first"), 1);
      // the toggle in one row beside the search, each chip on one line
      const heights = await sort
        .getByRole("button")
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      expect(new Set(heights).size).toBe(1);
      // labelled on a phone too, and no label cut off
      for (const label of ["Nearest", "Top Rated", "Best match"])
        expect(await sort.getByRole("button", { name: label }).isVisible()).toBe(true);
      expect(
        await sort.getByRole("button").evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).length),
      ).toBe(0);
      expect(await sort.getByText("Best match").isVisible()).toBe(true);
      await best.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await shot(page, viewport === PHONE ? "home-best-match-phone" : "home-best-match-desktop");
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
