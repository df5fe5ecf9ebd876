import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { findChromium, newPage, PHONE, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForIdle } from "../helpers/wait";

// Issue 17, "Phone Home": at 390×844 the whole first screen was controls, the first card started
// below the fold and each card was ~700 px tall. The first venues must be visible without scrolling.
describe.skipIf(!findChromium())("Home on a phone shows venues on the first screen", () => {
  const app = useAppInBrowser();

  for (const [name, withVibe] of [
    ["no vibe (suggestions shown)", false],
    ["a vibe chosen", true],
  ] as const) {
    it(`at 390×844 with ${name}, the first venue card starts on screen and cards are compact`, async () => {
      const { page, context, problems } = await newPage(app.browser, app.server.url, PHONE, {
        geolocation: DEFAULT_COORDS,
      });
      await signUpIn(context, app.server.url, uniqueEmail("phone-home"), "Sam");
      await page.goto("/");
      const cards = page.getByRole("main").locator("article");
      await cards.first().waitFor({ timeout: 15_000 });
      if (withVibe) {
        const saved = page.waitForResponse((r) => r.url().includes("/api/vibes") && r.ok());
        await page.getByRole("group", { name: "Vibes" }).getByRole("button", { name: "Chill", exact: true }).click();
        await saved;
      }
      // the suggestions (when shown) load their own list: wait until the page has settled
      await waitForIdle(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const first = (await cards.first().boundingBox())!;
      const second = (await cards.nth(1).boundingBox())!;
      await shot(page, `home-phone-${withVibe ? "vibe" : "start"}`);
      expect(first.y, "the first card's top is on the first screen").toBeLessThan(PHONE.height - 120);
      expect(first.height, "a card fits well inside the screen").toBeLessThan(300);
      expect(second.y - first.y).toBeLessThan(320);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
