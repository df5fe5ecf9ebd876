import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PROFILE_TEXT, VENUE_TEXT } from "@shared/constants";
import { DESKTOP, findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";

const GPS = { latitude: 37.7599, longitude: -122.4148 };

// Issue 17, "Discovery": clearing every vibe is saved like any selection, and a keyword that finds
// nothing is named as the reason, with a way to clear it.
describe.skipIf(!findChromium())("Home remembers choices honestly", () => {
  const app = useAppInBrowser();
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
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const vibes = page.getByRole("group", { name: "Vibes" });

    const post = saved(page, "POST");
    await vibes.getByRole("button", { name: "Chill", exact: true }).click();
    await post;
    await page.reload();
    await expect.poll(() => pressed(page, "Chill"), { timeout: 15_000 }).toBe("true");

    const cleared = saved(page, "DELETE");
    await vibes.getByRole("button", { name: "Chill", exact: true }).click();
    await cleared;
    await page.reload();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await pressed(page, "Chill")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a keyword with no hits says so and offers to clear it", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("keyword"), "Lee");
    await page.goto("/");
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole("searchbox", { name: VENUE_TEXT.searchLabel }).fill("zzzz no such venue");
    await expect.poll(() => page.getByText(VENUE_TEXT.emptySearchTitle("zzzz no such venue")).count()).toBe(1);
    expect(await page.getByText(VENUE_TEXT.emptyBody).count()).toBe(0);
    await shot(page, "home-keyword-empty");
    // (the search field has its own clear icon of the same name: this is the panel's, with visible text)
    await page.getByRole("button").filter({ hasText: VENUE_TEXT.clearSearch }).click();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole("searchbox", { name: VENUE_TEXT.searchLabel }).inputValue()).toBe("");

    // Profile says its vibes are lasting preferences, not tonight's pick on Home
    await page.goto("/profile");
    await expect.poll(() => page.getByText(PROFILE_TEXT.setYourVibeBody).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
