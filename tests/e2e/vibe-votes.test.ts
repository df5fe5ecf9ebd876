import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { reblendVenue } from "../../src/server/venues/sync";
import { analyzeVenueTexts } from "../../src/server/vibes/model";
import { PHONE, findChromium, newPage, shot, signUpAdminIn, signUpIn, useAppInBrowser } from "../helpers/browser";
import { provenPerson } from "../helpers/factories";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForAttribute, waitForCount, waitForText } from "../helpers/wait";

/**
 * Crowd vibe votes in the browser (issue 25 section 1, docs/vibe-votes.md): on a venue's details,
 * "What's the vibe here?" with every vibe the product knows; a member answers Yes, changes it to
 * No and takes it back, the counts following each tap, and sees the venue's vibes and their
 * evidence change ("1 person on VIBE said Romantic…"); a guest with the same details open sees
 * the counts change live, and the invitation to join instead of the buttons. On a phone, a
 * check-in that names the venue offers the question at once, and an account whose email is not
 * proven is told how to make its votes count.
 */
const chromiumPath = findChromium();
const GPS = { latitude: 37.7512, longitude: -122.4936 };
const WIDE = { width: 1366, height: 900 } as const;
// a wine bar: its category and name make Romantic plausible (0.12), not a match; one Yes makes it one
const WINE_BAR = "Vesper Votes Wine Bar";
const CAFE = "Quill Votes Cafe";

