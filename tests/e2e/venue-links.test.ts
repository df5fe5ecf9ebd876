import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Venue } from "@shared/contracts/venues";
import { DESKTOP, PHONE, findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForCount } from "../helpers/wait";

const GPS = { latitude: 37.7599, longitude: -122.4148 };

// Issue 17, "Sharing and links": a venue has an address in the app; Share sends it; a refused
// clipboard shows the link instead of an error; feed posts and group picks open the venue.
describe.skipIf(!findChromium())("venue links", () => {
  const app = useAppInBrowser();
  const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;
  const aVenue = async (page: Page) => {
    const res = await page.request.get(`${app.server.url}/api/venues/nearby?${here}&radius=5&limit=1`);
    return ((await res.json()) as Venue[])[0]!;
  };
  const linkOf = (venue: Venue) => `/venues/${encodeURIComponent(venue.externalId)}`;
  const sheetOf = (page: Page, venue: Venue) => page.getByRole("dialog", { name: venue.name });

  it("a link opened signed out lands on the landing page, then on the venue; closing goes Home", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, PHONE, { geolocation: GPS });
    const venue = await aVenue(page);
    await page.goto(linkOf(venue));
    await page.getByRole("button", { name: "Continue as Guest" }).first().click();
    await page.waitForURL(`${app.server.url}${linkOf(venue)}`);
    await sheetOf(page, venue).waitFor();
    await shot(page, "venue-link-after-guest-phone");
    await sheetOf(page, venue).getByRole("button", { name: "Close" }).click();
    await page.waitForURL(`${app.server.url}/`);
    await waitForCount(sheetOf(page, venue), 0);
    expect(problems).toEqual([]);
    await context.close();
  });

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

  it("the venue on a feed post opens the venue, and closing returns to the feed", async () => {
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
    await page.keyboard.press("Escape");
    await page.waitForURL(`${app.server.url}/feed`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
