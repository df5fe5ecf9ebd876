import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "@shared/vocabulary";
import { LOGIN_LIMITS } from "../../src/server/auth/login-limit";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { startSmtpInbox, tokenOf, type SmtpInbox } from "../helpers/smtp";
import { dbTargets } from "../helpers/targets";

let lastAddress = 10;
/** A loopback address no other test here has used: to the server, another client. */
const newAddress = () => `127.0.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 2}`;

// Failed sign-ins count per (account, address) with a growing wait, never a lock of the account
// for everyone (issue 14, finding 5). The clients connect from different loopback addresses, so
// the server sees different client addresses without any proxy header. Request limits are off
// here (the test default): only the database-backed sign-in limit is at work.
describe.each(dbTargets())("failed sign-ins on %s", (target) => {
  let inbox: SmtpInbox;
  let server: TestServer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer(target, {}, { SMTP_URL: inbox.url, PUBLIC_URL: "http://vibe.example" });
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  const from = (address = newAddress()) => Agent.fromAddress(server.url, address);
  const login = (a: Agent, email: string, password: string) => a.post("/auth/email/login", { email, password });
  const fail = async (a: Agent, email: string, n: number) => {
    for (let i = 0; i < n; i++) expect((await login(a, email, `wrong password ${i}`)).status).toBe(401);
  };
  /** Moves the pair's failures `seconds` into the past, as if that much time went by. */
  const age = (email: string, address: string, seconds: number) =>
    server.db.query(
      "UPDATE auth_failures SET created_at = created_at - make_interval(secs => $3) WHERE email = $1 AND address = $2",
      [email, address, seconds],
    );

  it("five wrong passwords from one address do not keep the owner, elsewhere, from signing in", async () => {
    const user = await signUp(new Agent(server.url));
    const attackerAddress = newAddress();
    const attacker = from(attackerAddress);
    await fail(attacker, user.email, LOGIN_LIMITS.freeFailures);
    // the owner, from their own address, signs in at once (before: 429 for 15 minutes, for everyone)
    const owner = await login(from(), user.email.toUpperCase(), user.password);
    expect(owner.status).toBe(200);
    expect(owner.body.id).toBe(user.id);
    // the attacker's address waits, whatever password it sends
    const held = await login(attacker, user.email, user.password);
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ message: TEXT.tooManyLogins });
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(55);
    expect(Number(held.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("the wait doubles with each further failure of the pair (1, 2, 4 minutes … at most an hour)", async () => {
    const user = await signUp(new Agent(server.url));
    const address = newAddress();
    const a = from(address);
    await fail(a, user.email, LOGIN_LIMITS.freeFailures);
    for (const wait of [60, 120, 240, 480]) {
      const held = await login(a, user.email, "another guess");
      expect(held.status).toBe(429);
      expect(Math.abs(Number(held.headers.get("retry-after")) - wait)).toBeLessThanOrEqual(5);
      await age(user.email, address, wait + 1);
      // the wait is over: one more try, which fails and doubles it
      expect((await login(a, user.email, "another guess")).status).toBe(401);
    }
    await server.db.query("INSERT INTO auth_failures (email, address) SELECT $1, $2 FROM generate_series(1, 20)", [
      user.email,
      address,
    ]);
    expect(Number((await login(a, user.email, "x")).headers.get("retry-after"))).toBe(LOGIN_LIMITS.maxDelaySeconds);
    // once waited out, the right password works from there too, and the pair starts afresh
    await age(user.email, address, LOGIN_LIMITS.maxDelaySeconds + 1);
    expect((await login(a, user.email, user.password)).status).toBe(200);
    await fail(a, user.email, LOGIN_LIMITS.freeFailures);
  });

  it("a waiting address may still sign in to other accounts; a sign-in clears only its own pair", async () => {
    const [u1, u2] = [await signUp(new Agent(server.url)), await signUp(new Agent(server.url))];
    const shared = from();
    await fail(shared, u1.email, LOGIN_LIMITS.freeFailures);
    expect((await login(shared, u1.email, u1.password)).status).toBe(429);
    expect((await login(shared, u2.email, u2.password)).status).toBe(200);
    const elsewhere = from();
    await fail(elsewhere, u2.email, LOGIN_LIMITS.freeFailures - 1);
    expect((await login(elsewhere, u2.email, u2.password)).status).toBe(200);
    // the successful sign-in started that pair afresh: five more tries before a wait
    await fail(elsewhere, u2.email, LOGIN_LIMITS.freeFailures);
    expect((await login(elsewhere, u2.email, u2.password)).status).toBe(429);
  });

  it("one address failing across many accounts meets the per-address cap; other addresses do not", async () => {
    const user = await signUp(new Agent(server.url));
    const stuffer = from();
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++)
      expect((await login(stuffer, uniqueEmail("stuffed"), "password123")).status).toBe(401);
    const held = await login(stuffer, user.email, user.password);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(from(), user.email, user.password)).status).toBe(200);
  });

  it("mails the owner when the account sees many failures, once per window", async () => {
    const user = await signUp(new Agent(server.url));
    // from three addresses, none of which has to wait
    for (const n of [4, 4, 2]) await fail(from(), user.email, n);
    const mail = await inbox.next((m) => m.to.includes(user.email) && m.subject.startsWith("Failed sign-in attempts"));
    expect(mail.text).toContain(`There were ${LOGIN_LIMITS.alertFailures} failed attempts`);
    expect(mail.text).toContain("You can always sign in with a link we email you");
    expect(mail.links).toContain("http://vibe.example/login?step=email-link");
    expect(mail.links).toContain("http://vibe.example/login?step=forgot-password");
    await fail(from(), user.email, 3);
    await server.ctx.quiet();
    expect(inbox.to(user.email).filter((m) => m.subject === mail.subject)).toHaveLength(1);
    // nobody is mailed about an address without an account
    const nobody = uniqueEmail("nobody");
    for (const n of [4, 4, 4]) await fail(from(), nobody, n);
    await server.ctx.quiet();
    expect(inbox.to(nobody)).toEqual([]);
  });

  it("a password reset clears every pair of the account, and no other account's", async () => {
    const [user, other] = [await signUp(new Agent(server.url)), await signUp(new Agent(server.url))];
    const [a, b] = [from(), from()];
    await fail(a, user.email, LOGIN_LIMITS.freeFailures);
    await fail(b, user.email, LOGIN_LIMITS.freeFailures);
    await fail(a, other.email, LOGIN_LIMITS.freeFailures);
    for (const held of [a, b]) expect((await login(held, user.email, user.password)).status).toBe(429);
    // the owner follows a reset link from their mailbox and chooses a new password
    expect((await from().post("/auth/email/forgot-password", { email: user.email })).status).toBe(202);
    const mail = await inbox.next((m) => m.to.includes(user.email) && m.subject === "Reset your VIBE password");
    const link = mail.links.find((l) => l.startsWith("http://vibe.example/reset-password#token="))!;
    const password = "a new good password";
    expect((await from().post("/auth/email/reset-password", { token: tokenOf(link), password })).status).toBe(200);
    // neither address waits for this account any more: both sign in at once
    for (const freed of [a, b]) expect((await login(freed, user.email, password)).status).toBe(200);
    // the other account's pair is not the reset's to clear
    expect((await login(a, other.email, other.password)).status).toBe(429);
  });
});
