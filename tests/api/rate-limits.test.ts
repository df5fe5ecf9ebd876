import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "@shared/vocabulary";
import { RATE_LIMITS } from "../../src/server/http/rate-limits";
import { Agent, uniqueEmail } from "../helpers/http";
import { appRoutes, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

// Long enough that reaching a limit (a few requests) fits in it on a loaded machine. The routes
// reach their limits concurrently (each with its own addresses and people); the reset of every one
// is then checked after a single wait (the last test), not after a wait per route: with vitest's
// five tests at a time, 40 waits of a window each cost ~50 s per database.
const WINDOW_MS = 6000;
const SCALE = 0.05; // every limit shrunk to a few requests, so each can be reached quickly
const limitOf = (key: string) => Math.max(1, Math.round(RATE_LIMITS[key].max * SCALE));
const here = "latitude=37.7749&longitude=-122.4194&radius=5";
const postId = "00000000-0000-4000-8000-000000000001";
let addresses = 0;
/** A client address no other test has used (the ways into an account count per address). */
const newAddress = () => `192.0.2.${++addresses}`;

/** An agent whose requests come from `ip` (through the trusted proxy's X-Forwarded-For). */
function from(url: string, ip: string): Agent {
  const agent = new Agent(url);
  const headers = { "x-forwarded-for": ip };
  return new Proxy(agent, {
    get: (t, p) =>
      p === "get"
        ? (path: string) => t.get(path, headers)
        : p === "post"
          ? (path: string, body?: unknown) => t.post(path, body, headers)
          : Reflect.get(t, p),
  });
}

/** One call of each limited route; what it answers does not matter, only that it is counted. */
const calls: Record<string, (a: Agent) => Promise<{ status: number }>> = {
  "POST /auth/email/login": (a) =>
    a.post("/auth/email/login", { email: "nobody@example.com", password: "wrong-password" }),
  "POST /auth/email/signup": (a) => a.post("/auth/email/signup", {}),
  "POST /api/auth/dev-login": (a) => a.post("/api/auth/dev-login"),
  "POST /auth/email/forgot-password": (a) => a.post("/auth/email/forgot-password", { email: "nobody@example.com" }),
  "POST /auth/email/reset-password": (a) => a.post("/auth/email/reset-password", {}),
  "POST /auth/email/verify": (a) => a.post("/auth/email/verify", {}),
  "POST /api/auth/verification-email": (a) => a.post("/api/auth/verification-email"),
  "POST /auth/google/callback": (a) => a.post("/auth/google/callback", {}),
  "POST /auth/apple/callback": (a) => a.post("/auth/apple/callback", {}),
  "POST /auth/x/callback": (a) => a.post("/auth/x/callback", {}),
  "POST /api/auth/logout-everywhere": (a) => a.post("/api/auth/logout-everywhere"),
  "GET /api/venues/match-public": (a) => a.get(`/api/venues/match-public?${here}&vibes=Chill`),
  "GET /api/venues/nearby": (a) => a.get(`/api/venues/nearby?${here}`),
  "GET /api/groups/:id/venues": (a) => a.get(`/api/groups/${postId}/venues?${here}`),
  "POST /api/discover/natural-language": (a) => a.post("/api/discover/natural-language", {}),
  "GET /api/users/search": (a) => a.get("/api/users/search?q=zz"),
  "POST /api/posts": (a) => a.post("/api/posts", {}),
  "POST /api/posts/:id/comments": (a) => a.post(`/api/posts/${postId}/comments`, {}),
  "POST /api/posts/:id/like": (a) => a.post(`/api/posts/${postId}/like`),
  "POST /api/favorites/:id": (a) => a.post("/api/favorites/999999999"),
  "PUT /api/venues/:externalId/reviews/mine": (a) => a.put("/api/venues/none/reviews/mine", {}),
  "DELETE /api/venues/:externalId/reviews/mine": (a) => a.delete("/api/venues/none/reviews/mine"),
  "POST /api/admin/reviews/:id/remove": (a) => a.post("/api/admin/reviews/1/remove", {}),
  "POST /api/vibes": (a) => a.post("/api/vibes", {}),
  "DELETE /api/vibes/current": (a) => a.delete("/api/vibes/current"),
  "POST /api/friends/request": (a) => a.post("/api/friends/request", {}),
  "POST /api/friends/accept/:userId": (a) => a.post(`/api/friends/accept/${postId}`),
  "POST /api/friends/reject/:userId": (a) => a.post(`/api/friends/reject/${postId}`),
  "POST /api/groups": (a) => a.post("/api/groups", {}),
  "DELETE /api/groups/:id": (a) => a.delete(`/api/groups/${postId}`),
  "POST /api/groups/:id/leave": (a) => a.post(`/api/groups/${postId}/leave`),
  "POST /api/blocks": (a) => a.post("/api/blocks", {}),
  "DELETE /api/blocks/:userId": (a) => a.delete(`/api/blocks/${postId}`),
  "PATCH /api/users/preferences": (a) => a.patch("/api/users/preferences", {}),
  "PATCH /api/users/privacy": (a) => a.patch("/api/users/privacy", {}),
  "POST /api/venues/:id/updates": (a) => a.post("/api/venues/1/updates", {}),
  "POST /api/admin/venues/:id/owner": (a) => a.post("/api/admin/venues/1/owner", {}),
  "POST /api/admin/sync-venues": (a) => a.post("/api/admin/sync-venues", {}),
  "POST /api/admin/analyze-sentiment": (a) => a.post("/api/admin/analyze-sentiment", {}),
  "GET /api/proxy-image": (a) => a.get("/api/proxy-image"),
};

/**
 * Routes that change something and have no limit, each with why. Every other route that is not a
 * GET must be in RATE_LIMITS.
 */
const UNLIMITED: Record<string, string> = {};

describe.each(dbTargets())("request limits on %s", (target) => {
  let server: TestServer;
  /** Per route that was refused: the refused agent and when it was refused (for the reset test). */
  const refusedAt = new Map<string, { agent: Agent; at: number }>();

  beforeAll(async () => {
    server = await startServer(
      target,
      {},
      { RATE_LIMIT_SCALE: String(SCALE), TRUST_PROXY: "true" },
      { rateLimitWindowMs: WINDOW_MS },
    );
  });
  afterAll(async () => server?.close());

  it("covers every route the table lists", () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it("limits every route that changes something (or says why not)", () => {
    const routes = appRoutes(server);
    const writes = routes.filter((r) => !/^(GET|HEAD|OPTIONS) /.test(r));
    expect(writes.length).toBeGreaterThan(25);
    expect(writes.filter((r) => !RATE_LIMITS[r] && !UNLIMITED[r])).toEqual([]);
    for (const route of [...Object.keys(RATE_LIMITS), ...Object.keys(UNLIMITED)]) expect(routes).toContain(route);
  });

  it.concurrent.each(Object.keys(RATE_LIMITS))(
    "%s answers 429 with a message past its limit, per person or address",
    async (key) => {
      // a signed-in person for routes behind a session, a bare address for the sign-in forms
      const signedIn = !key.includes("/auth/");
      const as = async (ip: string) => {
        const agent = from(server.url, ip);
        // a guest session is a person too (signing up many people would meet the sign-up limit);
        // it is started from an address of its own, so that address's guest limit is not spent here
        if (signedIn)
          expect(
            (await agent.request("POST", "/api/auth/dev-login", undefined, { "x-forwarded-for": newAddress() })).status,
          ).toBe(200);
        return agent;
      };
      const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const a = await as(ip);
      const limit = limitOf(key);
      for (let i = 0; i < limit; i++) {
        const res = (await calls[key](a)) as Awaited<ReturnType<Agent["get"]>>;
        expect(res.status).not.toBe(429);
        // the standard RateLimit headers on every answer of a limited route
        expect(res.headers.get("ratelimit-limit")).toBe(String(limit));
        expect(res.headers.get("ratelimit-remaining")).toBe(String(limit - i - 1));
      }
      const refused = (await calls[key](a)) as Awaited<ReturnType<Agent["get"]>>;
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: TEXT.tooManyRequests });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("ratelimit-limit")).toBe(String(limit));
      expect(refused.headers.get("ratelimit-remaining")).toBe("0");
      expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThan(0);

      // someone else (another person; for the sign-in forms and limits per address too, another address) is not
      // affected
      const other = await as(signedIn && !RATE_LIMITS[key].perAddress ? ip : newAddress());
      expect((await calls[key](other)).status).not.toBe(429);
      refusedAt.set(key, { agent: a, at: Date.now() });
    },
  );

  it("a new guest for every sign-up does not get past the sign-up limit (the ways in count per address)", async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= limitOf("POST /auth/email/signup"); i++) {
      const a = from(server.url, ip);
      // each time a brand-new guest (from elsewhere, so the guest limit is not what stops it)...
      expect(
        (await a.request("POST", "/api/auth/dev-login", undefined, { "x-forwarded-for": newAddress() })).status,
      ).toBe(200);
      // ...signs up from the same address
      statuses.push((await a.post("/auth/email/signup", { email: uniqueEmail(), password: "abcdefgh" })).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts people search per address too: several people from one address share its limit", async () => {
    const key = "GET /api/users/search";
    const perPerson = limitOf(key);
    const perAddress = Math.max(1, Math.round(RATE_LIMITS[key].perAddress! * SCALE));
    expect(perAddress).toBeGreaterThan(perPerson);
    const ip = newAddress();
    const statuses: number[] = [];
    // registered people (guests may not search), each staying under their own limit
    while (statuses.length <= perAddress) {
      const a = from(server.url, ip);
      // signed up from an address of its own, so this address's sign-up limit is not what stops it
      const res = await a.request(
        "POST",
        "/auth/email/signup",
        { email: uniqueEmail("s"), password: "abcdefgh" },
        {
          "x-forwarded-for": newAddress(),
        },
      );
      expect(res.status).toBe(202);
      for (let i = 0; i < perPerson && statuses.length <= perAddress; i++)
        statuses.push((await a.get("/api/users/search?q=zz")).status);
    }
    expect(statuses.slice(0, perAddress).every((s) => s === 200)).toBe(true);
    const refused = await from(server.url, ip).get("/api/users/search?q=zz");
    expect(statuses.at(-1)).toBe(429);
    expect(refused.status).toBe(429); // even without a session: it is the address
    expect(refused.body).toEqual({ message: TEXT.tooManyRequests });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts an IPv6 client's whole /64 as one address", async () => {
    const key = "POST /auth/email/login";
    const body = { email: uniqueEmail("nobody"), password: "wrong-password" };
    for (let i = 1; i <= limitOf(key); i++)
      expect((await from(server.url, `2001:db8:77:1::${i}`).post("/auth/email/login", body)).status).toBe(401);
    expect((await from(server.url, "2001:db8:77:1:ffff::9").post("/auth/email/login", body)).status).toBe(429);
    expect((await from(server.url, "2001:db8:77:2::1").post("/auth/email/login", body)).status).toBe(401);
  });

  // last, so that the tests above run during the wait
  it("resets every route's limit once its window has passed, for the one refused", async () => {
    // every route was refused above (a route whose test failed is named here as not refused)
    expect(Object.keys(RATE_LIMITS).filter((key) => !refusedAt.has(key))).toEqual([]);
    const last = Math.max(...[...refusedAt.values()].map((r) => r.at));
    await new Promise((r) => setTimeout(r, Math.max(0, last + WINDOW_MS + 200 - Date.now())));
    const after = await Promise.all(
      [...refusedAt].map(async ([key, { agent }]) => [key, (await calls[key](agent)).status] as const),
    );
    // each route with what it answered: none 429
    expect(after.filter(([, status]) => status === 429)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL)(
  "request limits across instances",
  () => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      const env = {
        RATE_LIMIT_SCALE: String(SCALE),
        REDIS_URL: process.env.TEST_REDIS_URL!,
        REDIS_PREFIX: `test-rate-${process.pid}-${Date.now()}`,
      };
      [a, b] = await Promise.all([startServer("postgres", {}, env), startServer("postgres", {}, env)]);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it("counts a person's requests on every instance (Redis)", async () => {
      const onA = new Agent(a.url);
      expect((await onA.post("/api/auth/dev-login")).status).toBe(200);
      const onB = new Agent(b.url);
      // same person, other instance
      await onB.request("GET", "/api/auth/me", undefined, { cookie: onA.cookieHeader() });
      const key = "GET /api/venues/match-public";
      for (let i = 0; i < limitOf(key); i++)
        expect((await onA.get(`/api/venues/match-public?${here}&vibes=Chill`)).status).toBe(200);
      const res = await onB.request("GET", `/api/venues/match-public?${here}&vibes=Chill`, undefined, {
        cookie: onA.cookieHeader(),
      });
      expect(res.status).toBe(429);
    });
  },
);
