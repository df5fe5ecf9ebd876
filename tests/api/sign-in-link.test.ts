import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, TEXT } from "@shared/vocabulary";
import { EMAIL_TOKENS_PER_HOUR } from "../../src/server/auth/email-tokens";
import { LOGIN_LIMITS } from "../../src/server/auth/login-limit";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { startSmtpInbox, tokenOf, type SmtpInbox } from "../helpers/smtp";
import { dbTargets } from "../helpers/targets";

let lastAddress = 0;
/** A loopback address no other test here has used (127.0.3.x …): to the server, another client. */
const newAddress = () => `127.0.${3 + Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 2}`;

/**
 * Issue 27, MEDIUM 3: a per-account ceiling on password guessing from any number of addresses, and
 * the owner's way in that guessing cannot block: a one-time sign-in link by mail (docs/sign-in.md,
 * "Failed sign-ins" and "Sign-in links"). Clients speak from different loopback addresses, as the
 * probe did (127.0.3.x); request limits are off (the test default), so only the database-backed
 * ceilings are at work, except where a test says otherwise.
 */
describe.each(dbTargets())("guessing from many addresses, and sign-in links, on %s", (target) => {
  let inbox: SmtpInbox;
  let server: TestServer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // behind a trusted proxy: the IPv6 test speaks through X-Forwarded-For; the others connect
    // from loopback addresses of their own (no header: the socket's address)
    server = await startServer(
      target,
      {},
      { SMTP_URL: inbox.url, PUBLIC_URL: "http://vibe.example", TRUST_PROXY: "1" },
    );
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  const from = (address = newAddress()) => Agent.fromAddress(server.url, address);
  const login = (a: Agent, email: string, password: string, headers?: Record<string, string>) =>
    a.post("/auth/email/login", { email, password }, headers);
  const SUBJECT = "Your VIBE sign-in link";
  /** Asks for a sign-in link for `email` and answers the link the inbox received. */
  const askLink = async (email: string, a = from()) => {
    const res = await a.post("/auth/email/sign-in-link", { email });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.signInLinkSent(email) });
    const seen = inbox.to(email).length;
    const mail = await inbox.next(
      (m) => m.to.includes(email) && m.subject === SUBJECT && inbox.to(email).length > seen,
    );
    const link = mail.links.find((l) => l.startsWith("http://vibe.example/sign-in-link#token="));
    expect(link, mail.text).toBeTruthy();
    return link!;
  };
  const followLink = (link: string, a = from()) => a.post("/auth/email/sign-in-link/use", { token: tokenOf(link) });

  it("300 guesses from 60 addresses are slowed to a stop; the owner still gets in with a mailed link", async () => {
    const owner = await signUp(new Agent(server.url));
    const statuses: number[] = [];
    // 60 addresses, 5 guesses each: under each (account, address) pair's own ceiling of 5
    for (let i = 0; i < 60; i++) {
      const attacker = from();
      for (let g = 0; g < 5; g++) statuses.push((await login(attacker, owner.email, `guess ${i}-${g}`)).status);
    }
    // before: 300 answers 401, and the right password went through at guess 300
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.accountFreeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - LOGIN_LIMITS.accountFreeFailures);
    expect(statuses.slice(0, LOGIN_LIMITS.accountFreeFailures).every((s) => s === 401)).toBe(true);
    // the right password, from a new address, waits too (it is not told it was right)
    const held = await login(from(), owner.email, owner.password);
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ message: TEXT.tooManyLoginsAccount });
    const wait = Number(held.headers.get("retry-after"));
    // (a minute from the last failure let through, less the time the refused guesses took)
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.firstDelaySeconds);
    // the owner asks for a sign-in link and follows it: signed in, whatever the guessing
    const phone = from();
    const link = await askLink(owner.email, phone);
    const used = await followLink(link, phone);
    expect(used.status, used.text).toBe(200);
    expect(used.body).toMatchObject({ id: owner.id, email: owner.email });
    expect((await phone.get("/api/auth/me")).body.id).toBe(owner.id);
    // guessing stays slowed after the owner's link (the link changes no password)
    expect((await login(from(), owner.email, "one more guess")).status).toBe(429);
  });

  it("the account's wait grows with each failure let through, from any address", async () => {
    const owner = await signUp(new Agent(server.url));
    for (let i = 0; i < LOGIN_LIMITS.accountFreeFailures; i++)
      expect((await login(from(), owner.email, `guess ${i}`)).status).toBe(401);
    for (const wait of [60, 120, 240]) {
      const held = await login(from(), owner.email, "again");
      expect(held.status).toBe(429);
      expect(Math.abs(Number(held.headers.get("retry-after")) - wait)).toBeLessThanOrEqual(5);
      await server.db.query(
        "UPDATE auth_failures SET created_at = created_at - make_interval(secs => $2) WHERE email = $1",
        [owner.email, wait + 1],
      );
      // waited out: one more try, from yet another address, which fails and doubles the wait
      expect((await login(from(), owner.email, "again")).status).toBe(401);
    }
    // and the right password is taken once the wait is over
    await server.db.query(
      "UPDATE auth_failures SET created_at = created_at - interval '481 seconds' WHERE email = $1",
      [owner.email],
    );
    expect((await login(from(), owner.email, owner.password)).status).toBe(200);
  });

  it("guesses sent all at once are taken one at a time: one gets through a wait that ended, not thirty", async () => {
    const owner = await signUp(new Agent(server.url));
    await server.db.query(
      "INSERT INTO auth_failures (email, address, created_at) " +
        "SELECT $1, '192.0.2.' || g, now() - interval '2 minutes' FROM generate_series(1, $2::int) g",
      [owner.email, LOGIN_LIMITS.accountFreeFailures],
    );
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => (await login(from(), owner.email, `burst ${i}`)).status),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(29);
  });

  it("counts an IPv6 /64 as one address", async () => {
    const owner = await signUp(new Agent(server.url));
    const v6 = (host: string) => ({ "x-forwarded-for": host });
    const a = new Agent(server.url);
    for (let i = 1; i <= LOGIN_LIMITS.freeFailures; i++)
      expect((await login(a, owner.email, "wrong", v6(`2001:db8:27:64::${i}`))).status).toBe(401);
    // another address of the same /64 waits with them; the next /64 does not
    expect((await login(a, owner.email, owner.password, v6("2001:db8:27:64:ffff:1:2:3"))).status).toBe(429);
    expect((await login(a, owner.email, owner.password, v6("2001:db8:27:65::1"))).status).toBe(200);
  });

  it("a sign-in link works once, for 15 minutes, and only from its page's post", async () => {
    const owner = await signUp(new Agent(server.url));
    const link = await askLink(owner.email);
    // the token is in the fragment: opening the page sends nothing and spends nothing
    expect(new URL(link).search).toBe("");
    expect((await fetch(`${server.url}${new URL(link).pathname}`)).status).toBe(200);
    const first = from();
    expect((await followLink(link, first)).status).toBe(200);
    const again = await followLink(link);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: ACCOUNT_MESSAGES.signInLinkUsed, reason: "used" });
    expect((await first.get("/api/auth/me")).body.id).toBe(owner.id);

    const late = await askLink(owner.email);
    await server.db.query(
      "UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'signin' " +
        "AND used_at IS NULL",
      [owner.id],
    );
    const expired = await followLink(late);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: ACCOUNT_MESSAGES.signInLinkExpired, reason: "expired" });
    const [row] = await server.db.query<{ minutes: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM email_tokens " +
        "WHERE user_id = $1 AND purpose = 'signin' ORDER BY created_at LIMIT 1",
      [owner.id],
    );
    expect(row.minutes).toBe(15);
    // stored as a hash: the token itself is in no row
    const stored = await server.db.query<{ token_hash: string }>(
      "SELECT token_hash FROM email_tokens WHERE user_id = $1",
      [owner.id],
    );
    expect(stored.some((r) => r.token_hash === tokenOf(link))).toBe(false);
    // a forged token
    const forged = await from().post("/auth/email/sign-in-link/use", { token: "A".repeat(43) });
    expect(forged.status).toBe(400);
    expect(forged.body.reason).toBe("invalid");
  });

  it("at most a few links an hour per account; the same answer, and no mail, for an address without one", async () => {
    const owner = await signUp(new Agent(server.url));
    for (let i = 0; i < EMAIL_TOKENS_PER_HOUR + 2; i++)
      expect((await from().post("/auth/email/sign-in-link", { email: owner.email })).status).toBe(202);
    await server.ctx.quiet();
    expect(inbox.to(owner.email).filter((m) => m.subject === SUBJECT)).toHaveLength(EMAIL_TOKENS_PER_HOUR);
    const nobody = uniqueEmail("nobody");
    const res = await from().post("/auth/email/sign-in-link", { email: nobody });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.signInLinkSent(nobody) });
    await server.ctx.quiet();
    expect(inbox.to(nobody)).toEqual([]);
    expect((await from().post("/auth/email/sign-in-link", { email: "not an address" })).status).toBe(400);
  });

  it("a sign-in link on an account whose address was only typed hands it over (pre-hijacking)", async () => {
    const victim = uniqueEmail("victim");
    // the attacker signs up first with the victim's address, and keeps the session
    const attacker = new Agent(server.url);
    await signUp(attacker, { email: victim, password: "attackers-password" });
    // the victim asks for a sign-in link and follows it on their own device
    const link = await askLink(victim);
    const phone = from();
    const used = await followLink(link, phone);
    expect(used.status).toBe(200);
    expect(used.body.emailVerified).toBe(true);
    // the attacker's session ended and their password no longer signs in
    expect((await attacker.get("/api/auth/me")).status).toBe(401);
    expect((await login(from(), victim, "attackers-password")).status).toBe(401);
    expect((await phone.get("/api/auth/me")).body.email).toBe(victim);
  });
});
