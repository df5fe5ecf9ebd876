import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANDING_TEXT } from "@client/features/landing/texts";
import { TEXT } from "@shared/vocabulary";
import { DESKTOP, findChromium, newPage, shot, signUpIn } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { useAppInBrowser } from "../helpers/browser";
import { waitForCount } from "../helpers/wait";

// Issue 17, "Accounts": a link into the app opened signed out shows the landing page with its ways in
// and, after the person gets in, opens the page the link was for; /login signed in goes Home.
describe.skipIf(!findChromium())("deep links and /login", () => {
  const app = useAppInBrowser();
  const open = async (path: string) => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP);
    await page.goto(path);
    return { page, context, problems };
  };
  const signedInShell = (page: Page) => page.getByRole("navigation", { name: "Main" }).first();
  const landingHeadline = (page: Page) => page.getByRole("heading", { level: 1, name: LANDING_TEXT.headline });

  it("a signed-out link to /feed shows the landing page, and the guest who starts lands on the feed", async () => {
    const { page, context, problems } = await open("/feed");
    await landingHeadline(page).waitFor();
    expect(await page.getByRole("heading", { name: TEXT.notFoundTitle }).count()).toBe(0);
    await shot(page, "deep-link-feed-signed-out");
    await page.getByRole("button", { name: "Continue as Guest" }).first().click();
    await signedInShell(page).waitFor();
    await page.waitForURL(`${app.server.url}/feed`);
    await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor();
    await shot(page, "deep-link-feed-after-guest");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a signed-out link to /saved survives the email sign-in step", async () => {
    const email = uniqueEmail("deeplink");
    const { context: other } = await newPage(app.browser, app.server.url);
    await signUpIn(other, app.server.url, email, "Robin");
    await other.close();

    const { page, context, problems } = await open("/saved");
    await landingHeadline(page).waitFor();
    await page.getByRole("button", { name: "Sign In" }).first().click();
    await page.getByRole("button", { name: "Email", exact: true }).click();
    // (the spec's "Email goes to /login": straight to its email sign-in form, not its first step again)
    await page.waitForURL(`${app.server.url}/login?step=email-login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${app.server.url}/saved`);
    await signedInShell(page).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("/login while signed in goes Home instead of the 404 card; unknown pages stay 404", async () => {
    const { page, context, problems } = await open("/");
    await page.getByRole("button", { name: "Continue as Guest" }).first().click();
    await signedInShell(page).waitFor();
    await page.goto("/login");
    await page.waitForURL(`${app.server.url}/`);
    await signedInShell(page).waitFor();
    expect(await page.getByRole("heading", { name: TEXT.notFoundTitle }).count()).toBe(0);

    const signedOut = await open("/no/such/page");
    await waitForCount(signedOut.page.getByRole("heading", { name: TEXT.notFoundTitle }), 1);
    await signedOut.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});
