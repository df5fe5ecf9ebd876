import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { TEXT } from "@shared/vocabulary";
import { userSchema } from "@shared/contracts/auth";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { startSmtpInbox, tokenOf, type ReceivedMail, type SmtpInbox } from "../helpers/smtp";
import { dbTargets } from "../helpers/targets";

const PUBLIC_URL = "http://vibe.example";
const SUBJECT = {
  verify: "Verify your email for VIBE",
  reset: "Reset your VIBE password",
  signupAttempt: "Someone tried to sign up to VIBE with your email",
  failedLogins: "Failed sign-in attempts on your VIBE account",
};

/**
 * A JSON POST with the headers a client chooses, Host included (fetch never sends a Host of its
 * own choosing), from `localAddress` (another loopback address is another client).
 */
function sendWithHost(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  localAddress = "127.0.0.1",
): Promise<{ status: number; text: string }> {
  const url = new URL(path, base);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

// Email verification and password reset over real SMTP: the app sends to an SMTP server on
// loopback (smtp-server), and each test follows the link in the message it received, as its owner
// would: the link's page posts the token from the link's fragment, which is what the test does.
describe.each(dbTargets())("account mail over SMTP on %s", (target) => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let agent: Agent;
  const admin = uniqueEmail("admin");

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer(
      target,
      {},
      { SMTP_URL: inbox.url, MAIL_FROM: "VIBE <no-reply@vibe.example>", PUBLIC_URL, ADMIN_EMAILS: admin },
    );
    agent = new Agent(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  const mailTo = (email: string, subject: string) =>
    inbox.next((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
  const linkIn = (mail: ReceivedMail, page: string) => {
    const link = mail.links.find((l) => l.startsWith(PUBLIC_URL + page + "#token="));
    if (!link) throw new Error(`no ${page} link in: ${mail.text}`);
    return link;
  };
  const services = (a: Agent) => a.get("/api/admin/services").then((r) => r.status);

  describe("verification", () => {
    it("sign-up mails a link from MAIL_FROM; following it proves the address, then ADMIN_EMAILS applies", async () => {
      const a = agent.fresh();
      const user = await signUp(a, { email: admin });
      expect(user).toMatchObject({ emailVerified: false, role: "user" });
      expect(await services(a)).toBe(403);

      const mail = await mailTo(admin, SUBJECT.verify);
      expect(mail.from).toBe("no-reply@vibe.example");
      expect(mail.html).toContain("Verify my email");
      const link = linkIn(mail, "/verify-email");
      // the link's page, in the account's own session, asks what it will do, then posts the token on a click
      const preview = await a.post("/auth/email/verify/preview", { token: tokenOf(link) });
      expect(preview.body).toEqual({ email: admin, needsPassword: false });
      const res = await a.post("/auth/email/verify", { token: tokenOf(link) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: ACCOUNT_TEXT.verified, email: admin, claimed: false });
      await server.ctx.changes.settle();
      expect(userSchema.parse((await a.get("/api/auth/me")).body)).toMatchObject({
        emailVerified: true,
        role: "admin",
      });
      expect(await services(a)).toBe(200);

      // a link works once
      const again = await agent.fresh().post("/auth/email/verify", { token: tokenOf(link) });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: ACCOUNT_TEXT.verifyUsed, reason: "used" });
      expect((await a.post("/auth/email/verify/preview", { token: tokenOf(link) })).body.reason).toBe("used");
    });

    it("from another browser the link hands the account over: the preview says so, it needs a password", async () => {
      const laptop = agent.fresh();
      const user = await signUp(laptop);
      const phone = agent.fresh();
      expect((await phone.post("/auth/email/login", { email: user.email, password: user.password })).status).toBe(200);
      const token = tokenOf(linkIn(await mailTo(user.email, SUBJECT.verify), "/verify-email"));
      // opening the page changes nothing, however often
      const other = agent.fresh();
      for (let i = 0; i < 2; i++)
        expect((await other.post("/auth/email/verify/preview", { token })).body).toEqual({
          email: user.email,
          needsPassword: true,
        });
      // a click without a password is refused and spends nothing
      const bare = await other.post("/auth/email/verify", { token });
      expect(bare.status).toBe(400);
      expect(bare.body.message).toBe(ACCOUNT_TEXT.verifyNeedsPassword);
      expect((await laptop.get("/api/auth/me")).body.emailVerified).toBe(false);
      const res = await other.post("/auth/email/verify", { token, password: "chosen on the phone" });
      expect(res.body).toEqual({ message: ACCOUNT_TEXT.verified, email: user.email, claimed: true });
      await server.ctx.changes.settle();
      // every session from before ends (the owner's too: signing in again on the laptop is the price of
      // proving elsewhere), the old password stops working, and this browser is signed in
      expect((await laptop.get("/api/auth/me")).status).toBe(401);
      expect((await phone.get("/api/auth/me")).status).toBe(401);
      expect((await other.get("/api/auth/me")).body).toMatchObject({ id: user.id, emailVerified: true });
      expect(
        (await agent.fresh().post("/auth/email/login", { email: user.email, password: user.password })).status,
      ).toBe(401);
      expect(
        (await agent.fresh().post("/auth/email/login", { email: user.email, password: "chosen on the phone" })).status,
      ).toBe(200);
    });

    it("an expired, unknown or malformed link is refused with 400 saying why, proving nothing", async () => {
      const a = agent.fresh();
      const user = await signUp(a);
      const token = tokenOf(linkIn(await mailTo(user.email, SUBJECT.verify), "/verify-email"));
      await server.db.query("UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
        user.id,
      ]);
      const expired = await a.post("/auth/email/verify", { token });
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({ message: ACCOUNT_TEXT.verifyExpired, reason: "expired" });
      const unknown = await a.post("/auth/email/verify", { token: "x".repeat(43) });
      expect(unknown.body).toEqual({ message: ACCOUNT_TEXT.linkInvalid, reason: "invalid" });
      for (const bad of [{}, { token: "short" }, { token: 42 }, { token: token + "=" }]) {
        const res = await a.post("/auth/email/verify", bad);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(ACCOUNT_TEXT.linkInvalid);
      }
      expect((await a.get("/api/auth/me")).body.emailVerified).toBe(false);
    });

    it("keeps only a keyed hash of each token, and a verification link lasts 24 hours", async () => {
      const user = await signUp(agent.fresh());
      const token = tokenOf(linkIn(await mailTo(user.email, SUBJECT.verify), "/verify-email"));
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      const rows = await server.db.query<{ token_hash: string; email: string; hours: number }>(
        "SELECT token_hash, email, extract(epoch FROM expires_at - created_at)::float8 / 3600 AS hours " +
          "FROM email_tokens WHERE user_id = $1",
        [user.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).not.toContain(token);
      expect(rows[0]).toMatchObject({ email: user.email, hours: 24 });
    });

    it("Profile's resend: a new link each time, three an hour at most; none for a proven address", async () => {
      const a = agent.fresh();
      const user = await signUp(a);
      await mailTo(user.email, SUBJECT.verify);
      for (let i = 0; i < 2; i++) {
        const res = await a.post("/api/auth/verification-email");
        expect(res.status).toBe(202);
        expect(res.body).toEqual({ message: ACCOUNT_TEXT.resent(user.email) });
      }
      await server.ctx.quiet();
      await expect.poll(() => inbox.to(user.email).filter((m) => m.subject === SUBJECT.verify).length).toBe(3);
      const tooMany = await a.post("/api/auth/verification-email");
      expect(tooMany.status).toBe(429);
      expect(tooMany.body).toEqual({ message: ACCOUNT_TEXT.tooManyLinks });
      // the newest link works and spends the older ones
      const links = inbox.to(user.email).map((m) => tokenOf(linkIn(m, "/verify-email")));
      expect(new Set(links).size).toBe(3);
      expect((await a.post("/auth/email/verify", { token: links[2] })).status).toBe(200);
      expect((await a.post("/auth/email/verify", { token: links[0] })).body.reason).toBe("used");
      const proven = await a.post("/api/auth/verification-email");
      expect(proven.status).toBe(409);
      expect(proven.body).toEqual({ message: ACCOUNT_TEXT.alreadyVerified });
      // a guest has no address to verify
      const guest = agent.fresh();
      await guest.post("/api/auth/dev-login");
      expect((await guest.post("/api/auth/verification-email")).body).toEqual({
        message: ACCOUNT_TEXT.noEmailToVerify,
      });
    });
  });

  describe("password reset", () => {
    it("answers the same for an address with or without an account, and mails only an account", async () => {
      const user = await signUp(agent.fresh());
      const nobody = uniqueEmail("nobody");
      const known = await agent.fresh().post("/auth/email/forgot-password", { email: user.email.toUpperCase() });
      const unknown = await agent.fresh().post("/auth/email/forgot-password", { email: nobody });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(known.body).toEqual({ message: ACCOUNT_TEXT.forgotSent(user.email) });
      expect(unknown.body).toEqual({ message: ACCOUNT_TEXT.forgotSent(nobody) });
      expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
      await mailTo(user.email, SUBJECT.reset);
      await server.ctx.quiet();
      expect(inbox.to(nobody)).toEqual([]);
    });

    it("a reset link sets the password once, ends other sessions, signs this browser in, lasts an hour", async () => {
      const laptop = agent.fresh();
      const user = await signUp(laptop);
      const phone = agent.fresh();
      expect((await phone.post("/auth/email/login", { email: user.email, password: user.password })).status).toBe(200);
      expect((await agent.fresh().post("/auth/email/forgot-password", { email: user.email })).status).toBe(202);
      const link = linkIn(await mailTo(user.email, SUBJECT.reset), "/reset-password");
      const [row] = await server.db.query<{ minutes: number }>(
        "SELECT extract(epoch FROM expires_at - created_at)::float8 / 60 AS minutes " +
          "FROM email_tokens WHERE user_id = $1 AND purpose = 'reset'",
        [user.id],
      );
      expect(row.minutes).toBeLessThanOrEqual(60);

      // the page checks the password rule before anything is spent
      const browser = agent.fresh();
      const short = await browser.post("/auth/email/reset-password", { token: tokenOf(link), password: "short" });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe(TEXT.passwordMin);

      const res = await browser.post("/auth/email/reset-password", {
        token: tokenOf(link),
        password: "a brand new password",
      });
      expect(res.status).toBe(200);
      expect(userSchema.strict().parse(res.body)).toMatchObject({ id: user.id, emailVerified: true });
      expect((await browser.get("/api/auth/me")).body.id).toBe(user.id);
      await server.ctx.changes.settle();
      expect((await laptop.get("/api/auth/me")).status).toBe(401);
      expect((await phone.get("/api/auth/me")).status).toBe(401);
      expect(
        (await agent.fresh().post("/auth/email/login", { email: user.email, password: user.password })).status,
      ).toBe(401);
      expect(
        (await agent.fresh().post("/auth/email/login", { email: user.email, password: "a brand new password" })).status,
      ).toBe(200);

      const again = await agent.fresh().post("/auth/email/reset-password", {
        token: tokenOf(link),
        password: "an attacker's password",
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: ACCOUNT_TEXT.resetUsed, reason: "used" });
      expect((await agent.fresh().get("/api/auth/me")).status).toBe(401);
    });

    it("an expired link, or one older than a reset already made, sets nothing", async () => {
      const a = agent.fresh();
      const user = await signUp(a);
      await agent.fresh().post("/auth/email/forgot-password", { email: user.email });
      const first = tokenOf(linkIn(await mailTo(user.email, SUBJECT.reset), "/reset-password"));
      await server.db.query(
        "UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'reset'",
        [user.id],
      );
      const expired = await agent
        .fresh()
        .post("/auth/email/reset-password", { token: first, password: "new password 1" });
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({ message: ACCOUNT_TEXT.resetExpired, reason: "expired" });

      await agent.fresh().post("/auth/email/forgot-password", { email: user.email });
      await agent.fresh().post("/auth/email/forgot-password", { email: user.email });
      await server.ctx.quiet();
      await expect.poll(() => inbox.to(user.email).filter((m) => m.subject === SUBJECT.reset).length).toBe(3);
      const [, older, newer] = inbox.to(user.email).filter((m) => m.subject === SUBJECT.reset);
      expect(
        (
          await agent.fresh().post("/auth/email/reset-password", {
            token: tokenOf(linkIn(newer, "/reset-password")),
            password: "new password 2",
          })
        ).status,
      ).toBe(200);
      const stale = await agent.fresh().post("/auth/email/reset-password", {
        token: tokenOf(linkIn(older, "/reset-password")),
        password: "new password 3",
      });
      expect(stale.body.reason).toBe("used");
      expect(
        (await agent.fresh().post("/auth/email/login", { email: user.email, password: "new password 2" })).status,
      ).toBe(200);
      // the fourth request within the hour is answered the same, and mails nothing
      const fourth = await agent.fresh().post("/auth/email/forgot-password", { email: user.email });
      expect(fourth.status).toBe(202);
      await server.ctx.quiet();
      expect(inbox.to(user.email).filter((m) => m.subject === SUBJECT.reset)).toHaveLength(3);
    });
  });

  describe("sign-up with a taken address", () => {
    it("mails the owner instead (a sign-in link and a reset link that works), at most once an hour", async () => {
      const owner = agent.fresh();
      const user = await signUp(owner);
      const res = await agent.fresh().post("/auth/email/signup", { email: user.email, password: "someone else's" });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: ACCOUNT_TEXT.signupAccepted(user.email) });
      const mail = await mailTo(user.email, SUBJECT.signupAttempt);
      expect(mail.text).toContain("nothing was created and nothing changed");
      expect(mail.links).toContain(`${PUBLIC_URL}/login`);
      const reset = linkIn(mail, "/reset-password");
      const a = agent.fresh();
      expect(
        (await a.post("/auth/email/reset-password", { token: tokenOf(reset), password: "owner's new one" })).status,
      ).toBe(200);
      // the owner still signed in elsewhere is not, after the new password
      await server.ctx.changes.settle();
      expect((await owner.get("/api/auth/me")).status).toBe(401);

      await agent.fresh().post("/auth/email/signup", { email: user.email, password: "someone else's" });
      await server.ctx.quiet();
      expect(inbox.to(user.email).filter((m) => m.subject === SUBJECT.signupAttempt)).toHaveLength(1);
    });
  });
});

