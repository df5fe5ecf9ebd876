import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { TEXT } from "@shared/vocabulary";
import { DESKTOP, findChromium, launchBrowser, newPage, shot, signUpIn } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from "../helpers/smtp";
import { waitForAtLeast, waitForCount, waitForIdle } from "../helpers/wait";

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
    // the page acts on a click only (its own session: no password asked)
    await waitForCount(page.getByText(ACCOUNT_TEXT.verifyConfirmBody(email)), 1);
    await waitForIdle(page);
    expect((await (await context.request.get(`${server.url}/api/auth/me`)).json()).emailVerified).toBe(false);
    await shot(page, "verify-email-confirm");
    await page.getByRole("button", { name: ACCOUNT_TEXT.verifySubmit }).click();
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

  it("the verification page does nothing on load: it says what will happen and acts on a click", async () => {
    // someone signs up with the address first; its owner opens the link in a browser of their own
    const email = uniqueEmail("claim");
    const { context: typist } = await newPage(browser, server.url);
    await signUpIn(typist, server.url, email, "Typist");
    const mail = await inbox.next((m) => m.to.includes(email) && m.subject === "Verify your email for VIBE");
    const { page, context, problems } = await open(linkIn(mail, "/verify-email"));
    await waitForCount(page.getByLabel(ACCOUNT_TEXT.newPassword), 1);
    expect(await page.getByText(ACCOUNT_TEXT.verifyClaimBody(email)).count()).toBe(1);
    expect(new URL(page.url()).hash).toBe("");
    await shot(page, "verify-email-claim");
    // the page has loaded and settled: nothing was proven, nobody was signed out
    await waitForIdle(page);
    const [row] = await server.db.query<{ proven: boolean }>(
      "SELECT email_verified_at IS NOT NULL AS proven FROM users WHERE lower(email) = $1",
      [email],
    );
    expect(row).toEqual({ proven: false });
    expect((await typist.request.get(`${server.url}/api/auth/me`)).status()).toBe(200);
    expect((await context.request.get(`${server.url}/api/auth/me`)).status()).toBe(401);

    await page.getByLabel(ACCOUNT_TEXT.newPassword).fill("the owner's password");
    await page.getByRole("button", { name: ACCOUNT_TEXT.verifyClaimSubmit }).click();
    await waitForCount(page.getByRole("heading", { name: ACCOUNT_TEXT.verified }), 1);
    expect(await page.getByText(ACCOUNT_TEXT.verifiedClaimedBody(email)).count()).toBe(1);
    await shot(page, "verify-email-claimed");
    // the owner is signed in here; whoever typed the address is out, and so is their password
    expect((await context.request.get(`${server.url}/api/auth/me`)).status()).toBe(200);
    expect((await typist.request.get(`${server.url}/api/auth/me`)).status()).toBe(401);
    const login = await typist.request.post(`${server.url}/auth/email/login`, {
      data: { email, password: "a good password" },
    });
    expect(login.status()).toBe(401);
    expect(problems).toEqual([]);
    await Promise.all([context.close(), typist.close()]);
  });

  it("Email me a sign-in link: its page does nothing on load and signs in on a click", async () => {
    const email = uniqueEmail("signin-link");
    const { context: first } = await newPage(browser, server.url);
    await signUpIn(first, server.url, email, "Robin");
    const { page, context, problems } = await open("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Email", exact: true }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: ACCOUNT_TEXT.emailLinkButton }).click();
    await waitForCount(page.getByRole("heading", { name: ACCOUNT_TEXT.emailLinkTitle }), 1);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByRole("button", { name: ACCOUNT_TEXT.emailLinkSubmit }).click();
    await waitForCount(page.getByText(ACCOUNT_TEXT.signInLinkSent(email)), 1);
    await shot(page, "sign-in-link-sent");

    const mail = await inbox.next((m) => m.to.includes(email) && m.subject === "Your VIBE sign-in link");
    await page.goto(linkIn(mail, "/sign-in-link"));
    const button = page.getByRole("button", { name: ACCOUNT_TEXT.signInLinkSubmit });
    await waitForCount(button, 1);
    expect(new URL(page.url()).hash).toBe("");
    await waitForIdle(page);
    await shot(page, "sign-in-link-page");
    // the page has loaded and settled: the link is unspent and this browser is not signed in
    const [unspent] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM email_tokens t JOIN users u ON u.id = t.user_id " +
        "WHERE lower(u.email) = $1 AND t.purpose = 'signin' AND t.used_at IS NULL",
      [email],
    );
    expect(unspent.n).toBe(1);
    expect((await context.request.get(`${server.url}/api/auth/me`)).status()).toBe(401);
    await button.click();
    await page.waitForURL(server.url + "/");
    await signedInShell(page).waitFor();
    expect((await context.request.get(`${server.url}/api/auth/me`)).status()).toBe(200);
    expect(problems).toEqual([]);
    await Promise.all([context.close(), first.close()]);
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