describe.skipIf(!chromiumPath)("crowd vibe votes in the browser", () => {
  const app = useAppInBrowser();
  const card = (page: Page, name: string) =>
    page
      .getByRole("main")
      .locator("article")
      .filter({ has: page.getByRole("heading", { name, exact: true }) });
  const panel = (scope: Page | Locator) => scope.getByTestId("vibe-votes");
  const row = (scope: Locator, vibe: string) => scope.locator(`li[data-vibe="${vibe}"]`);
  const counts = (scope: Locator, vibe: string) => row(scope, vibe).getByTestId("vibe-vote-counts");
  const answer = (scope: Locator, label: "Yes" | "No", vibe: string) =>
    scope.getByRole("button", { name: `${label}, ${vibe}`, exact: true });

  async function venue(externalId: string, name: string, category: string, dLat: number) {
    const [row] = await app.server.db.query<{ id: number }>(
      `INSERT INTO venues (external_id, name, category, latitude, longitude, source, attribution)
       VALUES ($1, $2, $3, $4, $5, 'osm', 'Map data (c) OpenStreetMap contributors, ODbL')
       ON CONFLICT (external_id) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [externalId, name, category, GPS.latitude + dLat, GPS.longitude],
    );
    // blended as a sync blends a venue: from its category and name
    await reblendVenue(app.server.db, row.id, [], analyzeVenueTexts);
    await app.server.ctx.changes.settle();
    return row.id;
  }

  async function openDetails(page: Page, name: string) {
    await waitForCount(card(page, name), 1, { timeout: 20_000 });
    await card(page, name).getByRole("button", { name, exact: true }).click();
    const sheet = page.getByRole("dialog", { name });
    await waitForCount(sheet.getByText("Loading details..."), 0, { timeout: 10_000 });
    await waitForCount(panel(sheet), 1, { timeout: 10_000 });
    await waitForCount(panel(sheet).getByText("Loading votes..."), 0, { timeout: 10_000 });
    return sheet;
  }

  it("desktop: a member votes, changes, takes back; counts, vibes and evidence follow; a guest sees it live", {
    timeout: 240_000,
  }, async () => {
    await venue("osm:node/925001", WINE_BAR, "Bar", 0.0002);

    // a guest, with the venue's details open, before the vote
    const guest = await newPage(app.browser, app.server.url, WIDE, { geolocation: GPS });
    expect((await guest.context.request.post(`${app.server.url}/api/auth/dev-login`)).status()).toBe(200);
    await guest.page.goto("/");
    const seen = panel(await openDetails(guest.page, WINE_BAR));
    await waitForText(counts(seen, "Romantic"), "0 yes · 0 no");
    // counts and the invitation, no buttons
    await waitForCount(seen.getByText("Join VIBE to vote on a place's vibe: a free account with your email."), 1);
    await waitForCount(seen.getByRole("link", { name: "Create an account" }), 1);
    expect(await seen.getByRole("button", { name: /^(Yes|No), / }).count()).toBe(0);
    expect(await seen.locator("li[data-vibe]").count()).toBe(15);

    // a member with a proven email
    const member = await newPage(app.browser, app.server.url, WIDE, { geolocation: GPS });
    await signUpAdminIn(member.context, app.server, uniqueEmail("voter"), "Vera");
    await member.page.goto("/");
    const sheet = await openDetails(member.page, WINE_BAR);
    const votes = panel(sheet);
    await waitForCount(votes.getByRole("heading", { name: "What's the vibe here?" }), 1);
    expect(await sheet.getByRole("region", { name: "Vibes" }).getByText("Romantic").count()).toBe(0);
    expect(await votes.locator("li[data-vibe]").count()).toBe(15);

    // Yes: pressed, counted, and the venue is Romantic now, with the evidence in words
    await answer(votes, "Yes", "Romantic").click();
    await waitForAttribute(answer(votes, "Yes", "Romantic"), "aria-pressed", "true", { timeout: 10_000 });
    await waitForText(counts(votes, "Romantic"), "1 yes · 0 no");
    await waitForCount(votes.getByText("You said Yes to Romantic."), 1);
    const vibes = sheet.locator('section[aria-label="Vibes"]');
    await waitForCount(vibes.locator("li").filter({ hasText: /^Romantic$/ }), 1, { timeout: 10_000 });
    await vibes.getByText("Why these vibes?").click();
    await waitForCount(vibes.getByText("1 person on VIBE said Romantic in the last 90 days"), 1, { timeout: 10_000 });
    await shot(member.page, "vibe-votes-yes-desktop");

    // the guest's open details follow without a reload
    await waitForText(counts(seen, "Romantic"), "1 yes · 0 no", { timeout: 10_000 });
    await shot(guest.page, "vibe-votes-guest-live-desktop");

    // changed to No: one vote still, now a No
    await answer(votes, "No", "Romantic").click();
    await waitForAttribute(answer(votes, "No", "Romantic"), "aria-pressed", "true", { timeout: 10_000 });
    await waitForAttribute(answer(votes, "Yes", "Romantic"), "aria-pressed", "false");
    await waitForText(counts(votes, "Romantic"), "0 yes · 1 no");
    await waitForCount(vibes.locator("li").filter({ hasText: /^Romantic$/ }), 0, { timeout: 10_000 });
    await waitForText(counts(seen, "Romantic"), "0 yes · 1 no", { timeout: 10_000 });

    // tapped again: taken back
    await answer(votes, "No", "Romantic").click();
    await waitForAttribute(answer(votes, "No", "Romantic"), "aria-pressed", "false", { timeout: 10_000 });
    await waitForText(counts(votes, "Romantic"), "0 yes · 0 no");
    await waitForCount(votes.getByText("Your vote on Romantic was taken back."), 1);
    await waitForText(counts(seen, "Romantic"), "0 yes · 0 no", { timeout: 10_000 });

    // Yes again, then the card behind the sheet says Romantic too
    await answer(votes, "Yes", "Romantic").click();
    await waitForText(counts(votes, "Romantic"), "1 yes · 0 no", { timeout: 10_000 });
    await sheet.getByRole("button", { name: "Close" }).click();
    await waitForCount(sheet, 0, { timeout: 10_000 });
    await waitForCount(
      card(member.page, WINE_BAR)
        .locator('ul[aria-label="Vibes"] li')
        .filter({ hasText: /^Romantic$/ }),
      1,
      {
        timeout: 20_000,
      },
    );
    await shot(member.page, "vibe-votes-card-desktop");

    expect(member.problems).toEqual([]);
    expect(guest.problems).toEqual([]);
    await member.context.close();
    await guest.context.close();
  });

  it("phone: a check-in offers the question; an unproven account is told how to count", {
    timeout: 240_000,
  }, async () => {
    await venue("osm:node/925002", CAFE, "Cafe", 0.0004);
    // someone else said Cozy already
    const other = await provenPerson(app.server, { firstName: "Olive" });
    const externalId = encodeURIComponent("osm:node/925002");
    expect((await other.agent.put(`/api/venues/${externalId}/vibe-votes/Cozy`, { vote: "yes" })).status).toBe(200);

    const member = await newPage(app.browser, app.server.url, PHONE, { geolocation: GPS });
    await signUpAdminIn(member.context, app.server, uniqueEmail("checkin"), "Chet");
    const page = member.page;
    await page.goto("/feed");
    await page.getByRole("button", { name: "Share Your Vibe" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Your Vibe" });
    await dialog.getByRole("button", { name: "Chill", exact: true }).click();
    await dialog.getByRole("textbox", { name: "Venue or location" }).fill("Quill Votes");
    await dialog.getByRole("button", { name: new RegExp(CAFE) }).click();
    await dialog.getByRole("button", { name: "Post", exact: true }).click();

    // the question about the venue checked in at
    const asked = page.getByRole("dialog", { name: "What's the vibe here?" });
    await waitForCount(asked, 1, { timeout: 10_000 });
    await waitForCount(asked.getByText(`You checked in at ${CAFE}.`), 1);
    const votes = panel(asked);
    await waitForText(counts(votes, "Cozy"), "1 yes · 0 no", { timeout: 10_000 });
    await answer(votes, "Yes", "Chill").click();
    await waitForAttribute(answer(votes, "Yes", "Chill"), "aria-pressed", "true", { timeout: 10_000 });
    await waitForText(counts(votes, "Chill"), "1 yes · 0 no");
    await shot(page, "vibe-votes-after-checkin-phone");
    await asked.getByRole("button", { name: "Done" }).click();
    await waitForCount(asked, 0);
    // the next post starts anew
    await page.getByRole("button", { name: "Share Your Vibe" }).click();
    await waitForCount(dialog, 1);
    await page.keyboard.press("Escape");

    // on the venue's details, the vote is there
    await page.goto("/");
    const sheet = await openDetails(page, CAFE);
    await waitForAttribute(answer(panel(sheet), "Yes", "Chill"), "aria-pressed", "true");
    await panel(sheet).getByRole("heading", { name: "What's the vibe here?" }).scrollIntoViewIfNeeded();
    await shot(page, "vibe-votes-details-phone");
    expect(member.problems).toEqual([]);
    await member.context.close();

    // an account whose email is not proven: the counts and how to make a vote count
    const unproven = await newPage(app.browser, app.server.url, PHONE, { geolocation: GPS });
    await signUpIn(unproven.context, app.server.url, uniqueEmail("unproven"), "Una");
    await unproven.page.goto("/");
    const theirs = panel(await openDetails(unproven.page, CAFE));
    await waitForText(counts(theirs, "Chill"), "1 yes · 0 no");
    await waitForAtLeast(theirs.getByText(/^Prove your email to vote/), 1);
    await waitForCount(theirs.getByRole("link", { name: "Open your Profile" }), 1);
    expect(await theirs.getByRole("button", { name: /^(Yes|No), / }).count()).toBe(0);
    await theirs.getByTestId("vibe-vote-invitation").scrollIntoViewIfNeeded();
    await shot(unproven.page, "vibe-votes-unproven-phone");
    expect(unproven.problems).toEqual([]);
    await unproven.context.close();
  });
});
