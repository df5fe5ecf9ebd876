import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANDING_TEXT } from "@client/features/landing/texts";
import { OAUTH_ERROR_TEXT, TEXT } from "@shared/vocabulary";
import { DESKTOP, PHONE, findChromium, newPage, useAppInBrowser, shot } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForCount, waitForText } from "../helpers/wait";

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)("foundation in the browser", () => {
  const app = useAppInBrowser();

  const open = async (path: string, viewport: { width: number; height: number } = DESKTOP) => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, viewport);
    await page.goto(path);
    return { page, context, problems };
  };
  const signedInShell = (page: Page) => page.getByRole("navigation", { name: "Main" }).first();

  it("shows the landing page with every section, and no CSP violations", async () => {
    const { page, context, problems } = await open("/");
    await waitForText(page.getByRole("heading", { level: 1 }), LANDING_TEXT.headline);
    await waitForCount(page.getByText(LANDING_TEXT.featuresTitle), 1);
    for (const title of [...LANDING_TEXT.features, ...LANDING_TEXT.steps, LANDING_TEXT.ctaTitle]) {
      expect(await page.getByText(title).count(), title).toBeGreaterThan(0);
    }
    expect(await page.getByRole("link", { name: "Terms of Service" }).count()).toBeGreaterThan(0);
    expect(await page.getByText(/DataSF/).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Sign Up" }).click();
    for (const name of ["Google", "Apple", "X", "Email", "Back"]) {
      expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(1);
    }
    await shot(page, "landing-signup-chooser", { fullPage: true });
    await page.getByRole("button", { name: "Back" }).click();
    await waitForCount(page.getByRole("button", { name: "Sign In" }), 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Google on the chooser leads to the server's clear 'not configured' page", async () => {
    const { page, context } = await open("/");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Google", exact: true }).click();
    await page.waitForURL(/\/auth\/google$/);
    expect(await page.getByRole("heading").textContent()).toMatch(/Google sign-in is not configured/);
    await context.close();
  });

  it("a social sign-in that came back with an error says why on /login, once", async () => {
    const { page, context, problems } = await open("/login?error=denied&provider=apple");
    const alert = page.getByRole("alert").filter({ hasText: "Apple sign-in was cancelled" });
    await waitForCount(alert, 1);
    expect(await alert.textContent()).toBe(OAUTH_ERROR_TEXT.denied.replace("{provider}", "Apple"));
    expect(new URL(page.url()).search).toBe("");
    // the chooser still leads to the providers
    await page.getByRole("button", { name: "Sign In" }).click();
    expect(await page.getByRole("button", { name: "Apple", exact: true }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("signs up with email, validates, lands in the shell, logs out, signs back in", async () => {
    const { page, context, problems } = await open("/login");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("button", { name: "Email", exact: true }).click();
    // client-side validation with the spec's messages
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: /create account|sign up/i }).click();
    await waitForCount(page.getByText(TEXT.invalidEmail), 1);
    expect(await page.getByText(TEXT.passwordMin).count()).toBe(1);
    await shot(page, "signup-validation");

    const email = uniqueEmail("e2e");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a good password");
    await page.getByLabel(/First name/).fill("Robin");
    await page.getByRole("button", { name: /create account|sign up/i }).click();
    await page.waitForURL(app.server.url + "/");
    await signedInShell(page).waitFor();
    await waitForAtLeast(page.getByText("Robin"), 1);
    await shot(page, "home-desktop");

    // every navigation entry works and the page scrolls to the top
    for (const [name, path] of [
      ["Feed", "/feed"],
      ["Explore", "/explore"],
      ["Saved", "/saved"],
      ["Friends", "/friends"],
      ["Profile", "/profile"],
      ["Home", "/"],
    ]) {
      await signedInShell(page).getByRole("link", { name, exact: true }).click();
      await page.waitForURL(app.server.url + path);
    }
    await page.goto("/business");
    await waitForAtLeast(page.getByText(/Business Dashboard/), 1);

    // log out from the profile page
    await page.goto("/profile");
    await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(app.server.url + "/");
    await waitForText(page.getByRole("heading", { level: 1 }), LANDING_TEXT.headline);

    // wrong password: toast with the server's message
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Email", exact: true }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    // (Radix also announces a toast in a screen-reader-only live region, so the text may appear twice)
    await waitForAtLeast(page.getByText("Login Failed"), 1);
    expect(await page.getByText(TEXT.invalidCredentials).count()).toBeGreaterThan(0);
    await shot(page, "login-failed-toast");

    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(app.server.url + "/");
    await signedInShell(page).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("continues as a guest from the landing page", async () => {
    const { page, context, problems } = await open("/");
    await page.getByRole("button", { name: "Continue as Guest" }).click();
    await signedInShell(page).waitFor();
    await waitForAtLeast(page.getByText("Guest"), 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the 404 card signed out and signed in", async () => {
    const { page, context } = await open("/no/such/page");
    await waitForCount(page.getByRole("heading", { name: TEXT.notFoundTitle }), 1);
    expect(await page.getByText(TEXT.notFoundBody).count()).toBe(1);
    await page.goto("/");
    await page.getByRole("button", { name: "Continue as Guest" }).click();
    await signedInShell(page).waitFor();
    await page.goto("/no/such/page");
    await waitForCount(page.getByRole("heading", { name: TEXT.notFoundTitle }), 1);
    await shot(page, "not-found-signed-in");
    await context.close();
  });

  it("reloads the tab once when a page's chunk is gone after a new deployment, then shows the page", async () => {
    const { page, context, problems } = await open("/");
    await page.getByRole("button", { name: "Continue as Guest" }).click();
    await signedInShell(page).waitFor();
    // the servers now run a newer build: the chunk this tab knows answers 404, once
    let asked = 0;
    await page.route(/\/assets\/explore-page-[\w-]+\.js$/, (route) => {
      asked += 1;
      return asked === 1
        ? route.fulfill({
            status: 404,
            contentType: "application/json",
            body: JSON.stringify({ message: TEXT.notFound }),
          })
        : route.continue();
    });
    let loads = 0;
    page.on("load", () => (loads += 1));
    await page.locator("nav[aria-label='Main']:visible").getByRole("link", { name: "Explore" }).click();
    await waitForCount(page.getByRole("heading", { name: "Total Venues" }), 1, { timeout: 15_000 });
    expect(asked).toBe(2);
    expect(loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/explore");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("uses a bottom bar on a phone, with no sideways scrolling", async () => {
    const { page, context, problems } = await open("/", PHONE);
    await shot(page, "landing-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole("button", { name: "Continue as Guest" }).click();
    const bar = signedInShell(page);
    await bar.waitFor();
    const box = await page.locator("nav[aria-label='Main']:visible").last().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeGreaterThan(PHONE.height - 5); // pinned to the bottom
    expect(
      await page
        .getByRole("complementary", { name: "Sidebar" })
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.locator("nav[aria-label='Main']:visible").getByRole("link", { name: "Friends" }).click();
    await page.waitForURL(app.server.url + "/friends");
    await shot(page, "friends-phone");
    expect(problems).toEqual([]);
    await context.close();
  });
});
