import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { VENUE_PAGE_TEXT, VENUE_TEXT } from "@client/features/venues/texts";
import { venuePath } from "@shared/venue-path";
import type { Venue } from "@shared/contracts/venues";
import { DESKTOP, findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast } from "../helpers/wait";

const GPS = { latitude: 37.7599, longitude: -122.4148 };

// Issue 17, "Sharing and links": a venue has an address in the app; Share sends it; a refused
// clipboard shows the link instead of an error; feed posts and group picks open the venue (its page
// since issue 26: tests/e2e/venue-page.test.ts).
describe.skipIf(!findChromium())("venue links", () => {
  const app = useAppInBrowser();
  const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;
  const aVenue = async (page: Page) => {
    const res = await page.request.get(`${app.server.url}/api/venues/nearby?${here}&radius=5&limit=1`);
    return ((await res.json()) as Venue[])[0]!;
  };
  const linkOf = (venue: Venue) => venuePath(venue.externalId);
  /** The venue's page (issue 26: a venue's link is its page, no longer a sheet over Home). */
  const sheetOf = (page: Page, venue: Venue) =>
    page.getByRole("main").filter({ has: page.getByRole("heading", { level: 1, name: venue.name }) });

  it("Share sends the venue's own link, and shows it to copy by hand when the clipboard is refused", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("share"), "Ash");
    await page.addInitScript(() => {
      const w = window as unknown as { shared: ShareData[] };
      w.shared = [];
      Object.defineProperty(navigator, "share", { value: async (d: ShareData) => void w.shared.push(d) });
    });
    const venue = await aVenue(page);
    const url = `${app.server.url}${linkOf(venue)}`;
    await page.goto(linkOf(venue));
    await sheetOf(page, venue).getByRole("button", { name: VENUE_TEXT.share }).click();
    await page.waitForFunction(() => (window as unknown as { shared: ShareData[] }).shared.length > 0);
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
      { title: venue.name, text: VENUE_TEXT.shareText, url },
    ]);

    // no native share, and the clipboard refuses: the link is shown, not an error
    const other = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(other.context, app.server.url, uniqueEmail("share"), "Bo");
    await other.page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined });
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
      });
    });
    await other.page.goto(linkOf(venue));
    await sheetOf(other.page, venue).getByRole("button", { name: VENUE_TEXT.share }).click();
    await waitForAtLeast(other.page.getByText(VENUE_TEXT.copyByHand), 1);
    expect(await other.page.getByText(url).count()).toBeGreaterThan(0);
    expect(await other.page.getByText(VENUE_TEXT.shareFailed).count()).toBe(0);
    await shot(other.page, "venue-share-copy-by-hand");
    expect([...problems, ...other.problems]).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it("the venue on a feed post opens the venue, and its Back returns to the feed", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("post"), "Cy");
    const venue = await aVenue(page);
    const post = await page.request.post(`${app.server.url}/api/posts`, {
      data: { venueId: venue.id, vibes: ["Chill"], content: "Went here" },
    });
    expect(post.status()).toBe(201);
    await page.goto("/feed");
    await page.getByRole("link", { name: venue.name }).first().click();
    await page.waitForURL(`${app.server.url}${linkOf(venue)}`);
    await sheetOf(page, venue).waitFor();
    await sheetOf(page, venue).getByRole("button", { name: VENUE_PAGE_TEXT.back }).click();
    await page.waitForURL(`${app.server.url}/feed`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
