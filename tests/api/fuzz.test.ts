import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOverpass, type FakeOverpass } from "../fakes/overpass";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Property-based fuzzing of every route's input (path parameters, query strings, JSON bodies)
 * with random and hostile values, signed in as an admin so that input reaches every route's
 * validation. The properties: never a 5xx; a 4xx answers JSON with a message; and on a 4xx no
 * row of any table changed. Every route the app registers is fuzzed (static files aside).
 * FUZZ_RUNS sets the runs per route (default 12); FUZZ_SEED replays a failure (the seed is printed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Every field name the API's schemas read, so random objects hit real fields. */
const FIELDS = [
  "latitude", "longitude", "radius", "vibes", "search", "category", "limit", "hour", "q", "cursor", "friendId", "name",
  "memberIds", "content", "venueId", "locationText", "email", "password", "firstName", "lastName", "text", "imageUrl",
  "url", "query", "capacityStatus", "noiseLevel", "currentVibes", "specialNotes", "isOpen", "preferredVibes",
  "dietaryRestrictions", "budgetPreference", "favoriteCategories", "privacyShareVibes", "privacyShareLocation",
  "privacyActivityFeed", "w", "h", "code", "state", "__proto__", "constructor", "prototype",
];

const hostileString = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "", " ", "\u0000", "a\u0000b", "\ud800", "\udfff", "\u202eevil", "💥🔥".repeat(30), "' OR 1=1 --", "'; DROP TABLE users; --",
    "<script>alert(1)</script>", "%00", "%", "_", "\\", "../../etc/passwd", "NaN", "Infinity", "-1", "1e309", "0x10",
    "null", "true", "[]", "{}", "Chill", "Chill,Chill,Chill,Chill,Chill,Chill", "all", "00000000-0000-0000-0000-000000000000",
    "http://127.0.0.1/", "http://169.254.169.254/latest/meta-data", "file:///etc/passwd", "javascript:alert(1)",
    "x".repeat(5000), "é".repeat(200),
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 0.5, 91, -181),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, fc.array(tie("v"), { maxLength: 6 }), fc.dictionary(fc.constantFrom(...FIELDS), tie("v"), { maxKeys: 4 })),
})).v;
const deep = fc.integer({ min: 50, max: 400 }).map((n) => JSON.parse("[".repeat(n) + "]".repeat(n)));
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 4 }),
  value,
  deep,
  fc.array(fc.constant("Chill"), { minLength: 100, maxLength: 3000 }).map((vibes) => ({ vibes, currentVibes: vibes, memberIds: vibes })),
);
const queryString = fc
  .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), fc.oneof(hostileString, hostileNumber.map(String)), { maxKeys: 6 })
  .map((q) => new URLSearchParams(q as Record<string, string>).toString());
/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, as their replacement). */
const encodePath = (s: string) => [...Buffer.from(s)].map((b) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0")}`)).join("");
const pathParam = fc.oneof(
  fc.oneof(hostileString, hostileNumber.map(String), fc.uuid()).map((s) => encodePath(s) || "x"),
  fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "..", "%2e%2e"), // malformed or tricky escapes, sent as they are
);

const isStatic = (route: string) => /^GET \/(assets\/|index\.html$|[^/]+\.(svg|png|ico|txt|webmanifest|json)$)/.test(route);

describe.each(dbTargets())("fuzzing every route on %s", (target) => {
  const adminEmail = uniqueEmail("fuzz-admin");
  let server: TestServer;
  let overpass: FakeOverpass;
  let admin: Agent;

  beforeAll(async () => {
    overpass = await startFakeOverpass();
    // a database of its own: other files write to the run's shared one while rows are compared here
    server = await startServer(target, {}, { ADMIN_EMAILS: adminEmail, OVERPASS_URL: overpass.url, SYNC_TIMEOUT_MS: "2000" }, {}, { isolatedDb: true });
    admin = new Agent(server.url);
    await signUp(admin, { email: adminEmail });
  });
  afterAll(async () => {
    await server?.close();
    await overpass?.close();
  });

  it("fuzzes every route", () => {
    expect(server.routes.filter((r) => !isStatic(r)).length).toBeGreaterThan(45);
  });

  it("never answers 5xx, always explains a 4xx, and changes no row on a 4xx", { timeout: 600_000 }, async () => {
    const routes = server.routes.filter((r) => !isStatic(r));
    console.log(`fuzzing ${routes.length} routes × ${RUNS} runs on ${target}, seed ${SEED} (FUZZ_SEED=${SEED} to replay)`);
    for (const route of routes) {
      const [method, pattern] = route.split(" ");
      const sessionEnding = /^(POST \/auth\/|POST \/api\/auth\/dev-login|GET \/api\/logout)/.test(route);
      await fc.assert(
        fc.asyncProperty(fc.array(pathParam, { minLength: 3, maxLength: 3 }), queryString, body, fc.boolean(), async (params, query, payload, rawText) => {
          let i = 0;
          const path = pattern.replace(/:\w+/g, () => params[i++]) + (query ? `?${query}` : "");
          // calls that end or replace a session get a caller of their own
          const as = sessionEnding ? new Agent(server.url) : admin;
          const writes = method !== "GET";
          const before = writes ? await fingerprint(server) : null;
          const sent = writes ? (rawText ? JSON.stringify(payload).slice(0, 2000) : payload) : undefined;
          const res = await as.request(method, path, sent);
          const where = `${route} → ${method} ${path.slice(0, 200)} ${writes ? JSON.stringify(sent)?.slice(0, 300) : ""}`;
          // a social provider without credentials answers its clear 'not configured' page with 503,
          // whatever it is sent: the one 5xx that is configuration, not input
          const unconfigured = /^\/auth\/(google|apple|x)(\/callback)?$/.test(pattern) && res.status === 503 && res.text.includes("is not configured");
          if (!unconfigured) expect(res.status, `${where}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400 && res.headers.get("content-type")?.includes("json")) {
            expect(typeof res.body?.message, `${where}: ${res.text.slice(0, 300)}`).toBe("string");
          }
          if (before && res.status >= 400) expect(await fingerprint(server), where).toEqual(before);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    // the admin's session survived everything it was sent
    expect((await admin.get("/api/auth/me")).status).toBe(200);
  });
});

/** Row count and a digest of every table (venues by id and update time): equal means no row changed. */
async function fingerprint(server: TestServer): Promise<Record<string, string>> {
  const tables = await server.db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const parts = tables.map(({ name }) =>
    name === "venues"
      ? `SELECT 'venues' AS name, count(*)::int AS n, md5(string_agg(id::text || '@' || updated_at::text, '|' ORDER BY id)) AS digest FROM venues`
      : name === "venue_match_counts"
        ? "" // counts of searches served, written in the background every 10 s: not input-driven
        : `SELECT '${name}' AS name, count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
  );
  const rows = await server.db.query<{ name: string; n: number; digest: string | null }>(parts.filter(Boolean).join(" UNION ALL "));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.digest}`]));
}

describe.each(dbTargets())("text with a NUL character on %s", (target) => {
  let server: TestServer;
  beforeAll(async () => void (server = await startServer(target)));
  afterAll(async () => server?.close());

  it("is an unknown venue in a venue id, and a 400 with a message in text the database would refuse", async () => {
    const a = new Agent(server.url);
    expect((await a.get("/api/venues/%00/details")).status).toBe(404);
    expect((await a.get("/api/venues/abc%00def/details")).status).toBe(404);
    await signUp(a);
    const res = await a.post("/api/posts", { vibes: ["Chill"], content: "before\u0000after" });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ message: "Text cannot contain the NUL character" });
  });
});
