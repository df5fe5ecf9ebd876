import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { startSmtpInbox, tokenOf, type SmtpInbox } from "../helpers/smtp";
import { dbTargets } from "../helpers/targets";
import { makeAppleKey, startFakeProvider, type FakeProvider } from "../fakes/oidc-provider";
import { Browser, providerAccount, providerEnv } from "../helpers/oauth-browser";

/**
 * Pre-account hijacking (issue 27; Sudhodanan and Paverd, "Pre-hijacked accounts", USENIX
 * Security 2022): someone creates an account with another person's address before that person
 * does, and keeps a way in once the real owner arrives. One test per attack class that applies
 * here, each as the attacker would play it: the attacker signs up with the victim's address (a
 * session and a password of their own), the victim later proves the address by the link VIBE
 * mailed them or through Google. docs/sign-in.md, "Proving an address".
 */
describe.each(dbTargets())("pre-account hijacking on %s", (target) => {
  let inbox: SmtpInbox;
  let op: FakeProvider;
  let server: TestServer;
  const listedAdmin = uniqueEmail("listed-admin");
  const legacyAdmin = uniqueEmail("legacy-admin");

  beforeAll(async () => {
    const apple = await makeAppleKey();
    [inbox, op] = await Promise.all([startSmtpInbox(), startFakeProvider(apple)]);
    server = await startServer(
      target,
      {},
      { ...providerEnv(op, apple), SMTP_URL: inbox.url, ADMIN_EMAILS: `${listedAdmin},${legacyAdmin}` },
    );
    op.registerClients(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await op?.close();
    await inbox?.close();
  });

  const linkTo = async (email: string, subject: string, page: string) => {
    const mail = await inbox.next((m) => m.to.includes(email) && m.subject === subject);
    return tokenOf(mail.links.find((l) => l.includes(`${page}#token=`))!);
  };
  const verifyToken = (email: string) => linkTo(email, "Verify your email for VIBE", "/verify-email");
  const login = (email: string, password: string) =>
    new Agent(server.url).post("/auth/email/login", { email, password });
  const services = (a: Agent) => a.get("/api/admin/services").then((r) => r.status);
  /** An account whose address was proven under the old one-click rule (migration 017 marks those "legacy"). */
  const provenBeforeTheRules = (id: string) =>
    server.db.query("UPDATE users SET email_verified_at = now(), email_proof = 'legacy' WHERE id = $1", [id]);

  describe("unexpired session", () => {
    it("the owner following the link from their own browser ends the session and password of the typist", async () => {
      const victim = uniqueEmail("victim");
      const attacker = new Agent(server.url);
      const account = await signUp(attacker, { email: victim, password: "the attacker's password" });
      const token = await verifyToken(victim);

      const owner = new Agent(server.url);
      const res = await owner.post("/auth/email/verify", { token, password: "the owner's password" });
      expect(res.status).toBe(200);
      await server.ctx.changes.settle();
      // the attacker's session, signed in since the sign-up, is over; so is their password
      expect((await attacker.get("/api/auth/me")).status).toBe(401);
      expect((await attacker.post("/api/auth/verification-email")).status).toBe(401);
      expect((await login(victim, "the attacker's password")).status).toBe(401);
      // the prover is signed in to the account, which is theirs now
      expect((await owner.get("/api/auth/me")).body).toMatchObject({
        id: account.id,
        email: victim,
        emailVerified: true,
      });
      expect((await login(victim, "the owner's password")).status).toBe(200);
    });
  });

  describe("admin role", () => {
    it("an ADMIN_EMAILS address typed by someone else never makes their session an admin", async () => {
      const attacker = new Agent(server.url);
      const account = await signUp(attacker, { email: listedAdmin, password: "the attacker's password" });
      expect(await services(attacker)).toBe(403);
      const token = await verifyToken(listedAdmin);

      const owner = new Agent(server.url);
      expect((await owner.post("/auth/email/verify", { token, password: "the owner's password" })).status).toBe(200);
      await server.ctx.changes.settle();
      // before: the attacker's session became admin here (GET /api/admin/services 200)
      expect(await services(attacker)).toBe(401);
      expect((await login(listedAdmin, "the attacker's password")).status).toBe(401);
      expect((await owner.get("/api/auth/me")).body).toMatchObject({ id: account.id, role: "admin" });
      expect(await services(owner)).toBe(200);
    });

    it("a proof made before these rules grants no role until the address is proven again (a reset link)", async () => {
      const typist = new Agent(server.url);
      const account = await signUp(typist, { email: legacyAdmin, password: "whoever typed it" });
      await provenBeforeTheRules(account.id);
      await server.ctx.changes.settle();
      expect((await typist.get("/api/auth/me")).body).toMatchObject({ emailVerified: true, role: "user" });
      expect(await services(typist)).toBe(403);

      expect((await new Agent(server.url).post("/auth/email/forgot-password", { email: legacyAdmin })).status).toBe(
        202,
      );
      const token = await linkTo(legacyAdmin, "Reset your VIBE password", "/reset-password");
      const owner = new Agent(server.url);
      const reset = await owner.post("/auth/email/reset-password", { token, password: "the owner's password" });
      expect(reset.body).toMatchObject({ id: account.id, role: "admin" });
      await server.ctx.changes.settle();
      expect(await services(typist)).toBe(401);
      expect(await services(owner)).toBe(200);
    });
  });

  describe("classic-federated merge", () => {
    it("the owner's link and then Google sign-in: the typist's password and sessions do not survive", async () => {
      const victim = uniqueEmail("merge");
      const attacker = new Agent(server.url);
      const account = await signUp(attacker, { email: victim, password: "the attacker's password" });
      // as in the report: the owner opens the verification link, then later signs in with Google
      const owner = new Browser(server.url);
      const token = await verifyToken(victim);
      expect((await owner.send("POST", "/auth/email/verify", { token, password: "the owner's password" })).status).toBe(
        200,
      );
      await owner.request(`${server.url}/api/logout`);
      op.nextAccount = providerAccount({ email: victim, email_verified: true });
      expect((await owner.navigate(`${server.url}/auth/google`)).location).toBe("/");
      expect((await owner.me()).body).toMatchObject({ id: account.id, emailVerified: true });
      await server.ctx.changes.settle();
      // before: the attacker's password still signed in here (200)
      expect((await login(victim, "the attacker's password")).status).toBe(401);
      expect((await attacker.get("/api/auth/me")).status).toBe(401);
      expect((await login(victim, "the owner's password")).status).toBe(200);
    });

    it("an address proven under the old one-click rule counts as unproven when Google proves it", async () => {
      const victim = uniqueEmail("merge-legacy");
      const attacker = new Agent(server.url);
      const account = await signUp(attacker, { email: victim, password: "the attacker's password" });
      await provenBeforeTheRules(account.id);
      const owner = new Browser(server.url);
      op.nextAccount = providerAccount({ email: victim, email_verified: true });
      expect((await owner.navigate(`${server.url}/auth/google`)).location).toBe("/");
      expect((await owner.me()).body).toMatchObject({ id: account.id, emailVerified: true });
      await server.ctx.changes.settle();
      expect((await attacker.get("/api/auth/me")).status).toBe(401);
      expect((await login(victim, "the attacker's password")).status).toBe(401);
    });

    it("the account's own session proving its address with Google keeps its password and other sessions", async () => {
      const email = uniqueEmail("own-google");
      const laptop = new Browser(server.url);
      expect((await laptop.send("POST", "/auth/email/signup", { email, password: "my own password" })).status).toBe(
        202,
      );
      const account = (await laptop.me()).body;
      const phone = new Agent(server.url);
      expect((await phone.post("/auth/email/login", { email, password: "my own password" })).status).toBe(200);
      op.nextAccount = providerAccount({ email, email_verified: true });
      expect((await laptop.navigate(`${server.url}/auth/google`)).location).toBe("/");
      expect((await laptop.me()).body).toMatchObject({ id: account.id, emailVerified: true });
      await server.ctx.changes.settle();
      expect((await phone.get("/api/auth/me")).body.id).toBe(account.id);
      expect((await login(email, "my own password")).status).toBe(200);
    });
  });

  describe("non-verifying identity provider", () => {
    it("an address the provider does not vouch for is never linked, taken or proven by it", async () => {
      const victim = uniqueEmail("unvouched");
      // the attacker signs in through a provider that did not verify the victim's address
      const attacker = new Browser(server.url);
      op.nextAccount = providerAccount({ email: victim, email_verified: false });
      expect((await attacker.navigate(`${server.url}/auth/google`)).location).toBe("/");
      const theirs = (await attacker.me()).body;
      expect(theirs).toMatchObject({ email: null, emailVerified: false });

      // the owner signs up later: an account of their own, with the address, signed in at once
      const owner = new Agent(server.url);
      const mine = await signUp(owner, { email: victim, password: "the owner's password" });
      expect(mine.id).not.toBe(theirs.id);
      // and proves it from their own session: nothing else changes
      const token = await verifyToken(victim);
      const res = await owner.post("/auth/email/verify", { token });
      expect(res.body).toEqual({ message: ACCOUNT_TEXT.verified, email: victim, claimed: false });

      // the provider identity still reaches only the attacker's own account, which has no address
      await attacker.request(`${server.url}/api/logout`);
      expect((await attacker.navigate(`${server.url}/auth/google`)).location).toBe("/");
      expect((await attacker.me()).body).toMatchObject({ id: theirs.id, email: null });
      const identities = await server.db.query<{ user_id: string }>(
        "SELECT user_id FROM user_identities WHERE lower(email) = $1",
        [victim],
      );
      expect(identities.map((r) => r.user_id)).toEqual([theirs.id]);
      expect((await owner.get("/api/auth/me")).body).toMatchObject({ id: mine.id, emailVerified: true });
    });
  });
});
