import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { GUEST_TEXT } from "@client/features/profile/texts";
import { LANDING_TEXT } from "@client/features/landing/texts";
import type { Venue } from "@shared/contracts/venues";
import { DESKTOP, PHONE, findChromium, newPage, shot, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForCount, waitForText } from "../helpers/wait";

// Issue 17, "Accounts": a guest becomes a member from Profile and keeps what they did; logging
// out as a guest warns first.
describe.skipIf(!findChromium())("guests who join", () => {
  const app = useAppInBrowser();
  const shell = (page: Page) => page.getByRole("navigation", { name: "Main" }).first();
  const startGuest = async (viewport: { width: number; height: number }) => {
    const opened = await newPage(app.browser, app.server.url, viewport);
    await opened.page.goto("/");
    await opened.page.getByRole("button", { name: "Continue as Guest" }).first().click();
    await shell(opened.page).waitFor();
    return opened;
  };

  it("a guest creates an account from Profile and keeps their saved place", async () => {
    const { page, context, problems } = await startGuest(PHONE);
    const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;
    const [venue] = (await (
      await page.request.get(`${app.server.url}/api/venues/nearby?${here}&radius=5&limit=1`)
    ).json()) as Venue[];
    expect((await page.request.post(`${app.server.url}/api/favorites/${venue!.id}`)).status()).toBe(200);

    await page.goto("/profile");
    await page.getByRole("heading", { name: GUEST_TEXT.upgradeTitle }).waitFor();
    await shot(page, "guest-upgrade-card-phone");
    await page.getByRole("button", { name: GUEST_TEXT.upgradeButton }).click();
    const dialog = page.getByRole("dialog", { name: GUEST_TEXT.upgradeButton });
    const email = uniqueEmail("upgrade");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill("a good password");
    await dialog.getByLabel("First name (optional)").fill("Riley");
    await shot(page, "guest-upgrade-form-phone");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await waitForCount(dialog, 0, { timeout: 15_000 });
    await waitForAtLeast(page.getByText(email), 1, { timeout: 10_000 });
    expect(await page.getByRole("heading", { name: GUEST_TEXT.upgradeTitle }).count()).toBe(0);
    await shot(page, "guest-upgrade-done-phone");

    const me = await (await page.request.get(`${app.server.url}/api/auth/me`)).json();
    expect(me).toMatchObject({ isGuest: false, email });
    const saved = (await (await page.request.get(`${app.server.url}/api/favorites`)).json()) as Venue[];
    expect(saved.map((v) => v.id)).toEqual([venue!.id]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Log Out as a guest warns that the guest's data will be lost (Profile and sidebar)", async () => {
    const { page, context, problems } = await startGuest(DESKTOP);
    // the sidebar's Log Out asks, and Create Account leads to Profile's card
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Log Out" }).click();
    const warning = page.getByRole("dialog", { name: GUEST_TEXT.logOutTitle });
    await warning.waitFor();
    await shot(page, "guest-log-out-warning");
    await warning.getByRole("button", { name: GUEST_TEXT.upgradeButton }).click();
    await page.waitForURL(`${app.server.url}/profile`);
    await page.getByRole("heading", { name: GUEST_TEXT.upgradeTitle }).waitFor();

    // Profile's Log Out asks too; Log Out Anyway leaves
    await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
    await warning.waitFor();
    await warning.getByRole("button", { name: GUEST_TEXT.logOutAnyway }).click();
    await waitForText(page.getByRole("heading", { level: 1 }).first(), LANDING_TEXT.headline, { timeout: 15_000 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
