import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { findChromium, newPage, PHONE, shot, signUpAdminIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForAttribute, waitForCount } from "../helpers/wait";

/**
 * Likely matches in the browser (issue 25 section 2 and "Done means"): a member with a proven email
 * (only such votes count) picks Romantic on Home near the city centre. The seed has no confirmed
 * Romantic venue (tests/api/likely.test.ts), so the list is likely cards, each labelled "Likely
 * Romantic — not confirmed yet" with why and no match percentage, and the count says "0 confirmed ·
 * N likely". A Yes on one card's "Is it Romantic?" moves that venue into the confirmed part, in
 * front of the voter, and the confirmed count goes up. "More vibes" offers Live Music on Home.
 * The clock is Thursday 19 November 2026, 10 PM in San Francisco, as in the API test.
 *
 * One fresh Yes (+1.7 log-odds from at least 0.12, LIKELY_PLAUSIBLE; docs/vibe-votes.md) lifts every
 * likely venue over the match threshold: the wine bars voted on (0.12) as Charmaine's rooftop bar (0.10).
 */
const chromiumPath = findChromium();
const TEN_PM_THURSDAY = new Date("2026-11-20T06:00:00Z");
const WIDE = { width: 1366, height: 900 } as const;
const LABEL = "Likely Romantic — not confirmed yet";
/** The venue each viewport's member says Yes to (the desktop test runs first). */
const VOTED = { desktop: "Bodega Wine Bar", phone: "Saison Cellar & Wine Bar" } as const;
const COUNT = /\((\d+) confirmed · (\d+) likely\)/;

describe.skipIf(!chromiumPath)("likely cards in the browser (issue 25)", () => {
  const app = useAppInBrowser({}, { clock: () => TEN_PM_THURSDAY });
  const cards = (page: Page) => page.getByRole("main").locator("article");
  const card = (page: Page, name: string) =>
    cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
  const notes = (scope: Page | Locator) => scope.getByTestId("likely-note");
  const count = (page: Page) => page.getByRole("main").getByRole("status").filter({ hasText: "venues" });
  const counted = async (page: Page) => {
    const m = COUNT.exec((await count(page).textContent()) ?? "");
    expect(m, "the count says how many are confirmed").not.toBeNull();
    return { confirmed: Number(m![1]), likely: Number(m![2]) };
  };

  for (const [label, viewport] of [
    ["desktop", WIDE],
    ["phone", PHONE],
  ] as const) {
    it(`${label}: Romantic lists labelled likely cards; a Yes confirms one in front of the voter`, {
      timeout: 240_000,
    }, async () => {
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport, {
        geolocation: DEFAULT_COORDS,
      });
      await page.clock.setFixedTime(TEN_PM_THURSDAY);
      // a proven email: the vote counts
      await signUpAdminIn(context, app.server, uniqueEmail(`likely-${label}`), "Rory");
      await page.goto("/");
      await waitForAtLeast(cards(page), 1, { timeout: 30_000 });
      const vibes = page.getByRole("group", { name: "Vibes" });

      // More vibes: Live Music can be picked on Home
      expect(await vibes.getByRole("button", { name: "Live Music", exact: true }).count()).toBe(0);
      // on the first screen, not past the last chip of a phone's sideways line
      const onScreen = async (locator: Locator) => {
        const box = await locator.boundingBox();
        return !!box && box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
      };
      const more = vibes.getByRole("button", { name: "More vibes" });
      expect(await onScreen(more), "More vibes is on screen").toBe(true);
      await more.click();
      const liveMusic = vibes.getByRole("button", { name: "Live Music", exact: true });
      await waitForCount(liveMusic, 1, { timeout: 10_000 });
      await expect.poll(() => onScreen(liveMusic), { message: "the vibes it added are brought into view" }).toBe(true);
      await shot(page, `likely-more-vibes-${label}`);

      await vibes.getByRole("button", { name: "Romantic", exact: true }).click();
      await waitForAttribute(vibes.getByRole("button", { name: "Romantic", exact: true }), "aria-pressed", "true");
      await waitForAtLeast(notes(page), 3, { timeout: 30_000 });
      await waitForCount(count(page).filter({ hasText: COUNT }), 1, { timeout: 20_000 });
      const before = await counted(page);
      expect(before.likely).toBeGreaterThanOrEqual(3);
      // the desktop test runs first: nobody has confirmed a Romantic venue yet
      if (label === "desktop") expect(before.confirmed).toBe(0);
      await waitForAtLeast(page.getByText("Likely matches — not confirmed yet", { exact: true }), 1);

      // each likely card: the label, why in words, no match percentage
      const likely = cards(page).filter({ has: notes(page) });
      for (const i of [0, 1, 2]) {
        const one = likely.nth(i);
        expect(await one.getByText(LABEL, { exact: true }).count()).toBe(1);
        expect(await one.getByText(/^Why: \S/).count()).toBe(1);
        expect(await one.getByText(/\d+ ?%/).count()).toBe(0);
      }

      // one likely card: "Is it Romantic?" Yes
      const name = VOTED[label];
      const voted = card(page, name);
      await waitForCount(notes(voted), 1, { timeout: 10_000 });
      expect(await voted.getByText(LABEL, { exact: true }).count()).toBe(1);
      await voted.scrollIntoViewIfNeeded();
      const question = voted.getByRole("group", { name: "Is it Romantic?" });
      await waitForCount(question, 1, { timeout: 10_000 });
      const yes = question.getByRole("button", { name: "Yes, Romantic", exact: true });
      await waitForCount(yes, 1, { timeout: 15_000 });
      await shot(page, `likely-cards-${label}`);
      await yes.click();

      // in front of the voter: the venue is confirmed Romantic, not under the likely label
      await waitForCount(notes(voted), 0, { timeout: 20_000 });
      await waitForCount(voted.getByText(LABEL), 0);
      await waitForCount(voted.locator('ul[aria-label="Vibes"] li').filter({ hasText: /^Romantic$/ }), 1, {
        timeout: 20_000,
      });
      await waitForCount(count(page).filter({ hasText: `(${before.confirmed + 1} confirmed ·` }), 1, {
        timeout: 20_000,
      });
      const after = await counted(page);
      expect(after.confirmed).toBe(before.confirmed + 1);
      await voted.scrollIntoViewIfNeeded();
      await shot(page, `likely-confirmed-${label}`);

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
