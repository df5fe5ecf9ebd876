import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, signUp, uniqueEmail, type Res } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

const TTL_DAYS = 7;
const IDLE_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Set-Cookie line of the session cookie in a response (its __Host- name over https). */
const sessionCookie = (res: Res) =>
  res.headers.getSetCookie().find((c) => c.startsWith("vibe_session=") || c.startsWith("__Host-vibe_session="));
const tokenIn = (cookieLine: string | undefined) => /^vibe_session=([^;]*)/.exec(cookieLine ?? "")?.[1] ?? null;
const tokenOfAgent = (a: Agent) => /vibe_session=([^;]*)/.exec(a.cookieHeader())?.[1] ?? null;
const attribute = (cookieLine: string, name: string) =>
  new RegExp(`;\\s*${name}(=([^;]*))?(;|$)`, "i").exec(cookieLine);

describe.each(dbTargets())("sessions on %s", (target) => {
  let server: TestServer; // behind one trusted proxy hop
  let direct: TestServer; // no proxy trusted: X-Forwarded-* is not believed

  beforeAll(async () => {
    [server, direct] = await Promise.all([
      startServer(
        target,
        {},
        { SESSION_TTL_DAYS: String(TTL_DAYS), SESSION_IDLE_DAYS: String(IDLE_DAYS), TRUST_PROXY: "1" },
      ),
      startServer(target, {}, { TRUST_PROXY: "false" }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await direct?.close();
  });

  /** Whether a bare cookie value (as an attacker holding a copy would send it) signs anyone in, and who. */
  const whoIs = async (token: string | null, on = server) => {
    const res = await fetch(`${on.url}/api/auth/me`, { headers: { cookie: `vibe_session=${token}` } });
    return res.status === 200 ? ((await res.json()) as { id: string }).id : res.status;
  };

  describe("a new token at every sign-in", () => {
    it("email login: a new token; the one from before (planted or not) signs nobody in", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      // session fixation: a cookie set before the login (here, a real session of someone else's making)
      const planted = tokenIn(sessionCookie(await a.fresh().post("/api/auth/dev-login")));
      const own = tokenOfAgent(a);
      for (const before of [planted, own]) {
        const res = await a
          .fresh()
          .post(
            "/auth/email/login",
            { email: user.email, password: user.password },
            { cookie: `vibe_session=${before}` },
          );
        expect(res.status).toBe(200);
        const after = tokenIn(sessionCookie(res));
        expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(after).not.toBe(before);
        expect(await whoIs(before)).toBe(401);
        expect(await whoIs(after)).toBe(user.id);
      }
    });

    it("email signup of a guest: the same account, a new token; the guest's token no longer works", async () => {
      const a = new Agent(server.url);
      const guest = (await a.post("/api/auth/dev-login")).body as { id: string };
      const guestToken = tokenOfAgent(a);
      expect(await whoIs(guestToken)).toBe(guest.id);
      const res = await a.post("/auth/email/signup", { email: uniqueEmail(), password: "abcdefgh" });
      expect(res.status).toBe(202);
      expect((await a.get("/api/auth/me")).body).toMatchObject({ id: guest.id, isGuest: false });
      const token = tokenIn(sessionCookie(res));
      expect(token).not.toBe(guestToken);
      expect(await whoIs(guestToken)).toBe(401);
      expect(await whoIs(token)).toBe(guest.id);
      const rows = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE user_id = $1", [
        guest.id,
      ]);
      expect(rows[0].n).toBe(1);
    });

    it("email signup while signed in as someone: a new account, and the old session ends", async () => {
      const a = new Agent(server.url);
      const first = await signUp(a);
      const oldToken = tokenOfAgent(a);
      const second = await signUp(a);
      expect(second.id).not.toBe(first.id);
      expect(await whoIs(oldToken)).toBe(401);
      expect((await a.get("/api/auth/me")).body.id).toBe(second.id);
    });

    it("continuing as the same guest also rotates the token", async () => {
      const a = new Agent(server.url);
      const guest = (await a.post("/api/auth/dev-login")).body as { id: string };
      const before = tokenOfAgent(a);
      const again = await a.post("/api/auth/dev-login");
      expect(again.body.id).toBe(guest.id);
      expect(tokenOfAgent(a)).not.toBe(before);
      expect(await whoIs(before)).toBe(401);
    });

    it("keeps only a keyed hash of the token in the database", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      const token = tokenOfAgent(a)!;
      const rows = await server.db.query<{ token_hash: string }>("SELECT token_hash FROM sessions WHERE user_id = $1", [
        user.id,
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).not.toContain(token);
      expect(JSON.stringify(await a.get("/api/auth/me"))).not.toContain(token);
    });
  });

  describe("logout", () => {
    it("ends this session: the old cookie value is refused afterwards, even replayed by hand", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      const token = tokenOfAgent(a)!;
      const res = await a.get("/api/logout");
      expect(res.status).toBe(303);
      const cleared = sessionCookie(res)!;
      expect(tokenIn(cleared)).toBe("");
      expect(new Date(attribute(cleared, "Expires")![2]).getTime()).toBeLessThan(Date.now());
      expect(attribute(cleared, "Path")![2]).toBe("/");
      expect(attribute(cleared, "HttpOnly")).not.toBeNull();
      expect(await whoIs(token)).toBe(401);
      const rows = await server.db.query("SELECT 1 FROM sessions WHERE user_id = $1", [user.id]);
      expect(rows).toHaveLength(0);
    });

    it("ends only the device it is sent from: the same person elsewhere stays signed in", async () => {
      const laptop = new Agent(server.url);
      const user = await signUp(laptop);
      const phone = new Agent(server.url);
      expect((await phone.post("/auth/email/login", { email: user.email, password: user.password })).status).toBe(200);
      await laptop.get("/api/logout");
      expect((await laptop.get("/api/auth/me")).status).toBe(401);
      expect((await phone.get("/api/auth/me")).body.id).toBe(user.id);
    });
  });

  describe("sign out everywhere", () => {
    it("ends every session of the person, on every device, and clears this one's cookie", async () => {
      const laptop = new Agent(server.url);
      const user = await signUp(laptop);
      const phone = new Agent(server.url);
      expect((await phone.post("/auth/email/login", { email: user.email, password: user.password })).status).toBe(200);
      const someoneElse = new Agent(server.url);
      await signUp(someoneElse);
      const res = await laptop.post("/api/auth/logout-everywhere");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: "Signed out on every device" });
      expect(tokenIn(sessionCookie(res))).toBe("");
      expect((await laptop.get("/api/auth/me")).status).toBe(401);
      expect((await phone.get("/api/auth/me")).status).toBe(401);
      expect((await someoneElse.get("/api/auth/me")).status).toBe(200);
      const rows = await server.db.query("SELECT 1 FROM sessions WHERE user_id = $1", [user.id]);
      expect(rows).toHaveLength(0);
      // the password still works: signing in again starts a new session
      expect((await phone.post("/auth/email/login", { email: user.email, password: user.password })).status).toBe(200);
    });

    it("is a state change: refused from another site, and 401 without a session", async () => {
      const a = new Agent(server.url);
      await signUp(a);
      const evil = await a.post("/api/auth/logout-everywhere", undefined, { origin: "https://evil.example" });
      expect(evil.status).toBe(403);
      expect((await a.get("/api/auth/me")).status).toBe(200);
      expect((await new Agent(server.url).post("/api/auth/logout-everywhere")).status).toBe(401);
    });
  });

  // Instances keep the sessions they read for a while (src/server/auth/sessions.ts); the database
  // tells every instance when one ends. On PostgreSQL `server` and `direct` share one database.
  describe.runIf(target === "postgres")("kept sessions on two instances", () => {
    it("a logout on one instance: another refuses every change at once, and reads once it has heard", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      const token = tokenOfAgent(a)!;
      expect(await whoIs(token, direct)).toBe(user.id); // read, and kept, by the other instance
      expect(await whoIs(token, direct)).toBe(user.id);
      expect((await a.get("/api/logout")).status).toBe(303);
      const post = await fetch(`${direct.url}/api/posts`, {
        method: "POST",
        headers: { cookie: `vibe_session=${token}`, origin: direct.url, "content-type": "application/json" },
        body: JSON.stringify({ vibes: ["Chill"], content: "after logout" }),
      });
      expect(post.status).toBe(401);
      await direct.ctx.changes.settle();
      expect(await whoIs(token, direct)).toBe(401);
      const rows = await server.db.query("SELECT 1 FROM posts WHERE user_id = $1", [user.id]);
      expect(rows).toHaveLength(0);
    });

    it("a change to the person on one instance is what the other answers once it has heard", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      const onOther = () =>
        fetch(`${direct.url}/api/auth/me`, { headers: { cookie: a.cookieHeader() } }).then((r) => r.json());
      expect((await onOther()).id).toBe(user.id);
      await server.db.query("UPDATE users SET first_name = 'Renamed' WHERE id = $1", [user.id]);
      await direct.ctx.changes.settle();
      expect((await onOther()).firstName).toBe("Renamed");
    });
  });

  describe("expiry", () => {
    it(`lasts SESSION_TTL_DAYS (${TTL_DAYS}) in the cookie and in the database`, async () => {
      const a = new Agent(server.url);
      const res = await a.post("/api/auth/dev-login");
      const cookie = sessionCookie(res)!;
      const expires = new Date(attribute(cookie, "Expires")![2]).getTime();
      expect(Math.abs(expires - (Date.now() + TTL_DAYS * DAY_MS))).toBeLessThan(60_000);
      const [row] = await server.db.query<{ expires_at: Date }>("SELECT expires_at FROM sessions WHERE user_id = $1", [
        res.body.id,
      ]);
      expect(Math.abs(new Date(row.expires_at).getTime() - (Date.now() + TTL_DAYS * DAY_MS))).toBeLessThan(60_000);
    });

    it("is enforced by the server: a session whose stored expiry has passed is refused, cookie or not", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      expect((await a.get("/api/auth/me")).status).toBe(200);
      await server.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
        user.id,
      ]);
      await server.ctx.changes.settle(); // the instance has heard of the change (auth/sessions.ts)
      // the browser would still send the cookie (its own expiry is days away): the server says no
      expect((await a.get("/api/auth/me")).status).toBe(401);
      expect((await a.get("/api/posts/feed")).status).toBe(401);
      // and the expired session is not a way back in: continuing as guest makes a new guest
      const guest = await a.post("/api/auth/dev-login");
      expect(guest.body.id).not.toBe(user.id);
    });

    it(`ends after SESSION_IDLE_DAYS (${IDLE_DAYS}) without use, well before its absolute expiry`, async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      await server.db.query(
        "UPDATE sessions SET last_seen_at = now() - make_interval(days => $2, mins => 1) WHERE user_id = $1",
        [user.id, IDLE_DAYS],
      );
      await server.ctx.changes.settle();
      expect((await a.get("/api/auth/me")).status).toBe(401);
      expect((await a.post("/api/posts", { vibes: ["Chill"], content: "idle" })).status).toBe(401);
    });

    it("a session in use stays: its last use is written again (at most once an hour)", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      const lastSeen = async () =>
        (
          await server.db.query<{ idle_s: number }>(
            "SELECT extract(epoch FROM now() - last_seen_at)::float8 AS idle_s FROM sessions WHERE user_id = $1",
            [user.id],
          )
        )[0].idle_s;
      // used a moment ago: not written again
      expect(await lastSeen()).toBeLessThan(60);
      // unused for nearly the whole idle time: the next request keeps it and writes its use
      await server.db.query(
        "UPDATE sessions SET last_seen_at = now() - make_interval(days => $2) + interval '1 hour' WHERE user_id = $1",
        [user.id, IDLE_DAYS],
      );
      await server.ctx.changes.settle();
      expect((await a.get("/api/auth/me")).body.id).toBe(user.id);
      expect(await lastSeen()).toBeLessThan(60);
    });

    it("a session about to expire still works until then", async () => {
      const a = new Agent(server.url);
      const user = await signUp(a);
      await server.db.query("UPDATE sessions SET expires_at = now() + interval '1 minute' WHERE user_id = $1", [
        user.id,
      ]);
      await server.ctx.changes.settle();
      expect((await a.get("/api/auth/me")).body.id).toBe(user.id);
    });
  });

  describe("cookie attributes", () => {
    const check = (cookie: string | undefined, secure: boolean) => {
      expect(cookie).toBeDefined();
      // over https the __Host- name: browsers then refuse it unless Secure, Path=/ and no Domain
      expect(cookie!.startsWith(secure ? "__Host-vibe_session=" : "vibe_session=")).toBe(true);
      expect(attribute(cookie!, "HttpOnly")).not.toBeNull();
      expect(attribute(cookie!, "SameSite")![2]).toMatch(/^Lax$/i);
      expect(attribute(cookie!, "Path")![2]).toBe("/");
      expect(attribute(cookie!, "Domain")).toBeNull(); // host-only
      expect(attribute(cookie!, "Secure") !== null).toBe(secure);
    };

    it("HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http", async () => {
      const a = new Agent(server.url);
      check(sessionCookie(await a.post("/api/auth/dev-login")), false);
      const email = uniqueEmail();
      check(sessionCookie(await a.fresh().post("/auth/email/signup", { email, password: "abcdefgh" })), false);
      check(sessionCookie(await a.fresh().post("/auth/email/login", { email, password: "abcdefgh" })), false);
    });

    it("Secure when the request came over https via the trusted proxy, on every sign-in and on logout", async () => {
      const proxied = { "x-forwarded-proto": "https", "x-forwarded-host": "vibe.example" };
      const a = new Agent(server.url, "https://vibe.example");
      const email = uniqueEmail();
      check(sessionCookie(await a.post("/api/auth/dev-login", undefined, proxied)), true);
      check(sessionCookie(await a.post("/auth/email/signup", { email, password: "abcdefgh" }, proxied)), true);
      check(sessionCookie(await a.fresh().post("/auth/email/login", { email, password: "abcdefgh" }, proxied)), true);
      check(sessionCookie(await a.get("/api/logout", proxied)), true);
      // the same proxy forwarding plain http: not Secure
      check(
        sessionCookie(
          await new Agent(server.url).post("/api/auth/dev-login", undefined, { "x-forwarded-proto": "http" }),
        ),
        false,
      );
    });

    it("over https only the __Host- cookie is read, and over http only the plain one", async () => {
      const proxied = { "x-forwarded-proto": "https", "x-forwarded-host": "vibe.example" };
      const a = new Agent(server.url, "https://vibe.example");
      const res = await a.post("/api/auth/dev-login", undefined, proxied);
      const token = /^__Host-vibe_session=([^;]*)/.exec(sessionCookie(res)!)![1];
      const me = (cookie: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}/api/auth/me`, { headers: { cookie, ...headers } }).then((r) => r.status);
      expect(await me(`__Host-vibe_session=${token}`, proxied)).toBe(200);
      // the same token under the plain name (which a sibling subdomain or an http page could plant) is not read over
      // https
      expect(await me(`vibe_session=${token}`, proxied)).toBe(401);
      // and a __Host- cookie means nothing over plain http
      expect(await me(`__Host-vibe_session=${token}`)).toBe(401);
      // logging out over https clears the __Host- cookie
      const out = await a.get("/api/logout", proxied);
      expect(tokenIn(sessionCookie(out)?.replace(/^__Host-/, ""))).toBe("");
      expect(await me(`__Host-vibe_session=${token}`, proxied)).toBe(401);
    });

    it("not Secure when X-Forwarded-Proto comes from a client no proxy setting trusts", async () => {
      const res = await new Agent(direct.url, null).post("/api/auth/dev-login", undefined, {
        "x-forwarded-proto": "https",
      });
      expect(res.status).toBe(200);
      check(sessionCookie(res), false);
    });
  });
});
