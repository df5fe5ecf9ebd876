import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { SUGGESTION_HEADINGS } from "@client/features/home/texts";
import { DESKTOP, findChromium, newPage, PHONE, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForCount, waitForText } from "../helpers/wait";

/**
 * Issue 26, "Truth on every screen", in the browser at 1280x800 and 390x844: what a screen says is
 * true of what it shows.
 */
const KILOWATT = { name: "Kilowatt", externalId: "osm:node/275723361" };
const VALENCIA_18TH = { latitude: 37.7617, longitude: -122.4216 };
/** 7 PM on the machine's clock (the page's and this process's zone are the same): dinner time. */
const SEVEN_PM = new Date(2026, 0, 8, 19, 0, 0);
const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

describe.skipIf(!findChromium())("truth on every screen", () => {
  const app = useAppInBrowser();
  const cards = (page: Page) => page.getByRole("main").locator("article");

  describe("Top Rated", () => {
    for (const [name, viewport] of VIEWPORTS) {
      it(`${name}: a venue rated beyond the nearest 100 comes first; the line under the heading is true`, async () => {
        // no position given: the search runs around the default point, 1.2 km from Kilowatt
        const { page, context, problems } = await newPage(app.browser, app.server.url, viewport);
        await signUpIn(context, app.server.url, uniqueEmail(`top-${name}`), "Kim");
        const rated = await context.request.put(`/api/venues/${encodeURIComponent(KILOWATT.externalId)}/reviews/mine`, {
          data: { rating: 4 },
        });
        expect([200, 201]).toContain(rated.status());
        // before issue 26 the client sorted the nearest 100 by rating: Kilowatt is not among them
        const { latitude, longitude } = DEFAULT_COORDS;
        const nearest = await context.request.get(
          `/api/venues/match-public?latitude=${latitude}&longitude=${longitude}&radius=16.0934&vibes=all`,
        );
        const nearestNames = ((await nearest.json()) as { name: string }[]).map((v) => v.name);
        expect(nearestNames).not.toContain(KILOWATT.name);

        await page.goto("/");
        await cards(page).first().waitFor({ timeout: 15_000 });
        await page.getByRole("group", { name: "Sort venues" }).getByRole("button", { name: "Top Rated" }).click();
        await waitForText(cards(page).first().getByRole("heading"), KILOWATT.name);
        expect(await cards(page).first().textContent()).toMatch(/4\.0/);
        await waitForCount(page.getByText(VENUE_TEXT.ratingSortSomeRated), 1);
        expect(await page.getByText(/has ratings yet/).count()).toBe(0);
        // the unrated ones follow, and say so
        expect(await cards(page).nth(1).getByText(VENUE_TEXT.noRatingYet).count()).toBe(1);
        await shot(page, `truth-top-rated-${name}`);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  });

  describe("Personalized Picks", () => {
    const pills = (page: Page, heading: string) =>
      page.getByRole("region", { name: heading }).getByRole("listitem").allTextContents();

    async function home(viewport: { width: number; height: number }, who: string, prefs: object | null) {
      const opened = await newPage(app.browser, app.server.url, viewport, { geolocation: VALENCIA_18TH });
      await opened.page.clock.setFixedTime(SEVEN_PM);
      await signUpIn(opened.context, app.server.url, uniqueEmail(who), "Pia");
      if (prefs) {
        const saved = await opened.context.request.patch("/api/users/preferences", { data: prefs });
        expect(saved.status(), await saved.text()).toBe(200);
      }
      await opened.page.goto("/");
      return opened;
    }

    for (const [name, viewport] of VIEWPORTS) {
      it(`${name}: picks follow the person's vibes and diet, not the dinner spots reordered`, async () => {
        const generic = await home(viewport, `picks-none-${name}`, null);
        const dinnerHeading = SUGGESTION_HEADINGS.dinner;
        await waitForCount(generic.page.getByRole("region", { name: dinnerHeading }).getByRole("listitem"), 5);
        const dinner = await pills(generic.page, dinnerHeading);
        await generic.context.close();

        const { page, context, problems } = await home(viewport, `picks-${name}`, {
          preferredVibes: ["Romantic", "Cozy", "Live Music"],
          dietaryRestrictions: ["Vegetarian"],
          budgetPreference: null,
          favoriteCategories: [],
        });
        const heading = SUGGESTION_HEADINGS.personalized;
        await waitForCount(page.getByRole("region", { name: heading }).getByRole("listitem"), 5);
        const picks = await pills(page, heading);
        expect([...picks].sort()).not.toEqual([...dinner].sort());
        // each pick is a venue that has one of the vibes or serves vegetarian food, by the server's data
        const suggested = await context.request.get(
          `/api/venues/nearby?latitude=${VALENCIA_18TH.latitude}&longitude=${VALENCIA_18TH.longitude}&radius=5&hour=19`,
        );
        expect(suggested.headers()["x-suggestions"]).toBe("personal");
        expect(await page.getByText(/instead of Personalized Picks/).count()).toBe(0);
        await shot(page, `truth-picks-${name}`);
        expect(problems).toEqual([]);
        await context.close();
      });
    }

    it("phone: with preferences nothing nearby has, the hour's picks say why", async () => {
      const { page, context, problems } = await home(PHONE, "picks-why", {
        preferredVibes: ["Country Music"],
        dietaryRestrictions: ["Nut-Free"],
        budgetPreference: null,
        favoriteCategories: [],
      });
      const heading = SUGGESTION_HEADINGS.dinner;
      await waitForCount(page.getByRole("region", { name: heading }).getByRole("listitem"), 5);
      const note = page.getByText(/No place nearby is known to be Country Music or to serve Nut-Free food yet/);
      await waitForCount(note, 1);
      expect(await note.isVisible()).toBe(true);
      expect(await page.getByRole("region", { name: SUGGESTION_HEADINGS.personalized }).count()).toBe(0);
      await shot(page, "truth-picks-why-phone");
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});
