import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { DESKTOP, PHONE, findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";

const GPS = { latitude: 37.7599, longitude: -122.4148 };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible buttons and links inside `scope` that the box covers, by name. */
async function coveredActions(scope: Locator, box: Box): Promise<string[]> {
  const covered: string[] = [];
  for (const action of await scope.locator("button, a[href]").all()) {
    if (!(await action.isVisible())) continue;
    const b = await action.boundingBox();
    if (b && overlaps(box, b)) covered.push((await action.textContent())?.trim() || "(icon)");
  }
  return covered;
}

// Issue 17: toasts never cover actions. The details sheet's footer (Share, Save, Directions) and
// its Close button stay uncovered while a toast is shown, on desktop and phone.
describe.skipIf(!findChromium())("toasts", () => {
  const app = useAppInBrowser();

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`a toast over the details sheet covers none of its actions (${label})`, async () => {
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      await signUpIn(context, app.server.url, uniqueEmail("toast"), "Dee");
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "share", { value: undefined });
        Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.resolve() } });
      });
      // the sheet as a card opens it on Home (a venue's link is its page since issue 26)
      await page.goto("/");
      await page.getByRole("main").locator("article").first().click();
      const sheet = page.getByRole("dialog").first();
      await sheet.getByRole("button", { name: VENUE_TEXT.share }).click();
      // the toast itself, in the notifications list (Radix also puts its text in a passing live region,
      // role status, gone after the announcement)
      const toast = page.locator("ol > li").filter({ hasText: VENUE_TEXT.linkCopied });
      await toast.waitFor();
      // the toast's entrance animation, to its end rather than for a guessed 300 ms
      await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      const box = (await toast.boundingBox()) as Box;
      await shot(page, `toast-over-sheet-${label}`);
      expect(await coveredActions(sheet, box)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  // Issue 26: with a toast showing, the first Escape closed the toast and left the panel open.
  it("with a toast showing over the details panel, the first Escape closes the panel", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("toast-esc"), "Eve");
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined });
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.resolve() } });
    });
    await page.goto("/");
    await page.getByRole("main").locator("article").first().click();
    const sheet = page.getByRole("dialog").first();
    await sheet.getByRole("button", { name: VENUE_TEXT.share }).click();
    await page.locator("ol > li").filter({ hasText: VENUE_TEXT.linkCopied }).waitFor();
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    // the panel's history entry went with it: still Home
    expect(new URL(page.url()).pathname).toBe("/");
    expect(problems).toEqual([]);
    await context.close();
  });
});
