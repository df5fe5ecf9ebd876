import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "@shared/constants";
import { RATE_LIMITS } from "../../src/server/http/rate-limits";
import { Agent } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

// Long enough that reaching a limit (a few requests) fits in it on a loaded machine; the test
// waits for it once, at the end, to see every limit reset.
const WINDOW_MS = 8000;
const SCALE = 0.05; // every limit shrunk to a few requests, so each can be reached quickly
const limitOf = (key: string) => Math.max(1, Math.round(RATE_LIMITS[key].max * SCALE));
const here = "latitude=37.7749&longitude=-122.4194&radius=5";
const postId = "00000000-0000-4000-8000-000000000001";

/** One call of each limited route; what it answers does not matter, only that it is counted. */
const calls: Record<string, (a: Agent) => Promise<{ status: number }>> = {
  "POST /auth/email/login": (a) => a.post("/auth/email/login", { email: "nobody@example.com", password: "wrong-password" }),
  "POST /auth/email/signup": (a) => a.post("/auth/email/signup", {}),
  "GET /api/venues/match-public": (a) => a.get(`/api/venues/match-public?${here}&vibes=Chill`),
  "GET /api/venues/nearby": (a) => a.get(`/api/venues/nearby?${here}`),
  "POST /api/discover/natural-language": (a) => a.post("/api/discover/natural-language", {}),
  "GET /api/users/search": (a) => a.get("/api/users/search?q=zz"),
  "POST /api/posts": (a) => a.post("/api/posts", {}),
  "POST /api/posts/:id/comments": (a) => a.post(`/api/posts/${postId}/comments`, {}),
  "POST /api/posts/:id/like": (a) => a.post(`/api/posts/${postId}/like`),
  "GET /api/proxy-image": (a) => a.get("/api/proxy-image"),
};

describe.each(dbTargets())("request limits on %s", (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(target, {}, { RATE_LIMIT_SCALE: String(SCALE), TRUST_PROXY: "true" }, { rateLimitWindowMs: WINDOW_MS });
  });
  afterAll(async () => server?.close());

  it("covers every route the table lists", () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it("answers 429 with a message past each limit, per person or address, and each limit resets", { timeout: 120_000 }, async () => {
    const as = async (ip: string, signedIn: boolean) => {
      const agent = new Agent(server.url);
      const headers = { "x-forwarded-for": ip };
      const wrapped = new Proxy(agent, {
        get: (t, p) => (p === "get" ? (path: string) => t.get(path, headers) : p === "post" ? (path: string, body?: unknown) => t.post(path, body, headers) : Reflect.get(t, p)),
      });
      // a guest session is a person too (signing up many people would meet the sign-up limit)
      if (signedIn) expect((await agent.post("/api/auth/dev-login")).status).toBe(200);
      return wrapped;
    };
    const limited: { key: string; caller: Agent }[] = [];
    let n = 0;
    for (const key of Object.keys(RATE_LIMITS)) {
      // a signed-in person for routes behind a session, a bare address for the sign-in forms
      const signedIn = !key.includes("/auth/");
      const ip = `198.51.100.${++n}`;
      const caller = await as(ip, signedIn);
      const limit = limitOf(key);
      for (let i = 0; i < limit; i++) expect((await calls[key](caller)).status, key).not.toBe(429);
      const refused = (await calls[key](caller)) as Awaited<ReturnType<Agent["get"]>>;
      expect(refused.status, key).toBe(429);
      expect(refused.body, key).toEqual({ message: TEXT.tooManyRequests });
      expect(Number(refused.headers.get("retry-after")), key).toBeGreaterThan(0);
      expect(refused.headers.get("x-ratelimit-limit"), key).toBe(String(limit));
      // someone else (another person; for the sign-in forms another address) is not affected
      const other = await as(signedIn ? ip : `203.0.113.${n}`, signedIn);
      expect((await calls[key](other)).status, key).not.toBe(429);
      limited.push({ key, caller });
    }
    await new Promise((r) => setTimeout(r, WINDOW_MS + 300));
    for (const { key, caller } of limited) expect((await calls[key](caller)).status, `${key} after the window`).not.toBe(429);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL)("request limits across instances", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { RATE_LIMIT_SCALE: String(SCALE), REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-rate-${process.pid}-${Date.now()}` };
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
    await onB.request("GET", "/api/auth/me", undefined, { cookie: onA.cookieHeader() }); // same person, other instance
    const key = "GET /api/venues/match-public";
    for (let i = 0; i < limitOf(key); i++) expect((await onA.get(`/api/venues/match-public?${here}&vibes=Chill`)).status).toBe(200);
    const res = await onB.request("GET", `/api/venues/match-public?${here}&vibes=Chill`, undefined, { cookie: onA.cookieHeader() });
    expect(res.status).toBe(429);
  });
});
