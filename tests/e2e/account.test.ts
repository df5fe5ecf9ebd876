import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { TEXT } from "@shared/vocabulary";
import { DESKTOP, findChromium, launchBrowser, newPage, shot, signUpIn } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from "../helpers/smtp";
import { waitForAtLeast, waitForCount } from "../helpers/wait";

const chromiumPath = findChromium();
// Home asks for the location; with it granted no "Location Error" toast takes the place of ours (one toast at a time)
const GPS = { latitude: 37.7749, longitude: -122.4194 };

// Forgot password, verification and signing out everywhere, as a person does them: the app sends
// real mail to an SMTP server on loopback, and the browser opens the link from the message.
describe.skipIf(!chromiumPath)("account mail in the browser", () => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    [server, browser] = await Promise.all([
      startServer("pglite", {}, { RATE_LIMIT_SCALE: "1", SMTP_URL: inbox.url }),
      launchBrowser(chromiumPath!),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await inbox?.close();
  });

  const open = async (path: string) => {
    const { page, context, problems } = await newPage(browser, server.url, DESKTOP, { geolocation: GPS });
    await page.goto(path);
    return { page, context, problems };
  };
  const signedInShell = (page: Page) => page.getByRole("navigation", { name: "Main" }).first();
  const linkIn = (mail: ReceivedMail, page: string) => mail.links.find((l) => l.includes(`${page}#token=`))!;

  it("forgot password: asks on the email sign-in step, mails a link, sets the new password and signs in", async () => {
    const email = uniqueEmail("forgot");
    const { context: first } = await newPage(browser, server.url);
    await signUpIn(first, server.url, email, "Morgan");
    const { page, context, problems } = await open("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Email", exact: true }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: ACCOUNT_TEXT.forgotLink }).click();
    // the address typed so far comes along
    await waitForCount(page.getByRole("heading", { name: ACCOUNT_TEXT.forgotTitle }), 1);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await shot(page, "forgot-password-step");
    await page.getByRole("button", { name: ACCOUNT_TEXT.forgotSubmit }).click();
    await waitForCount(page.getByText(ACCOUNT_TEXT.forgotSent(email)), 1);
    await shot(page, "forgot-password-sent");

    const mail = await inbox.next((m) => m.to.includes(email) && m.subject === "Reset your VIBE password");
    const link = linkIn(mail, "/reset-password");
    await page.goto(link);
    await waitForCount(page.getByRole("heading", { name: ACCOUNT_TEXT.resetTitle }), 1);
    // the token leaves the address bar once read
    expect(new URL(page.url()).hash).toBe("");
    await page.getByLabel(ACCOUNT_TEXT.newPassword).fill("short");
    await page.getByRole("button", { name: ACCOUNT_TEXT.resetSubmit }).click();
    await waitForCount(page.getByText(TEXT.passwordMin), 1);
    await shot(page, "reset-password-rule");
    await page.getByLabel(ACCOUNT_TEXT.newPassword).fill("my new password");
    await page.getByRole("button", { name: ACCOUNT_TEXT.resetSubmit }).click();
    await page.waitForURL(server.url + "/");
    await signedInShell(page).waitFor();
    await waitForAtLeast(page.getByText(ACCOUNT_TEXT.resetDone), 1);
    await shot(page, "reset-password-done");

    // the browser signed in before the reset is signed out; the new password signs in
    expect((await first.request.get(`${server.url}/api/auth/me`)).status()).toBe(401);
    const login = await first.request.post(`${server.url}/auth/email/login`, {
      data: { email, password: "my new password" },
    });
    expect(login.status()).toBe(200);

    // the same link again says, once tried, that it was used, and offers a new one on the spot
    const { page: again, context: other } = await open(link);
    await again.getByLabel(ACCOUNT_TEXT.newPassword).fill("an attacker's password");
    await again.getByRole("button", { name: ACCOUNT_TEXT.resetSubmit }).click();
    await waitForCount(again.getByText(ACCOUNT_TEXT.resetUsed), 1, { timeout: 5000 });
    await shot(again, "reset-password-used");
    await again.getByRole("button", { name: ACCOUNT_TEXT.requestNewLink }).click();
    await waitForCount(again.getByRole("heading", { name: ACCOUNT_TEXT.forgotTitle }), 1);
    expect(problems).toEqual([]);
    await Promise.all([context.close(), first.close(), other.close()]);
  });

  it("sign-up: a new address lands in the app, verifies by mail link; a taken one is told to check mail", async () => {
    const email = uniqueEmail("verify");
    const { page, context, problems } = await open("/login");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("button", { name: "Email", exact: true }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a good password");
    await page.getByRole("button", { name: /create account/i }).click();
    await page.waitForURL(server.url + "/");
    await signedInShell(page).waitFor();
    await waitForAtLeast(page.getByText(ACCOUNT_TEXT.welcomeBody(email)), 1);

    // Profile asks to verify, and can send a new link
    await page.goto("/profile");
    await waitForCount(page.getByRole("heading", { name: ACCOUNT_TEXT.unverifiedTitle }), 1);
    await shot(page, "profile-unverified");
    const mail = await inbox.next((m) => m.to.includes(email) && m.subject === "Verify your email for VIBE");
    await page.goto(linkIn(mail, "/verify-email"));
    await waitForCount(page.getByRole("heading", { name: ACCOUNT_TEXT.verified }), 1);
    await shot(page, "verify-email-done");
    await page.getByRole("button", { name: ACCOUNT_TEXT.continue }).click();
    await page.waitForURL(server.url + "/");
    await page.goto("/profile");
    await signedInShell(page).waitFor();
    expect(await page.getByRole("heading", { name: ACCOUNT_TEXT.unverifiedTitle }).count()).toBe(0);

    // the same address again, from another browser: no account, no sign-in, "check your email"
    const { page: second, context: secondContext } = await open("/login");
    await second.getByRole("button", { name: "Sign Up" }).click();
    await second.getByRole("button", { name: "Email", exact: true }).click();
    await second.getByLabel("Email").fill(email);
    await second.getByLabel("Password").fill("someone else's password");
    await second.getByRole("button", { name: /create account/i }).click();
    await waitForCount(second.getByRole("heading", { name: ACCOUNT_TEXT.checkEmailTitle }), 1);
    expect(await second.getByText(ACCOUNT_TEXT.checkEmailBody(email)).count()).toBe(1);
    await shot(second, "signup-check-email");
    expect(problems).toEqual([]);
    await Promise.all([context.close(), secondContext.close()]);
  });

  it("Sign Out Everywhere on Profile asks first, then ends this and every other session", async () => {
    const email = uniqueEmail("everywhere");
    const { page, context, problems } = await open("/");
    await signUpIn(context, server.url, email, "Sam");
    const { context: phone } = await newPage(browser, server.url);
    await phone.request.post(`${server.url}/auth/email/login`, { data: { email, password: "a good password" } });
    await page.goto("/profile");
    await page.getByRole("button", { name: ACCOUNT_TEXT.signOutEverywhere, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: ACCOUNT_TEXT.signOutEverywhereTitle });
    await dialog.waitFor();
    await shot(page, "sign-out-everywhere-dialog");
    // Cancel changes nothing
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await phone.request.get(`${server.url}/api/auth/me`)).status()).toBe(200);
    await page.getByRole("button", { name: ACCOUNT_TEXT.signOutEverywhere, exact: true }).click();
    await dialog.getByRole("button", { name: ACCOUNT_TEXT.signOutEverywhereConfirm, exact: true }).click();
    await waitForAtLeast(page.getByRole("button", { name: "Continue as Guest" }), 1, { timeout: 10_000 });
    expect((await phone.request.get(`${server.url}/api/auth/me`)).status()).toBe(401);
    expect((await context.request.get(`${server.url}/api/auth/me`)).status()).toBe(401);
    expect(problems).toEqual([]);
    await Promise.all([context.close(), phone.close()]);
  });
});
