import { describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import { DESKTOP, PHONE, findChromium, newPage, useAppInBrowser, shot, signUpIn } from "../helpers/browser";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin } from "../helpers/server";
import { waitForAtLeast, waitForCount, waitForText } from "../helpers/wait";

const chromiumPath = findChromium();
const GPS = { latitude: 37.7946, longitude: -122.4021 };

describe.skipIf(!chromiumPath)("live venues in the browser", () => {
  const adminEmail = uniqueEmail("admin");
  const app = useAppInBrowser({ ADMIN_EMAILS: adminEmail });

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

    // the owner's dashboard: defaults Moderate, Quiet, Chill; a fourth vibe is ignored
    await owner.page.goto("/business");
    await waitForText(owner.page.getByRole("heading", { level: 1 }), venue.name);
    expect(await owner.page.getByRole("radio", { name: "Moderate" }).getAttribute("aria-checked")).toBe("true");
    expect(await owner.page.getByRole("radio", { name: "Quiet" }).getAttribute("aria-checked")).toBe("true");
    expect(await owner.page.getByRole("button", { name: "Chill", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await owner.page.getByRole("radio", { name: "Full" }).click();
    await owner.page.getByRole("radio", { name: "Loud" }).click();
    for (const v of ["Energetic", "Loud", "Romantic"])
      await owner.page.getByRole("button", { name: v, exact: true }).click();
    expect(await owner.page.getByRole("button", { name: "Romantic", exact: true }).getAttribute("aria-pressed")).toBe(
      "false",
    );
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

  it("someone without a venue sees 'No business venue found'", async () => {
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP);
    await signUpIn(context, app.server.url, uniqueEmail("nobiz"));
    await page.goto("/business");
    await waitForCount(page.getByText("No business venue found"), 1, { timeout: 10_000 });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("No venue");
    await context.close();
  });
});
