import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, type Res, uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/** The Content-Security-Policy as directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** The headers every response of this origin must carry, whatever it is. */
function expectSecurityHeaders(res: Res, what: string) {
  const csp = parseCsp(res.headers.get("content-security-policy"));
  // scripts: this origin only; no inline code, no eval, no wildcard or scheme sources
  expect(csp.get("script-src"), what).toEqual(["'self'"]);
  expect(csp.get("default-src"), what).toEqual(["'self'"]);
  for (const [name, sources] of csp) {
    if (name.startsWith("script-src") || name === "default-src") {
      expect(sources.join(" "), `${what}: ${name}`).not.toMatch(
        /unsafe-inline|unsafe-eval|unsafe-hashes|\*|data:|blob:|https?:/,
      );
    }
  }
  // connections (fetch, websocket) only to this origin: no scheme-wide ws:/wss:/https: or wildcard
  expect(csp.get("connect-src")?.[0], what).toBe("'self'");
  for (const source of csp.get("connect-src") ?? [])
    expect(source, `${what}: connect-src`).toMatch(/^('self'|(https|wss):\/\/[a-z0-9.-]+(:\d+)?)$/);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'self'"]);
  expect(csp.get("form-action"), what).toEqual(["'self'"]);
  // frame protection, both ways
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  // nothing that names the server software
  expect(res.headers.get("x-powered-by"), what).toBeNull();
}

describe.each(dbTargets())("security headers on %s", (target) => {
  let server: TestServer;
  let agent: Agent;
  let assets: string[] = [];

  beforeAll(async () => {
    server = await startServer(target);
    agent = new Agent(server.url);
    const html = (await agent.get("/")).text;
    assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  });
  afterAll(async () => server?.close());

  it("the built page loads its code from files only: no inline script or event handler for CSP to allow", async () => {
    const html = (await agent.get("/")).text;
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc="\/assets\//);
    expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it.each([
    ["the landing page", "/"],
    ["a client route (SPA fallback)", "/home"],
    ["the login page", "/login"],
    ["an unknown page", "/no/such/page"],
    ["the provider-not-configured page", "/auth/google"],
  ])("on HTML: %s", async (what, path) => {
    const res = await agent.get(path);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expectSecurityHeaders(res, what);
  });

  it.each([
    ["health", "GET", "/api/health", 200],
    ["a 401", "GET", "/api/auth/me", 401],
    ["a 404 of the API", "GET", "/api/nothing-here", 404],
    ["a 400", "GET", "/api/venues/match-public?latitude=abc", 400],
    ["a state change", "POST", "/api/auth/dev-login", 200],
    ["a refused foreign Origin", "POST", "/api/auth/dev-login", 403],
  ])("on API JSON: %s", async (what, method, path, status) => {
    const headers: Record<string, string> = status === 403 ? { origin: "https://evil.example" } : {};
    const res = await agent.fresh().request(method, path, undefined, headers);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expectSecurityHeaders(res, what);
  });

  it("on static assets: every built script and stylesheet, and the icons", async () => {
    for (const path of [...assets, "/favicon.svg", "/venue-fallback.svg"]) {
      const res = await agent.get(path);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res, path);
    }
  });

  it("Cache-Control: no-store on signed-in JSON answers, and on every other JSON answer (issue 27)", async () => {
    const me = agent.fresh();
    expect((await me.post("/auth/email/signup", { email: uniqueEmail("cache"), password: "abcdefgh" })).status).toBe(
      202,
    );
    for (const path of ["/api/auth/me", "/api/friends", "/api/posts/feed", "/api/favorites"]) {
      const res = await me.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    // errors and signed-out answers too; pages and built files keep their own
    expect((await agent.fresh().get("/api/auth/me")).headers.get("cache-control")).toBe("no-store");
    expect((await agent.get("/api/health")).headers.get("cache-control")).toBe("no-store");
    expect((await agent.get("/")).headers.get("cache-control")).toBe("no-cache");
    if (assets[0]) expect((await agent.get(assets[0])).headers.get("cache-control")).toMatch(/immutable/);
  });

  it("on the image proxy's refusals, and on a redirect", async () => {
    const refused = await agent.get(`/api/proxy-image?url=${encodeURIComponent("http://169.254.169.254/")}`);
    expect(refused.status).toBe(403);
    expectSecurityHeaders(refused, "proxy refusal");
    const logout = await agent.get("/api/logout");
    expect(logout.status).toBe(303);
    expectSecurityHeaders(logout, "logout redirect");
  });

  it("connect-src is this origin alone without PUBLIC_URL", async () => {
    const csp = parseCsp((await agent.get("/")).headers.get("content-security-policy"));
    expect(csp.get("connect-src")).toEqual(["'self'"]);
  });

  it("no HSTS without an https PUBLIC_URL (a plain-http deployment would lock itself out)", async () => {
    expect((await agent.get("/")).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("security headers of an https deployment", () => {
  it("add HSTS and upgrade-insecure-requests when PUBLIC_URL is https in production", async () => {
    const server = await startServer("pglite", { production: true, publicUrl: "https://vibe.example" });
    try {
      const res = await new Agent(server.url).get("/");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      const csp = parseCsp(res.headers.get("content-security-policy"));
      expect(csp.has("upgrade-insecure-requests")).toBe(true);
      // PUBLIC_URL's origin and its websocket twin, and nothing scheme-wide
      expect(csp.get("connect-src")).toEqual(["'self'", "https://vibe.example", "wss://vibe.example"]);
      expectSecurityHeaders(res, "https deployment");
    } finally {
      await server.close();
    }
  });
});

describe("the map style's origin (MAP_STYLE_URL)", () => {
  it("is the one foreign origin the page may fetch and draw from, and GET /api/map/style names the style", async () => {
    const server = await startServer("pglite", {}, { MAP_STYLE_URL: "https://tiles.example:8443/styles/liberty" });
    try {
      const agent = new Agent(server.url);
      const res = await agent.get("/");
      const csp = parseCsp(res.headers.get("content-security-policy"));
      expect(csp.get("connect-src")).toEqual(["'self'", "https://tiles.example:8443"]);
      expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://tiles.example:8443"]);
      expectSecurityHeaders(res, "map style");
      const style = await agent.get("/api/map/style");
      expect(style.status).toBe(200);
      expect(style.body).toEqual({ styleUrl: "https://tiles.example:8443/styles/liberty" });
    } finally {
      await server.close();
    }
  });

  it("none: no foreign origin at all, and the style is null", async () => {
    const server = await startServer("pglite", {}, { MAP_STYLE_URL: "none" });
    try {
      const agent = new Agent(server.url);
      const csp = parseCsp((await agent.get("/")).headers.get("content-security-policy"));
      expect(csp.get("connect-src")).toEqual(["'self'"]);
      expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
      expect((await agent.get("/api/map/style")).body).toEqual({ styleUrl: null });
    } finally {
      await server.close();
    }
  });
});
