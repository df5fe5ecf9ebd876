import { describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import { venuePath } from "@shared/venue-path";
import { DESKTOP, PHONE, findChromium, newPage, useAppInBrowser, shot, signUpIn } from "../helpers/browser";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin } from "../helpers/server";
import { waitForAtLeast, waitForCount, waitForText } from "../helpers/wait";

const chromiumPath = findChromium();
const GPS = { latitude: 37.7946, longitude: -122.4021 };

describe.skipIf(!chromiumPath)("live venues in the browser", () => {
  const adminEmail = uniqueEmail("admin");
  // an admin of its own for each of the panel's tests below
  const panelAdmins = { desktop: uniqueEmail("admin-desktop"), phone: uniqueEmail("admin-phone") };
  const app = useAppInBrowser({ ADMIN_EMAILS: [adminEmail, panelAdmins.desktop, panelAdmins.phone].join(",") });

  it("an owner broadcasts from the dashboard and another person's open Home shows it without reloading", async () => {
    // the venue nearest to the viewer, made the owner's by an admin
    const admin = new Agent(app.server.url);
    await signUpAdmin(app.server, admin, { email: adminEmail });
    const [venue] = (
      await admin.get<Venue[]>(
        `/api/venues/nearby?latitude=${GPS.latitude}&longitude=${GPS.longitude}&radius=2&limit=1`,
      )
    ).body;
    const ownerEmail = uniqueEmail("owner");

    const owner = await newPage(app.browser, app.server.url, DESKTOP);
    await signUpIn(owner.context, app.server.url, ownerEmail, "Olive");
    expect((await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: ownerEmail })).status).toBe(201);

    const viewer = await newPage(app.browser, app.server.url, PHONE, { geolocation: GPS });
    await signUpIn(viewer.context, app.server.url, uniqueEmail("viewer"), "Vic");
    await viewer.page.goto("/");
    await waitForCount(viewer.page.getByText("Live updates active"), 1, { timeout: 10_000 });
    const card = viewer.page
      .getByRole("article")
      .filter({ has: viewer.page.getByRole("heading", { name: venue.name, exact: true }) })
      .first();
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByText("Capacity:").count()).toBe(0);

    // the owner's dashboard: defaults Moderate, Quiet, Chill
    await owner.page.goto("/business");
    await waitForText(owner.page.getByRole("heading", { level: 1 }), venue.name);
    expect(await owner.page.getByRole("radio", { name: "Moderate" }).getAttribute("aria-checked")).toBe("true");
    expect(await owner.page.getByRole("radio", { name: "Quiet" }).getAttribute("aria-checked")).toBe("true");
    expect(await owner.page.getByRole("button", { name: "Chill", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await owner.page.getByRole("radio", { name: "Full" }).click();
    await owner.page.getByRole("radio", { name: "Loud" }).click();
    // the default Chill unpicked (Energetic and Loud contradict it, issue 26); a fourth is disabled
    for (const v of ["Chill", "Energetic", "Loud", "Adventurous"])
      await owner.page.getByRole("button", { name: v, exact: true }).click();
    expect(await owner.page.getByRole("button", { name: "Whiskey", exact: true }).isDisabled()).toBe(true);
    await owner.page.getByRole("button", { name: "Broadcast Update" }).click();
    await waitForAtLeast(owner.page.getByText("Update Broadcast", { exact: true }), 1, { timeout: 10_000 });
    await shot(owner.page, "live-dashboard-desktop");

    // the viewer's card changes in place
    await waitForAtLeast(card.getByText("Full"), 1, { timeout: 10_000 });
    expect(await card.getByText(/Live · updated/).count()).toBe(1);
    await shot(viewer.page, "live-home-phone");
    expect(viewer.problems).toEqual([]);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
    await viewer.context.close();
  });

  // Issue 26: after the owner broadcast Full / Loud / "Live band 10:30" the card showed Full, but the
  // open details panel kept its old status until it was reopened.
  for (const [label, viewport, nth] of [
    ["desktop", DESKTOP, 1],
    ["phone", PHONE, 2],
  ] as const) {
    it(`the open details panel follows an owner's broadcast without reopening (${label})`, async () => {
      const admin = new Agent(app.server.url);
      await signUpAdmin(app.server, admin, { email: panelAdmins[label] });
      // a venue of its own for each size (the first test broadcast for the nearest)
      const venue = (
        await admin.get<Venue[]>(
          `/api/venues/nearby?latitude=${GPS.latitude}&longitude=${GPS.longitude}&radius=2&limit=3`,
        )
      ).body[nth]!;
      const ownerEmail = uniqueEmail("owner-panel");
      const owner = new Agent(app.server.url);
      expect((await owner.post("/auth/email/signup", { email: ownerEmail, password: "a good password" })).status).toBe(
        202,
      );
      expect((await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: ownerEmail })).status).toBe(201);

      const viewer = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      await signUpIn(viewer.context, app.server.url, uniqueEmail("panel-viewer"), "Pat");
      await viewer.page.goto("/");
      await waitForCount(viewer.page.getByText("Live updates active"), 1, { timeout: 10_000 });
      const card = viewer.page
        .getByRole("article")
        .filter({ has: viewer.page.getByRole("heading", { name: venue.name, exact: true }) })
        .first();
      await card.click({ timeout: 15_000 });
      const panel = viewer.page.getByRole("dialog");
      await panel.getByRole("heading", { name: venue.name }).waitFor();
      expect(await panel.getByText("Live band 10:30").count()).toBe(0);

      const sent = await owner.post(`/api/venues/${venue.id}/updates`, {
        capacityStatus: "Full",
        noiseLevel: "Loud",
        currentVibes: ["Energetic"],
        specialNotes: "Live band 10:30",
        isOpen: true,
      });
      expect(sent.status).toBe(201);

      // the panel, still open, shows it: the capacity on its picture, the noise and the note
      await panel.getByText("Live band 10:30").waitFor({ timeout: 10_000 });
      await panel.getByText("Noise: Loud").waitFor();
      await panel.getByText("Capacity: Full").waitFor();
      expect(await panel.getByText(/Live · updated/).count()).toBeGreaterThan(0);
      await shot(viewer.page, `live-panel-${label}`);
      expect(viewer.problems).toEqual([]);
      await viewer.context.close();
    });
  }

  it("someone without a venue sees 'No business venue found'", async () => {
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP);
    await signUpIn(context, app.server.url, uniqueEmail("nobiz"));
    await page.goto("/business");
    await waitForCount(page.getByText("No business venue found"), 1, { timeout: 10_000 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("No venue");
    await context.close();
  });
});

