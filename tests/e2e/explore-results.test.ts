import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS, DISCOVER_TEXT } from "@shared/constants";
import { DESKTOP, findChromium, newPage, PHONE, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";

// Issue 17, Explore: a natural-language result sat 700 px (desktop) to 1,500 px (phone) below the
// fold behind the dimmed picker, and "cozy wine bar with live jazz" claimed "100% match" though
// nothing searched for wine. The picker folds away, the page comes to the "AI understood" panel
// with the first venues in view, and the panel names the word it did not search for.
describe.skipIf(!findChromium())("Explore brings a natural-language result to the person", () => {
  const app = useAppInBrowser();

  async function search(page: Page, query: string) {
    await page.goto("/explore");
    await page.getByRole("main").locator("article").first().waitFor({ timeout: 15_000 });
    await page.getByRole("textbox", { name: DISCOVER_TEXT.queryLabel }).fill(query);
    await page.getByRole("button", { name: DISCOVER_TEXT.find }).click();
    const panel = page.getByRole("region", { name: DISCOVER_TEXT.understood });
    await panel.waitFor({ timeout: 15_000 });
    return panel;
  }

  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`${name}: the panel and the first venues are on screen, and 'wine' is said to be unused`, async () => {
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport, {
        geolocation: DEFAULT_COORDS,
      });
      await signUpIn(context, app.server.url, uniqueEmail(`nl-${name}`), "Ari");
      const panel = await search(page, "cozy wine bar with live jazz");

      // the answer's percent counts the unused word: 4 of 5 words, not 100%
      expect(await panel.getByText("80% match").count()).toBe(1);
      expect(await panel.getByText("100% match").count()).toBe(0);
      const unused = panel.getByRole("definition").filter({ hasText: DISCOVER_TEXT.unusedHint });
      expect(await unused.getByRole("listitem").allTextContents()).toEqual(["wine"]);
      expect(await panel.getByText(DISCOVER_TEXT.unused, { exact: true }).count()).toBe(1);

      // the dimmed picker is folded to one line, the page scrolled to the panel
      expect(await page.getByRole("group", { name: "Vibes" }).count()).toBe(0);
      await expect.poll(async () => (await panel.boundingBox())!.y, { timeout: 5_000 }).toBeLessThan(40);
      const first = page.getByRole("list", { name: "Total Venues" }).locator("article").first();
      await first.waitFor({ timeout: 15_000 });
      const box = (await first.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y, "the first venue starts on screen").toBeLessThan(viewport.height - 60);
      await shot(page, `explore-nl-result-${name}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
