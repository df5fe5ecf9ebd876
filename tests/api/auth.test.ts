import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { TEXT } from "@shared/vocabulary";
import { userSchema } from "@shared/contracts/auth";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { setGrantedRole } from "../../src/server/auth/roles";
import { markEmailVerified } from "../../src/server/auth/users";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

describe.each(dbTargets())("accounts on %s", (target) => {
  let server: TestServer;
  let agent: Agent;
  const admin = uniqueEmail("admin");

  beforeAll(async () => {
    server = await startServer(target, {}, { ADMIN_EMAILS: admin.toUpperCase() });
    agent = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  it("answers health with the database and bus in use", async () => {
    const res = await agent.get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", db: target, realtime: "memory" });
  });

  describe("signup", () => {
    it("creates an account and signs it in; the answer is a message, the User is /api/auth/me's", async () => {
      const a = agent.fresh();
      const email = uniqueEmail();
      const res = await a.post("/auth/email/signup", {
        email: `  ${email.toUpperCase()} `,
        password: "abcdefgh",
        firstName: "Grace",
        lastName: "Hopper",
      });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: ACCOUNT_TEXT.signupAccepted(email) });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("vibe_session="))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
      const me = await a.get("/api/auth/me");
      expect(me.status).toBe(200);
      expect(userSchema.strict().parse(me.body)).toMatchObject({
        email,
        firstName: "Grace",
        lastName: "Hopper",
        isGuest: false,
        emailVerified: false,
        role: "user",
      });
      expect(me.text).not.toMatch(/password|hash|argon/i);
      // privacy settings are on unless turned off; lists are empty, never null
      expect(me.body).toMatchObject({
        privacyShareVibes: true,
        privacyShareLocation: true,
        privacyActivityFeed: true,
        preferredVibes: [],
      });
    });

    it.each(["\u200B", "\u200E", "\u200F", "\u3164", "\u2800", "\u200B\u200F\u3164\u2800"])(
      "refuses a name made only of invisible characters (%j) with 400 (issue 27)",
      async (name) => {
        for (const field of ["firstName", "lastName"]) {
          const a = agent.fresh();
          const res = await a.post("/auth/email/signup", { email: uniqueEmail(), password: "abcdefgh", [field]: name });
          expect(res.status, field).toBe(400);
          expect(res.body.message).toBe(TEXT.nameNeedsVisible);
          expect((await a.get("/api/auth/me")).status).toBe(401);
        }
        // a visible letter beside them is a name (the characters are kept as typed)
        const ok = await agent.fresh().post("/auth/email/signup", {
          email: uniqueEmail(),
          password: "abcdefgh",
          firstName: `${name}Ann`,
        });
        expect(ok.status).toBe(202);
      },
    );

    it("names are optional and blank names are stored as none", async () => {
      const a = agent.fresh();
      const res = await a.post("/auth/email/signup", { email: uniqueEmail(), password: "abcdefgh", firstName: "  " });
      expect(res.status).toBe(202);
      expect((await a.get("/api/auth/me")).body).toMatchObject({ firstName: null, lastName: null });
    });

    it.each([
      [{ email: "not-an-email", password: "abcdefgh" }, TEXT.invalidEmail],
      [{ email: "", password: "abcdefgh" }, TEXT.invalidEmail],
      [{ password: "abcdefgh" }, TEXT.invalidEmail],
      [{ email: uniqueEmail(), password: "short" }, TEXT.passwordMin],
      [{ email: uniqueEmail() }, TEXT.passwordMin],
      [{ email: 42, password: ["x"] }, TEXT.invalidEmail],
      [{ email: uniqueEmail(), password: "x".repeat(300) }, "Password can be at most 256 characters"],
      [{ email: uniqueEmail(), password: "abcdefgh", firstName: "x".repeat(81) }, "Names can be at most 80 characters"],
      [[1, 2], "Request body must be a JSON object"],
      [JSON.stringify("just a string"), "Request body must be a JSON object"],
      ["null", "Request body must be a JSON object"],
    ])("refuses %j with 400 '%s'", async (body, message) => {
      const res = await agent.fresh().post("/auth/email/signup", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("answers a taken address (in any case) exactly as a new one, signs nobody in and changes nothing", async () => {
      const email = uniqueEmail();
      const first = await agent.fresh().post("/auth/email/signup", { email, password: "abcdefgh" });
      const a = agent.fresh();
      const again = await a.post("/auth/email/signup", {
        email: email.toUpperCase(),
        password: "another password",
        firstName: "Mallory",
      });
      // the same status and the same body: nothing tells whether the address had an account
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
      // but no session for the second one, and the account is untouched
      expect(again.headers.getSetCookie()).toEqual([]);
      expect((await a.get("/api/auth/me")).status).toBe(401);
      expect((await agent.fresh().post("/auth/email/login", { email, password: "abcdefgh" })).status).toBe(200);
      expect((await agent.fresh().post("/auth/email/login", { email, password: "another password" })).status).toBe(401);
      const rows = await server.db.query("SELECT first_name FROM users WHERE lower(email) = $1", [email]);
      expect(rows).toEqual([{ first_name: null }]);
    });
  });

  describe("roles", () => {
    const services = (a: Agent) => a.get("/api/admin/services").then((r) => r.status);

    it("no role for a typed, unproven ADMIN_EMAILS address, in any case or spacing, at sign-up or login", async () => {
      const email = uniqueEmail("claims-admin");
      const listed = await startServer(target, {}, { ADMIN_EMAILS: `${email.toUpperCase()}, other@example.com` });
      try {
        const a = new Agent(listed.url);
        const res = await a.post("/auth/email/signup", { email: ` ${email.toUpperCase()}  `, password: "abcdefgh" });
        expect(res.status).toBe(202);
        expect((await a.get("/api/auth/me")).body).toMatchObject({ role: "user", emailVerified: false });
        expect(await services(a)).toBe(403);
        const again = a.fresh();
        expect((await again.post("/auth/email/login", { email: `${email} `, password: "abcdefgh" })).body.role).toBe(
          "user",
        );
        expect(await services(again)).toBe(403);
        expect((await again.get("/api/auth/me")).body.role).toBe("user");
        // a guest who signs up with the address gets no role either
        const guest = a.fresh();
        await guest.post("/api/auth/dev-login");
        await guest.post("/auth/email/signup", { email: uniqueEmail("upgraded"), password: "abcdefgh" });
        expect((await guest.get("/api/auth/me")).body).toMatchObject({ isGuest: false, role: "user" });
      } finally {
        await listed.close();
      }
    });

    it("makes a listed email an admin once it is proven, without signing in again", async () => {
      const a = agent.fresh();
      const user = await signUp(a, { email: admin });
      expect(user.role).toBe("user");
      expect(await services(a)).toBe(403);
      await markEmailVerified(server.db, user.id);
      await server.ctx.changes.settle();
      expect((await a.get("/api/auth/me")).body).toMatchObject({ role: "admin", emailVerified: true });
      expect(await services(a)).toBe(200);
    });

    it("applies an operator's grant or revoke at the next request; a revoke spares a proven listed email", async () => {
      const a = agent.fresh();
      const user = await signUp(a);
      expect(await setGrantedRole(server.db, user.email.toUpperCase(), "admin")).toMatchObject({ changed: true });
      await server.ctx.changes.settle();
      expect(await services(a)).toBe(200);
      expect((await a.get("/api/auth/me")).body.role).toBe("admin");
      expect(await setGrantedRole(server.db, user.email, "admin")).toMatchObject({ changed: false });
      expect(await setGrantedRole(server.db, user.email, "user")).toMatchObject({ changed: true });
      await server.ctx.changes.settle();
      expect(await services(a)).toBe(403);
      expect(await setGrantedRole(server.db, uniqueEmail("nobody"), "admin")).toBeNull();
    });
  });

  describe("login", () => {
    it("signs in with the email in any case and rotates the session", async () => {
      const a = agent.fresh();
      const user = await signUp(a);
      const before = a.cookieHeader();
      const res = await a.post("/auth/email/login", { email: user.email.toUpperCase(), password: user.password });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(user.id);
      expect(a.cookieHeader()).not.toBe(before);
      // the session from before the login no longer works
      const old = await fetch(server.url + "/api/auth/me", { headers: { cookie: before } });
      expect(old.status).toBe(401);
      expect((await a.get("/api/auth/me")).status).toBe(200);
    });

    it("says the same thing for a wrong password and an unknown email", async () => {
      const user = await signUp(agent.fresh());
      const wrong = await agent.fresh().post("/auth/email/login", { email: user.email, password: "wrong password" });
      const unknown = await agent
        .fresh()
        .post("/auth/email/login", { email: uniqueEmail("nobody"), password: "whatever1" });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ message: TEXT.invalidCredentials });
      expect(unknown.body).toEqual(wrong.body);
    });

    it.each([
      [{ email: "nope", password: "x" }, TEXT.invalidEmail],
      [{ email: uniqueEmail(), password: "" }, TEXT.passwordRequired],
      [{ email: uniqueEmail() }, TEXT.passwordRequired],
      [{}, TEXT.invalidEmail],
    ])("refuses %j with 400 '%s'", async (body, message) => {
      const res = await agent.fresh().post("/auth/email/login", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
    // failed sign-ins and their waits: tests/api/login-limits.test.ts
  });

  describe("guests", () => {
    it("dev-login creates a real guest user and signs it in", async () => {
      const a = agent.fresh();
      const res = await a.post("/api/auth/dev-login");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ isGuest: true, email: null, firstName: "Guest", role: "user" });
      const me = await a.get("/api/auth/me");
      expect(me.body.id).toBe(res.body.id);
      // continuing as guest again keeps the same guest
      expect((await a.post("/api/auth/dev-login")).body.id).toBe(res.body.id);
    });

    it("a guest who signs up keeps the same account", async () => {
      const a = agent.fresh();
      const guest = (await a.post("/api/auth/dev-login")).body;
      const guestCookie = a.cookieHeader();
      const res = await a.post("/auth/email/signup", { email: uniqueEmail(), password: "abcdefgh", firstName: "Now" });
      expect(res.status).toBe(202);
      expect((await a.get("/api/auth/me")).body).toMatchObject({ id: guest.id, isGuest: false, firstName: "Now" });
      // same account, new session: the guest's token no longer signs anyone in
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("vibe_session="))!;
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(a.cookieHeader()).not.toBe(guestCookie);
      expect((await fetch(server.url + "/api/auth/me", { headers: { cookie: guestCookie } })).status).toBe(401);
      expect((await a.get("/api/auth/me")).body.id).toBe(guest.id);
    });
  });

  describe("me and logout", () => {
    it("me is 401 with a message when signed out or with a forged cookie", async () => {
      const res = await agent.fresh().get("/api/auth/me");
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: TEXT.signInRequired });
      const forged = await fetch(server.url + "/api/auth/me", {
        headers: { cookie: "vibe_session=" + "A".repeat(43) },
      });
      expect(forged.status).toBe(401);
    });

    it("logout ends the session, clears the cookie and redirects to /", async () => {
      const a = agent.fresh();
      await signUp(a);
      const cookie = a.cookieHeader();
      const res = await a.get("/api/logout");
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/");
      expect(a.cookieHeader()).toBe("");
      expect((await fetch(server.url + "/api/auth/me", { headers: { cookie } })).status).toBe(401);
    });

    it("a cross-site logout link does not sign anyone out", async () => {
      const a = agent.fresh();
      await signUp(a);
      await a.get("/api/logout", { "sec-fetch-site": "cross-site" });
      expect((await a.get("/api/auth/me")).status).toBe(200);
    });
  });

  describe("request hygiene", () => {
    it("refuses a state change from a foreign Origin with 403", async () => {
      const res = await agent.fresh().post("/api/auth/dev-login", undefined, { origin: "https://evil.example" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TEXT.foreignOrigin);
      const nullOrigin = await agent
        .fresh()
        .post("/auth/email/login", { email: uniqueEmail(), password: "x" }, { origin: "null" });
      expect(nullOrigin.status).toBe(403);
    });

    it("lets non-browser clients without Origin through, but not a cross-site browser request", async () => {
      const plain = new Agent(server.url, null);
      expect((await plain.post("/api/auth/dev-login")).status).toBe(200);
      expect(
        (await plain.fresh().post("/api/auth/dev-login", undefined, { "sec-fetch-site": "cross-site" })).status,
      ).toBe(403);
    });

    it("takes JSON bodies only (415), of bounded size (413), well formed (400)", async () => {
      const form = await agent
        .fresh()
        .post("/auth/email/login", "email=a@b.co&password=x", { "content-type": "application/x-www-form-urlencoded" });
      expect(form.status).toBe(415);
      expect(form.body.message).toBe(TEXT.jsonOnly);
      const text = await agent.fresh().post("/auth/email/login", "hello", { "content-type": "text/plain" });
      expect(text.status).toBe(415);
      const big = await agent
        .fresh()
        .post("/auth/email/signup", { email: uniqueEmail(), password: "x".repeat(70_000) });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe(TEXT.bodyTooLarge);
      const broken = await agent
        .fresh()
        .post("/auth/email/login", '{"email": ', { "content-type": "application/json" });
      expect(broken.status).toBe(400);
      expect(broken.body.message).toBe("Request body is not valid JSON");
      const empty = await agent.fresh().post("/auth/email/login", "", { "content-type": "application/json" });
      expect(empty.status).toBe(400);
    });

    it("answers unknown API paths with a JSON 404 and unknown pages with the client", async () => {
      const api = await agent.get("/api/nothing-here");
      expect(api.status).toBe(404);
      expect(api.body).toEqual({ message: TEXT.notFound });
      const page = await agent.get("/some/page");
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      expect(page.text).toContain('<div id="root">');
    });

    it.each(["google", "apple", "x"])("/auth/%s says clearly that the provider is not configured", async (provider) => {
      const res = await agent.get(`/auth/${provider}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.text).toMatch(/sign-in is not configured/);
    });
  });
});