// Issue 26: at 9 AM a venue whose owner broadcast "open" showed "Closed · opens 3 PM" under its name and
// "Open now" in the live box, with nothing to say which was which. Both stay, each said as what it is.
describe.skipIf(!chromiumPath)("an owner's open state beside the listed hours", () => {
  // Thursday 19 November 2026, 9 AM in San Francisco: bars and most restaurants are closed by their hours
  const NINE_AM_THURSDAY = new Date("2026-11-19T17:00:00Z");
  const adminEmail = uniqueEmail("admin-hours");
  const app = useAppInBrowser({ ADMIN_EMAILS: adminEmail }, { clock: () => NINE_AM_THURSDAY });

  it("the details say 'Open now, says the owner' and 'Listed hours: Closed · …'", async () => {
    const admin = new Agent(app.server.url);
    await signUpAdmin(app.server, admin, { email: adminEmail });
    const nearby = (
      await admin.get<Venue[]>(
        `/api/venues/nearby?latitude=${GPS.latitude}&longitude=${GPS.longitude}&radius=2&limit=50`,
      )
    ).body;
    const venue = nearby.find((v) => v.openStatus && !v.openStatus.open);
    expect(venue, "a venue near the viewer closed by its hours at 9 AM").toBeDefined();
    const closed = venue!.openStatus!.text;
    expect(closed).toMatch(/^Closed · opens /);
    const ownerEmail = uniqueEmail("owner-hours");
    const owner = new Agent(app.server.url);
    expect((await owner.post("/auth/email/signup", { email: ownerEmail, password: "a good password" })).status).toBe(
      202,
    );
    expect((await admin.post(`/api/admin/venues/${venue!.id}/owner`, { email: ownerEmail })).status).toBe(201);
    const sent = await owner.post(`/api/venues/${venue!.id}/updates`, {
      capacityStatus: "Moderate",
      noiseLevel: "Quiet",
      currentVibes: ["Chill"],
      specialNotes: "Open early today",
      isOpen: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await page.clock.setFixedTime(NINE_AM_THURSDAY);
    await signUpIn(context, app.server.url, uniqueEmail("hours-viewer"), "Pat");
    await page.goto(venuePath(venue!.externalId));
    await page.getByRole("heading", { name: venue!.name, exact: true }).first().waitFor({ timeout: 15_000 });
    await page.getByText(/^Open now, says the owner/).waitFor({ timeout: 10_000 });
    await waitForCount(page.getByText(`Listed hours: ${closed}`, { exact: true }), 1);
    expect(await page.getByText(closed, { exact: true }).count()).toBe(0);
    await shot(page, "live-owner-open-listed-closed");
    expect(problems).toEqual([]);
    await context.close();
  });
});
