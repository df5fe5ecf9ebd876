import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Venue } from "@shared/contracts/venues";
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
      const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;
      const [venue] = (await (
        await page.request.get(`${app.server.url}/api/venues/nearby?${here}&radius=5&limit=1`)
      ).json()) as Venue[];
      await page.goto(`/venues/${encodeURIComponent(venue!.externalId)}`);
      const sheet = page.getByRole("dialog", { name: venue!.name });
      await sheet.getByRole("button", { name: VENUE_TEXT.share }).click();
      const toast = page.getByRole("status").filter({ hasText: VENUE_TEXT.linkCopied }).first();
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
});
