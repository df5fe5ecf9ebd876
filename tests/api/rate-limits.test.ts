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

const MINUTES = 60_000;
/**
 * The limits as docs/social.md ("Request limits") writes them, copied by hand: requests per window,
 * per person (or per address without a session), "ip" when always per client address, and the
 * people search's cap per address. Never read from RATE_LIMITS: the tests below check that it and
 * the server's answers say the same.
 */
const DOCUMENTED: Record<string, { max: number; minutes: number; per?: "ip"; perAddress?: number }> = {
  // the ways into an account, per client address
  "POST /auth/email/signup": { max: 10, minutes: 10, per: "ip" },
  "POST /api/auth/dev-login": { max: 20, minutes: 10, per: "ip" },
  "POST /auth/email/forgot-password": { max: 5, minutes: 15, per: "ip" },
  "POST /auth/email/reset-password": { max: 10, minutes: 15, per: "ip" },
  "POST /auth/email/sign-in-link": { max: 5, minutes: 15, per: "ip" },
  "POST /auth/email/sign-in-link/use": { max: 20, minutes: 15, per: "ip" },
  "POST /auth/email/verify": { max: 20, minutes: 15, per: "ip" },
  "POST /auth/email/verify/preview": { max: 40, minutes: 15, per: "ip" },
  "GET /auth/google": { max: 20, minutes: 10, per: "ip" },
  "GET /auth/apple": { max: 20, minutes: 10, per: "ip" },
  "GET /auth/x": { max: 20, minutes: 10, per: "ip" },
  "POST /auth/google/callback": { max: 20, minutes: 10, per: "ip" },
  "POST /auth/apple/callback": { max: 20, minutes: 10, per: "ip" },
  "POST /auth/x/callback": { max: 20, minutes: 10, per: "ip" },
  "POST /api/auth/logout-everywhere": { max: 10, minutes: 1, per: "ip" },
  "POST /api/auth/verification-email": { max: 5, minutes: 60 },
  // per minute, per person
  "GET /api/users/search": { max: 30, minutes: 1, perAddress: 60 },
  "POST /api/friends/request": { max: 20, minutes: 1 },
  "POST /api/friends/accept/:userId": { max: 60, minutes: 1 },
  "POST /api/friends/reject/:userId": { max: 60, minutes: 1 },
  "POST /api/groups": { max: 10, minutes: 1 },
  "DELETE /api/groups/:id": { max: 30, minutes: 1 },
  "POST /api/groups/:id/leave": { max: 30, minutes: 1 },
  "POST /api/blocks": { max: 30, minutes: 1 },
  "DELETE /api/blocks/:userId": { max: 30, minutes: 1 },
  "POST /api/favorites/:id": { max: 60, minutes: 1 },
  "PUT /api/venues/:externalId/reviews/mine": { max: 30, minutes: 1 },
  "DELETE /api/venues/:externalId/reviews/mine": { max: 30, minutes: 1 },
  "PUT /api/venues/:externalId/vibe-votes/:vibe": { max: 60, minutes: 1 },
  "DELETE /api/venues/:externalId/vibe-votes/:vibe": { max: 60, minutes: 1 },
  "POST /api/admin/reviews/:id/remove": { max: 60, minutes: 1 },
  "POST /api/vibes": { max: 30, minutes: 1 },
  "DELETE /api/vibes/current": { max: 60, minutes: 1 },
  "PATCH /api/users/preferences": { max: 30, minutes: 1 },
  "PATCH /api/users/privacy": { max: 30, minutes: 1 },
  "POST /api/posts": { max: 20, minutes: 1 },
  "POST /api/posts/:id/comments": { max: 30, minutes: 1 },
  "POST /api/posts/:id/like": { max: 120, minutes: 1 },
  "POST /api/venues/:id/updates": { max: 10, minutes: 1 },
  "POST /api/admin/venues/:id/owner": { max: 60, minutes: 1 },
  "POST /api/admin/sync-venues": { max: 10, minutes: 1 },
  "POST /api/admin/analyze-sentiment": { max: 30, minutes: 1 },
  "GET /api/venues/match-public": { max: 120, minutes: 1 },
  "GET /api/venues/nearby": { max: 120, minutes: 1 },
  "GET /api/groups/:id/venues": { max: 120, minutes: 1 },
  "POST /api/discover/natural-language": { max: 30, minutes: 1 },
  "GET /api/proxy-image": { max: 600, minutes: 1 },
};
const limitOf = (key: string) => Math.max(1, Math.round(DOCUMENTED[key].max * SCALE));
const here = "latitude=37.7749&longitude=-122.4194&radius=5";
const postId = "00000000-0000-4000-8000-000000000001";
let addresses = 0;
/** A client address no other test has used (the ways into an account count per address). */
const newAddress = () => `10.29.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

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
  "POST /auth/email/signup": (a) => a.post("/auth/email/signup", {}),
  "POST /api/auth/dev-login": (a) => a.post("/api/auth/dev-login"),
  "POST /auth/email/forgot-password": (a) => a.post("/auth/email/forgot-password", { email: "nobody@example.com" }),
  "POST /auth/email/reset-password": (a) => a.post("/auth/email/reset-password", {}),
  "POST /auth/email/sign-in-link": (a) => a.post("/auth/email/sign-in-link", { email: "nobody@example.com" }),
  "POST /auth/email/sign-in-link/use": (a) => a.post("/auth/email/sign-in-link/use", {}),
  "POST /auth/email/verify": (a) => a.post("/auth/email/verify", {}),
  "POST /auth/email/verify/preview": (a) => a.post("/auth/email/verify/preview", {}),
  "POST /api/auth/verification-email": (a) => a.post("/api/auth/verification-email"),
  "GET /auth/google": (a) => a.get("/auth/google"),
  "GET /auth/apple": (a) => a.get("/auth/apple"),
  "GET /auth/x": (a) => a.get("/auth/x"),
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
  "PUT /api/venues/:externalId/vibe-votes/:vibe": (a) => a.put("/api/venues/none/vibe-votes/Chill", {}),
  "DELETE /api/venues/:externalId/vibe-votes/:vibe": (a) => a.delete("/api/venues/none/vibe-votes/Chill"),
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
const UNLIMITED: Record<string, string> = {
  "POST /auth/email/login":
    "failures are counted instead (auth/login-limit.ts: per account and address, per account, per address), " +
    "so correct sign-ins from one address are never refused (issue 27)",
};

describe.each(dbTargets())("request limits on %s", (target) => {
  let server: TestServer;
  /** Per route that was refused: the refused agent and when it was refused (for the reset test). */
  const refusedAt = new Map<string, { agent: Agent; at: number }>();

  beforeAll(async () => {
    server = await startServer(
      target,
      {},
      { RATE_LIMIT_SCALE: String(SCALE), TRUST_PROXY: "1" },
      { rateLimitWindowMs: WINDOW_MS },
    );
  });
  afterAll(async () => server?.close());

  it("covers every route the table lists", () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it("RATE_LIMITS is the table docs/social.md documents", () => {
    const documented = Object.fromEntries(
      Object.entries(DOCUMENTED).map(([key, { max, minutes, per, perAddress }]) => [
        key,
        { max, windowMs: minutes * MINUTES, ...(per ? { per } : {}), ...(perAddress ? { perAddress } : {}) },
      ]),
    );
    expect(RATE_LIMITS).toEqual(documented);
  });

  it("limits every route that changes something (or says why not)", () => {
    const routes = appRoutes(server);
    const writes = routes.filter((r) => !/^(GET|HEAD|OPTIONS) /.test(r));
    expect(writes.length).toBeGreaterThan(25);
    expect(writes.filter((r) => !RATE_LIMITS[r] && !UNLIMITED[r])).toEqual([]);
    for (const route of [...Object.keys(RATE_LIMITS), ...Object.keys(UNLIMITED)]) expect(routes).toContain(route);
  });

  /** Who calls `key` on `on`: a signed-in person for routes behind a session, a bare address for the sign-in forms. */
  const caller = async (on: TestServer, key: string, ip: string) => {
    const agent = from(on.url, ip);
    // a guest session is a person too (signing up many people would meet the sign-up limit);
    // it is started from an address of its own, so that address's guest limit is not spent here
    if (!key.includes("/auth/"))
      expect(
        (await agent.request("POST", "/api/auth/dev-login", undefined, { "x-forwarded-for": newAddress() })).status,
      ).toBe(200);
    return agent;
  };

  it.concurrent.each(Object.keys(DOCUMENTED))(
    "%s answers 429 with a message past its limit, per person or address",
    async (key) => {
      const signedIn = !key.includes("/auth/");
      const as = (ip: string) => caller(server, key, ip);
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
      const other = await as(signedIn && !DOCUMENTED[key].perAddress ? ip : newAddress());
      expect((await calls[key](other)).status).not.toBe(429);
      refusedAt.set(key, { agent: a, at: Date.now() });
    },
  );

  it("counts failed sign-ins, not correct ones: people signing in from one address get in (issue 27)", async () => {
    // before: 20 sign-ins from one address in 5 minutes, whatever their outcome, and every person
    // there got 429 with the right password (here, with the limits scaled, the second one)
    const ip = newAddress();
    const people = [];
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail("office");
      const up = await from(server.url, newAddress()).post("/auth/email/signup", { email, password: "abcdefgh" });
      expect(up.status).toBe(202);
      people.push(email);
    }
    for (let round = 0; round < 3; round++)
      for (const email of people) {
        const res = await from(server.url, ip).post("/auth/email/login", { email, password: "abcdefgh" });
        expect(res.status, res.text).toBe(200);
      }
  });

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
    const perAddress = Math.max(1, Math.round(DOCUMENTED[key].perAddress! * SCALE));
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
    // (failed sign-ins count an IPv6 /64 as one address too: tests/api/login-limits.test.ts)
    const key = "POST /auth/email/forgot-password";
    const body = { email: uniqueEmail("nobody") };
    for (let i = 1; i <= limitOf(key); i++)
      expect((await from(server.url, `2001:db8:77:1::${i}`).post("/auth/email/forgot-password", body)).status).toBe(
        202,
      );
    expect((await from(server.url, "2001:db8:77:1:ffff::9").post("/auth/email/forgot-password", body)).status).toBe(
      429,
    );
    expect((await from(server.url, "2001:db8:77:2::1").post("/auth/email/forgot-password", body)).status).toBe(202);
  });

  it("at full scale, each route's first answer states its documented limit and window", async () => {
    const full = await startServer(target, {}, { RATE_LIMIT_SCALE: "1", TRUST_PROXY: "1" }, {}, { db: server.db });
    try {
      const stated: Record<string, { limit: number; windowS: number }> = {};
      for (const key of Object.keys(DOCUMENTED)) {
        const res = (await calls[key](await caller(full, key, newAddress()))) as Awaited<ReturnType<Agent["get"]>>;
        // the whole window is left on a first request (a second may have begun: rounded up)
        const reset = Number(res.headers.get("ratelimit-reset"));
        stated[key] = { limit: Number(res.headers.get("ratelimit-limit")), windowS: Math.ceil(reset / 60) * 60 };
      }
      expect(stated).toEqual(
        Object.fromEntries(
          Object.entries(DOCUMENTED).map(([key, d]) => [key, { limit: d.max, windowS: d.minutes * 60 }]),
        ),
      );
    } finally {
      await full.close();
    }
  });

  // last, so that the tests above run during the wait
  it("resets every route's limit once its window has passed, for the one refused", async () => {
    // every route was refused above (a route whose test failed is named here as not refused)
    expect(Object.keys(DOCUMENTED).filter((key) => !refusedAt.has(key))).toEqual([]);
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