describe.each(dbTargets())("account mail without PUBLIC_URL on %s", (target) => {
  let inbox: SmtpInbox;
  let server: TestServer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // no PUBLIC_URL: links are built from HOST and the port the server listens on
    server = await startServer(target, {}, { SMTP_URL: inbox.url, HOST: "127.0.0.1" });
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  it("every mail's links point at HOST and PORT, whatever Host header the request sent", async () => {
    const forged = { host: "attacker.example", origin: "http://attacker.example" };
    const links = (mail: ReceivedMail) => mail.links;
    // verification, at sign-up
    const user = await signUp(new Agent(server.url));
    expect(links(await inbox.next((m) => m.to.includes(user.email) && m.subject === SUBJECT.verify))).toEqual([
      expect.stringMatching(new RegExp(`^${server.url}/verify-email#token=`)),
    ]);
    const other = uniqueEmail("forged");
    expect(
      (await sendWithHost(server.url, "/auth/email/signup", { email: other, password: "abcdefgh" }, forged)).status,
    ).toBe(202);
    // sign-up with a taken address, a reset link, failed sign-ins: each with a forged Host
    expect(
      (await sendWithHost(server.url, "/auth/email/signup", { email: user.email, password: "abcdefgh" }, forged))
        .status,
    ).toBe(202);
    expect((await sendWithHost(server.url, "/auth/email/forgot-password", { email: user.email }, forged)).status).toBe(
      202,
    );
    for (let i = 0; i < 10; i++) {
      const res = await sendWithHost(
        server.url,
        "/auth/email/login",
        { email: user.email, password: `wrong ${i}` },
        forged,
        `127.0.9.${(i % 5) + 1}`,
      );
      expect(res.status).toBe(401);
    }
    const mails = await Promise.all([
      inbox.next((m) => m.to.includes(other) && m.subject === SUBJECT.verify),
      inbox.next((m) => m.to.includes(user.email) && m.subject === SUBJECT.signupAttempt),
      inbox.next((m) => m.to.includes(user.email) && m.subject === SUBJECT.reset),
      inbox.next((m) => m.to.includes(user.email) && m.subject === SUBJECT.failedLogins),
    ]);
    for (const mail of mails) {
      expect(mail.links.length, mail.subject).toBeGreaterThan(0);
      for (const link of mail.links) expect(link.startsWith(`${server.url}/`), `${mail.subject}: ${link}`).toBe(true);
      expect(mail.text).not.toContain("attacker.example");
    }
    // and such a link opens the app's page there
    const link = mails[0].links[0];
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it("the admin services list says mail goes out through the SMTP server", async () => {
    const { createAdmin } = await import("../../src/server/auth/roles");
    const email = uniqueEmail("ops");
    await createAdmin(server.db, email, "correct horse battery");
    const a = new Agent(server.url);
    expect((await a.post("/auth/email/login", { email, password: "correct horse battery" })).status).toBe(200);
    const { services } = (await a.get("/api/admin/services")).body as {
      services: Array<{ name: string; available: boolean; detail: string }>;
    };
    expect(services.find((s) => s.name === "Mail")).toEqual({
      name: "Mail",
      available: true,
      detail: `SMTP server 127.0.0.1:${new URL(inbox.url).port} accepts mail from VIBE <no-reply@localhost>`,
    });
  });
});
