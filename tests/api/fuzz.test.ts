import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_VIBES,
  BROADCAST_VIBES,
  BUDGET_OPTIONS,
  CAPACITY_STATUSES,
  DIETARY_OPTIONS,
  FAVORITE_CATEGORY_OPTIONS,
  LIMITS,
  NOISE_LEVELS,
  PREFERENCE_VIBES,
  VENUE_CATEGORIES,
} from "@shared/vocabulary";
import { startFakeOverpass, type FakeOverpass } from "../fakes/overpass";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { appRoutes, signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Property-based fuzzing of every route's input (path parameters, query strings, JSON bodies)
 * with random and hostile values. Each route has an input model (MODELS: its caller and a valid
 * value for each parameter and field, with ids of real rows); the fuzzer mixes valid values with
 * hostile ones, leaves fields out, repeats query keys, adds unknown and prototype keys, and
 * sometimes sends a body of the wrong type or broken JSON, so input reaches past the first check.
 * Callers: an ordinary user (who owns a venue, has a friend, a post, a group and a pending friend
 * request), the admin for /api/admin, and a new browser for calls that start or end a session.
 * The properties: never a 5xx; a 4xx answers JSON with a message; and on a 4xx no row of any
 * table changed. Every route the app registers is fuzzed (static files aside), and a route without
 * a model fails the first test. FUZZ_RUNS sets the runs per route (default 25); FUZZ_SEED replays
 * a failure (the seed is printed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Every field name the API's schemas read, so random objects hit real fields. */
const FIELDS = [
  "latitude",
  "longitude",
  "radius",
  "vibes",
  "search",
  "category",
  "limit",
  "hour",
  "q",
  "cursor",
  "friendId",
  "userId",
  "name",
  "memberIds",
  "content",
  "venueId",
  "locationText",
  "rating",
  "vote",
  "reason",
  "email",
  "password",
  "firstName",
  "lastName",
  "text",
  "imageUrl",
  "url",
  "query",
  "capacityStatus",
  "noiseLevel",
  "currentVibes",
  "specialNotes",
  "isOpen",
  "preferredVibes",
  "dietaryRestrictions",
  "budgetPreference",
  "favoriteCategories",
  "privacyShareVibes",
  "privacyShareLocation",
  "privacyActivityFeed",
  "privacyFindByEmail",
  "w",
  "h",
  "code",
  "state",
  "token",
  "__proto__",
  "constructor",
  "prototype",
];

const hostileString = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff",
    "\u202eevil",
    "💥🔥".repeat(30),
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
    "%00",
    "%",
    "_",
    "\\",
    "../../etc/passwd",
    "NaN",
    "Infinity",
    "-1",
    "1e309",
    "0x10",
    "null",
    "true",
    "[]",
    "{}",
    "Chill",
    "Chill,Chill,Chill,Chill,Chill,Chill",
    "all",
    "00000000-0000-0000-0000-000000000000",
    "http://127.0.0.1/",
    "http://169.254.169.254/latest/meta-data",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "x".repeat(5000),
    "é".repeat(200),
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 0.5, 91, -181),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 6 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie("v"), { maxKeys: 4 }),
  ),
})).v;
const deep = fc.integer({ min: 50, max: 400 }).map((n) => JSON.parse("[".repeat(n) + "]".repeat(n)));
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 4 }),
  value,
  deep,
  fc
    .array(fc.constant("Chill"), { minLength: 100, maxLength: 3000 })
    .map((vibes) => ({ vibes, currentVibes: vibes, memberIds: vibes })),
);
const queryString = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
    fc.oneof(hostileString, hostileNumber.map(String)),
    { maxKeys: 6 },
  )
  .map((q) => new URLSearchParams(q as Record<string, string>).toString());
/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, as their replacement). */
const encodePath = (s: string) =>
  [...Buffer.from(s)]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0")}`,
    )
    .join("");
const pathParam = fc.oneof(
  fc.oneof(hostileString, hostileNumber.map(String), fc.uuid()).map((s) => encodePath(s) || "x"),
  fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "..", "%2e%2e"), // malformed or tricky escapes, sent as they are
);

/** What a fuzzed call can use: ids of real rows, so valid-looking input reaches past validation. */
interface Ids {
  venueId: number;
  externalId: string;
  postId: string;
  groupId: string;
  friendId: string;
  requesterId: string;
  /** Someone user has nothing to do with: the one to block (blocking the friend would undo the fixtures). */
  strangerId: string;
  userEmail: string;
  userPassword: string;
}
type Fields = Record<string, fc.Arbitrary<unknown>>;
/**
 * A route's input model: who calls it, and for each path parameter, query field and body field, a
 * valid value (the fuzzer mixes in hostile ones, drops fields and adds unknown keys). `body: {}`
 * means the route reads no body (one is sent anyway); no `body` on a GET.
 */
interface Model {
  as: "user" | "admin" | "fresh";
  params?: (ids: Ids) => Record<string, fc.Arbitrary<string>>;
  query?: (ids: Ids) => Fields;
  body?: (ids: Ids) => Fields;
}

const lat = fc.double({ min: 37.7, max: 37.8, noNaN: true });
const lng = fc.double({ min: -122.5, max: -122.4, noNaN: true });
const vibeList = (max = 5, list: readonly string[] = ALL_VIBES) =>
  fc.subarray([...list], { minLength: 1, maxLength: max });
const vibesQuery = fc.oneof(
  fc.constant("all"),
  vibeList().map((l) => l.join(",")),
);
const place = { latitude: lat, longitude: lng, radius: fc.integer({ min: 1, max: 50 }) };
const email = fc.emailAddress();
const password = fc.string({ minLength: 8, maxLength: 40 });
const noInput: Model = { as: "user", query: () => ({}) };
const provider = (p: string) =>
  ({
    [`GET /auth/${p}`]: { as: "fresh", query: () => ({}) },
    [`GET /auth/${p}/callback`]: { as: "fresh", query: () => ({ code: fc.string(), state: fc.string() }) },
    [`POST /auth/${p}/callback`]: {
      as: "fresh",
      body: () => ({ code: fc.string(), state: fc.string(), user: fc.json() }),
    },
  }) satisfies Record<string, Model>;

/** Every route's input. A route the app has without a model here fails the first test. */
const MODELS: Record<string, Model> = {
  "GET /api/health": noInput,
  "GET /api/health/ready": noInput,
  "GET /api/map/style": noInput,
  "GET /ws": noInput,
  "POST /auth/email/signup": {
    as: "fresh",
    body: () => ({ email, password, firstName: fc.string({ maxLength: 60 }), lastName: fc.string({ maxLength: 60 }) }),
  },
  "POST /auth/email/login": {
    as: "fresh",
    body: (ids) => ({
      email: fc.oneof(email, fc.constant(ids.userEmail)),
      password: fc.oneof(password, fc.constant(ids.userPassword)),
    }),
  },
  "POST /api/auth/dev-login": { as: "fresh", body: () => ({}) },
  "POST /auth/email/forgot-password": {
    as: "fresh",
    body: (ids) => ({ email: fc.oneof(email, fc.constant(ids.userEmail)) }),
  },
  "POST /auth/email/reset-password": {
    as: "fresh",
    body: () => ({ token: fc.base64String({ minLength: 44, maxLength: 44 }).map((t) => t.slice(0, 43)), password }),
  },
  "POST /auth/email/verify": {
    as: "fresh",
    body: () => ({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), password }),
  },
  "POST /auth/email/verify/preview": {
    as: "fresh",
    body: () => ({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  },
  "POST /auth/email/sign-in-link": {
    as: "fresh",
    body: (ids) => ({ email: fc.oneof(email, fc.constant(ids.userEmail)) }),
  },
  "POST /auth/email/sign-in-link/use": {
    as: "fresh",
    body: () => ({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  },
  "POST /api/auth/verification-email": { as: "user", body: () => ({}) },
  "POST /api/auth/logout-everywhere": { as: "fresh", body: () => ({}) },
  "GET /api/logout": { as: "fresh", query: () => ({}) },
  "GET /api/auth/me": noInput,
  ...provider("google"),
  ...provider("apple"),
  ...provider("x"),
  "GET /api/venues/match-public": {
    as: "user",
    query: () => ({
      ...place,
      vibes: vibesQuery,
      search: fc.string({ maxLength: 100 }),
      category: fc.constantFrom("all", ...VENUE_CATEGORIES),
      sort: fc.constantFrom("proximity", "rating", "best"),
      offset: fc.integer({ min: 0, max: 10_000 }),
      limit: fc.integer({ min: 1, max: 100 }),
    }),
  },
  "GET /api/venues/nearby": {
    as: "user",
    query: () => ({
      ...place,
      lat,
      lng,
      limit: fc.integer({ min: 1, max: 100 }),
      offset: fc.integer({ min: 0, max: 10_000 }),
      hour: fc.integer({ min: 0, max: 23 }),
      search: fc.string({ maxLength: 100 }),
    }),
  },
  "GET /api/venues/:externalId": {
    as: "user",
    params: (ids) => ({ externalId: fc.constant(ids.externalId) }),
    query: () => ({ latitude: lat, longitude: lng }),
  },
  // a page of the client (its path is fuzzed as the wildcard itself): HTML, also on a 404
  "GET /venues/*": { as: "user", query: () => ({}) },
  "GET /api/venues/:externalId/details": {
    as: "user",
    params: (ids) => ({ externalId: fc.constant(ids.externalId) }),
    query: () => ({}),
  },
  "GET /api/venues/:externalId/reviews": {
    as: "user",
    params: (ids) => ({ externalId: fc.constant(ids.externalId) }),
    query: () => ({}),
  },
  "PUT /api/venues/:externalId/reviews/mine": {
    as: "user",
    params: (ids) => ({ externalId: fc.constant(ids.externalId) }),
    body: () => ({ rating: fc.integer({ min: 1, max: 5 }), text: fc.string({ maxLength: 1000 }) }),
  },
  "DELETE /api/venues/:externalId/reviews/mine": {
    as: "user",
    params: (ids) => ({ externalId: fc.constant(ids.externalId) }),
    body: () => ({}),
  },
  "GET /api/venues/:externalId/vibe-votes": {
    as: "user",
    params: (ids) => ({ externalId: fc.constant(ids.externalId) }),
    query: () => ({}),
  },
  // the admin's email is proven: a vote gets past who may vote, to its input
  "PUT /api/venues/:externalId/vibe-votes/:vibe": {
    as: "admin",
    params: (ids) => ({ externalId: fc.constant(ids.externalId), vibe: fc.constantFrom(...ALL_VIBES) }),
    body: () => ({ vote: fc.constantFrom("yes", "no") }),
  },
  "DELETE /api/venues/:externalId/vibe-votes/:vibe": {
    as: "admin",
    params: (ids) => ({ externalId: fc.constant(ids.externalId), vibe: fc.constantFrom(...ALL_VIBES) }),
    body: () => ({}),
  },
  "POST /api/admin/reviews/:id/remove": {
    as: "admin",
    params: () => ({ id: fc.integer({ min: 1, max: 1000 }).map(String) }),
    body: () => ({ reason: fc.string({ maxLength: 300 }) }),
  },
  "POST /api/favorites/:id": {
    as: "user",
    params: (ids) => ({ id: fc.constant(String(ids.venueId)) }),
    body: () => ({}),
  },
  "GET /api/favorites": { as: "user", query: () => ({ latitude: lat, longitude: lng }) },
  "GET /api/vibes/current": noInput,
  "DELETE /api/vibes/current": noInput,
  "POST /api/vibes": { as: "user", body: () => ({ vibes: vibeList(), isPrivate: fc.boolean() }) },
  "GET /api/posts/feed": {
    as: "user",
    query: () => ({ limit: fc.integer({ min: 1, max: 100 }), cursor: fc.base64String({ maxLength: 120 }) }),
  },
  "POST /api/posts": {
    as: "user",
    body: (ids) => ({
      vibes: vibeList(),
      content: fc.string({ maxLength: 500 }),
      venueId: fc.constant(ids.venueId),
      locationText: fc.string({ maxLength: 120 }),
      rating: fc.integer({ min: 1, max: 5 }),
    }),
  },
  "POST /api/posts/:id/like": { as: "user", params: (ids) => ({ id: fc.constant(ids.postId) }), body: () => ({}) },
  "GET /api/posts/:id/comments": { as: "user", params: (ids) => ({ id: fc.constant(ids.postId) }), query: () => ({}) },
  "POST /api/posts/:id/comments": {
    as: "user",
    params: (ids) => ({ id: fc.constant(ids.postId) }),
    body: () => ({ content: fc.string({ minLength: 1, maxLength: 500 }) }),
  },
  "GET /api/users/search": { as: "user", query: () => ({ q: fc.string({ minLength: 2, maxLength: 100 }) }) },
  "POST /api/friends/request": {
    as: "user",
    body: (ids) => ({ friendId: fc.oneof(fc.constant(ids.friendId), fc.constant(ids.requesterId), fc.uuid()) }),
  },
  "GET /api/friends/requests": noInput,
  "POST /api/friends/accept/:userId": {
    as: "user",
    params: (ids) => ({ userId: fc.constant(ids.requesterId) }),
    body: () => ({}),
  },
  "POST /api/friends/reject/:userId": {
    as: "user",
    params: (ids) => ({ userId: fc.constant(ids.requesterId) }),
    body: () => ({}),
  },
  "GET /api/friends": noInput,
  "GET /api/groups": noInput,
  "POST /api/groups": {
    as: "user",
    body: (ids) => ({ name: fc.string({ minLength: 1, maxLength: 60 }), memberIds: fc.constant([ids.friendId]) }),
  },
  "DELETE /api/groups/:id": { as: "user", params: (ids) => ({ id: fc.constant(ids.groupId) }) },
  "POST /api/groups/:id/leave": { as: "user", params: (ids) => ({ id: fc.constant(ids.groupId) }), body: () => ({}) },
  "GET /api/blocks": noInput,
  "POST /api/blocks": {
    as: "user",
    body: (ids) => ({ userId: fc.oneof(fc.constant(ids.strangerId), fc.uuid()) }),
  },
  "DELETE /api/blocks/:userId": { as: "user", params: (ids) => ({ userId: fc.constant(ids.strangerId) }) },
  "GET /api/groups/:id/venues": {
    as: "user",
    params: (ids) => ({ id: fc.constant(ids.groupId) }),
    query: () => ({ ...place, vibes: vibesQuery }),
  },
  "PATCH /api/users/preferences": {
    as: "user",
    body: () => ({
      preferredVibes: vibeList(5, PREFERENCE_VIBES),
      dietaryRestrictions: fc.subarray([...DIETARY_OPTIONS]),
      budgetPreference: fc.option(fc.constantFrom(...BUDGET_OPTIONS)),
      favoriteCategories: fc.subarray([...FAVORITE_CATEGORY_OPTIONS]),
    }),
  },
  "PATCH /api/users/privacy": {
    as: "user",
    body: () => ({
      privacyShareVibes: fc.boolean(),
      privacyShareLocation: fc.boolean(),
      privacyActivityFeed: fc.boolean(),
    }),
  },
  "POST /api/admin/venues/:id/owner": {
    as: "admin",
    params: (ids) => ({ id: fc.constant(String(ids.venueId)) }),
    body: (ids) => ({ email: fc.oneof(email, fc.constant(ids.userEmail)) }),
  },
  "GET /api/my-venues": noInput,
  "POST /api/venues/:id/updates": {
    as: "user", // the user owns the venue
    params: (ids) => ({ id: fc.constant(String(ids.venueId)) }),
    body: () => ({
      capacityStatus: fc.constantFrom(...CAPACITY_STATUSES),
      noiseLevel: fc.constantFrom(...NOISE_LEVELS),
      currentVibes: vibeList(3, BROADCAST_VIBES),
      specialNotes: fc.option(fc.string({ maxLength: 280 })),
      isOpen: fc.boolean(),
    }),
  },
  "GET /api/my-venues/:id/stats": {
    as: "user",
    params: (ids) => ({ id: fc.constant(String(ids.venueId)) }),
    query: () => ({}),
  },
  "POST /api/admin/sync-venues": { as: "admin", body: () => ({ ...place, radius: fc.integer({ min: 1, max: 2000 }) }) },
  "GET /api/admin/services": { as: "admin", query: () => ({}) },
  // image URLs only of hosts the analyzer refuses: there is no internet here to fetch from
  "POST /api/admin/analyze-sentiment": {
    as: "admin",
    body: () => ({
      text: fc.string({ maxLength: 2000 }),
      imageUrl: fc.constantFrom("http://127.0.0.1/x.jpg", "http://10.0.0.1/a.png", "not a url"),
    }),
  },
  "POST /api/discover/natural-language": {
    as: "user",
    body: () => ({
      query: fc.string({ maxLength: 300 }),
      latitude: lat,
      longitude: lng,
      radius: fc.integer({ min: 1, max: 125 }),
      limit: fc.integer({ min: 1, max: 20 }),
    }),
  },
  "GET /api/proxy-image": {
    as: "user",
    query: () => ({
      url: fc.constantFrom("http://127.0.0.1/x.jpg", "https://evil.example/a.png", "ftp://x/y", "not a url"),
    }),
  },
};

/** A body sent as this exact text (broken JSON, or sized to the byte). */
class Raw {
  constructor(readonly text: string) {}
}
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];
/** A field's value: valid (most often), hostile, or (as `undefined`) left out. */
const field = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 2, arbitrary: value },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
/** An object of the model's fields, each maybe hostile, plus sometimes unknown or prototype keys. */
const objectOf = (fields: Fields) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, field(v)]))),
      fc.dictionary(fc.constantFrom(...FIELDS, ...PROTO_KEYS), value, { maxKeys: 2 }),
      fc.nat(9),
    )
    .map(([known, extra, dice]) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(known)) if (v !== undefined) out[k] = v;
      if (dice < 3)
        for (const [k, v] of Object.entries(extra))
          Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
const queryOf = (fields: Fields) =>
  fc
    .tuple(
      objectOf(fields),
      fc.nat(4).map((n) => n === 0),
    )
    .map(([q, twice]) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) {
        const text = typeof v === "string" ? v : (JSON.stringify(v) ?? "");
        search.append(k, text);
        if (twice) search.append(k, text); // a repeated key arrives as a list
      }
      return search.toString();
    });
/** A body: the model's object most often, else anything hostile (wrong type, deep, huge, not JSON). */
const bodyOf = (fields: Fields) =>
  fc.oneof(
    { weight: 6, arbitrary: objectOf(fields) },
    { weight: 3, arbitrary: body },
    // near the body limit, on both sides (413 above it)
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...Object.keys(fields), "text"),
          fc.integer({ min: LIMITS.bodyLimitBytes - 64, max: LIMITS.bodyLimitBytes + 64 }),
        )
        .map(([k, n]) => new Raw(JSON.stringify({ [k]: "é".repeat(Math.floor((n - k.length - 8) / 2)) }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "{",
          "[1,",
          '{"a":1}{',
          "\u0000",
          '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
        )
        .map((t) => new Raw(t)),
    },
  );

describe.each(dbTargets())("fuzzing every route on %s", (target) => {
  const adminEmail = uniqueEmail("fuzz-admin");
  let server: TestServer;
  let overpass: FakeOverpass;
  let admin: Agent;
  let user: Agent;
  let ids: Ids;

  beforeAll(async () => {
    overpass = await startFakeOverpass();
    server = await startServer(
      target,
      {},
      { ADMIN_EMAILS: adminEmail, OVERPASS_URL: overpass.url, AREA_FETCH: "off", SYNC_TIMEOUT_MS: "2000" },
      {},
      { ownDatabase: true },
    );
    admin = new Agent(server.url);
    await signUpAdmin(server, admin, { email: adminEmail });
    // user, a friend of theirs, someone who asked to be their friend; user owns a venue, wrote a post, has a group
    user = new Agent(server.url);
    const me = await signUp(user);
    const friend = new Agent(server.url);
    const friendUser = await signUp(friend);
    expect((await friend.post("/api/friends/request", { friendId: me.id })).status).toBe(201);
    expect((await user.post(`/api/friends/accept/${friendUser.id}`)).status).toBe(200);
    const requester = new Agent(server.url);
    const requesterUser = await signUp(requester);
    expect((await requester.post("/api/friends/request", { friendId: me.id })).status).toBe(201);
    const strangerUser = await signUp(new Agent(server.url));
    const [venue] = (await user.get("/api/venues/nearby?latitude=37.7749&longitude=-122.4194&radius=5&limit=1")).body;
    expect((await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: me.email })).status).toBe(201);
    const post = await user.post("/api/posts", { vibes: ["Chill"], content: "fuzz me" });
    const group = await user.post("/api/groups", { name: "Fuzz", memberIds: [friendUser.id] });
    ids = {
      venueId: venue.id,
      externalId: venue.externalId,
      postId: post.body.id,
      groupId: group.body.id,
      friendId: friendUser.id,
      requesterId: requesterUser.id,
      strangerId: strangerUser.id,
      userEmail: me.email,
      userPassword: me.password,
    };
  });
  afterAll(async () => {
    await server?.close();
    await overpass?.close();
  });

  it("has an input model for every route of the app, and only for those", () => {
    const routes = appRoutes(server).sort();
    expect(routes.length).toBeGreaterThan(45);
    expect(Object.keys(MODELS).sort()).toEqual(routes);
  });

  it("never answers 5xx, always explains a 4xx, and changes no row on a 4xx", { timeout: 600_000 }, async () => {
    const routes = appRoutes(server);
    console.log(
      `fuzzing ${routes.length} routes × ${RUNS} runs on ${target}, seed ${SEED} (FUZZ_SEED=${SEED} to replay)`,
    );
    const started = Date.now();
    const snapshot = fingerprints(server);
    const times: Array<[string, number]> = [];
    const statuses: Record<number, number> = {};
    for (const route of routes) {
      const routeStarted = Date.now();
      const [method, pattern] = route.split(" ");
      const model = MODELS[route];
      const validParams = model.params?.(ids) ?? {};
      const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const params = fc.tuple(
        ...names.map((n) =>
          fc.oneof(
            { weight: 1, arbitrary: (validParams[n] ?? pathParam).map(encodePath) },
            { weight: 2, arbitrary: pathParam },
          ),
        ),
      );
      const query = fc.oneof(
        { weight: 3, arbitrary: queryOf(model.query?.(ids) ?? {}) },
        { weight: 1, arbitrary: queryString },
      );
      const payload = method === "GET" ? fc.constant(undefined) : bodyOf(model.body?.(ids) ?? {});
      await fc.assert(
        fc.asyncProperty(params, query, payload, async (ps, q, sent) => {
          let i = 0;
          const path = pattern.replace(/:\w+/g, () => ps[i++] || "x") + (q ? `?${q}` : "");
          // calls that start, end or replace a session get a caller of their own
          const as = model.as === "fresh" ? new Agent(server.url) : model.as === "admin" ? admin : user;
          const writes = method !== "GET";
          // work an earlier answer left running (a mail and its link, after a sign-up) lands first
          await server.ctx.quiet();
          const before = await snapshot.take(); // reads too: a GET must not write on a refusal either
          const raw = sent instanceof Raw ? sent.text : undefined;
          const res = await as.request(method, path, raw ?? sent);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const shown = raw ?? JSON.stringify(sent);
          const where = `${route} → ${method} ${path.slice(0, 200)} ${writes ? shown?.slice(0, 300) : ""}`;
          // a social provider without credentials answers its clear 'not configured' page with 503,
          // whatever it is sent: the one 5xx that is configuration, not input
          const unconfigured =
            /^\/auth\/(google|apple|x)(\/callback)?$/.test(pattern) &&
            res.status === 503 &&
            res.text.includes("is not configured");
          if (!unconfigured) expect(res.status, `${where}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
          // a page of the client answers its 404 page in HTML (the client's 404 card)
          const page = pattern.startsWith("/venues/") && res.status === 404;
          if (page) expect(res.headers.get("content-type"), where).toMatch(/^text\/html/);
          if (res.status >= 400 && !unconfigured && !page) {
            expect(res.headers.get("content-type") ?? "no content-type", `${where}: ${res.text.slice(0, 300)}`).toMatch(
              /json/,
            );
            expect(typeof res.body?.message, `${where}: ${res.text.slice(0, 300)}`).toBe("string");
          }
          if (res.status >= 400) {
            await server.ctx.quiet();
            const after = await snapshot.after(before);
            // the one deliberate write on a refusal: a wrong password is counted (spec: login limits)
            if (route === "POST /auth/email/login" && res.status === 401) after.auth_failures = before.auth_failures;
            expect(after, where).toEqual(before);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      times.push([route, Date.now() - routeStarted]);
    }
    if (process.env.FUZZ_TIMES)
      console.log(
        times
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([r, ms]) => `${r}: ${ms} ms`)
          .join("\n"),
      );
    console.log(
      `fuzzed ${routes.length} routes × ${RUNS} runs on ${target} ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `statuses ${JSON.stringify(statuses)}`,
    );
    // the callers' sessions survived everything they were sent
    expect((await admin.get("/api/auth/me")).status).toBe(200);
    expect((await user.get("/api/auth/me")).status).toBe(200);
  });

  // text with a NUL character (on this file's server: a server of its own cost two starts a run)
  it("reads a NUL in a venue id as an unknown venue, cleans it from text (the database cannot store it)", async () => {
    const a = new Agent(server.url);
    expect((await a.get("/api/venues/%00/details")).status).toBe(404);
    expect((await a.get("/api/venues/abc%00def/details")).status).toBe(404);
    await signUp(a);
    const res = await a.post("/api/posts", { vibes: ["Chill"], content: "before\u0000after" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.content).toBe("beforeafter");
  });
});

/**
 * Fingerprints, cheaply. A transaction that writes anything is given a transaction id, so while
 * the next id to be given out has not moved, no row can have changed and the last digest of every
 * table still holds. When it moved, only the tables with a row changed since are read again: a
 * trigger on every table (this file's own database) logs each row inserted, updated or deleted
 * and each truncation, with the table's name, in the same transaction (so a rolled-back change
 * leaves no trace, as it leaves no row). Reading every table again on every move cost ~40 ms a
 * time, ~850 times a database (36 of the 59 s of the fuzzing on PGlite); the digests compared are
 * the same.
 */
function fingerprints(server: TestServer) {
  const nextXid = async () =>
    (await server.db.query<{ x: string }>("SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x"))[0].x;
  const changesOf = async () =>
    Object.fromEntries(
      (
        await server.db.query<{ name: string; n: number }>(`SELECT name, count(*)::int AS n FROM ${LOG} GROUP BY name`)
      ).map((r) => [r.name, r.n]),
    ) as Record<string, number>;
  let ready: Promise<void> | null = null;
  let last: { xid: string; changes: Record<string, number>; digest: Record<string, string> } | null = null;
  const take = async (): Promise<Record<string, string>> => {
    ready ??= logChanges(server);
    await ready;
    const xid = await nextXid();
    if (last?.xid !== xid) {
      const changes = await changesOf();
      const moved = last ? Object.keys(changes).filter((t) => changes[t] !== last?.changes[t]) : null;
      const digest = moved?.length === 0 ? {} : await fingerprint(server, moved);
      last = { xid, changes, digest: { ...last?.digest, ...digest } };
    }
    return { ...last.digest, xid };
  };
  return {
    take: async () => take(),
    /** The digest now, with the transaction id of `before` when no transaction wrote anything since. */
    after: async (before: Record<string, string>): Promise<Record<string, string>> => {
      const now = await take();
      return now.xid === before.xid ? now : { ...now, xid: before.xid };
    },
  };
}

/** The log of row changes (by table name) that tells `fingerprints` which tables to read again. */
const LOG = "fuzz_row_changes";
/** Counts of searches served, written in the background every 10 s: not input-driven. */
const UNWATCHED = ["venue_match_counts", LOG];

/** Installs the change log and a trigger on every table (but UNWATCHED) that writes to it. */
async function logChanges(server: TestServer) {
  await server.db.exec(`
    CREATE TABLE IF NOT EXISTS ${LOG} (name text NOT NULL);
    CREATE OR REPLACE FUNCTION fuzz_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${LOG} (name) VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END $$;`);
  for (const name of await tablesOf(server)) {
    await server.db.exec(`
      CREATE TRIGGER fuzz_log_rows AFTER INSERT OR UPDATE OR DELETE ON "${name}"
        FOR EACH ROW EXECUTE FUNCTION fuzz_log_change();
      CREATE TRIGGER fuzz_log_truncate AFTER TRUNCATE ON "${name}"
        FOR EACH STATEMENT EXECUTE FUNCTION fuzz_log_change();`);
  }
}

async function tablesOf(server: TestServer) {
  const tables = await server.db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables " +
      "WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  return tables.map((t) => t.name).filter((name) => !UNWATCHED.includes(name));
}

/**
 * Row count and a digest of every table (venues by id and update time), or of the tables named:
 * equal means no row changed.
 */
async function fingerprint(server: TestServer, only: string[] | null = null): Promise<Record<string, string>> {
  const names = (await tablesOf(server)).filter((name) => !only || only.includes(name));
  const parts = names.map((name) =>
    name === "venues"
      ? `SELECT 'venues' AS name, count(*)::int AS n,
           md5(string_agg(id::text || '@' || updated_at::text, '|' ORDER BY id)) AS digest FROM venues`
      : `SELECT '${name}' AS name, count(*)::int AS n,
           md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
  );
  if (!parts.length) return {};
  const rows = await server.db.query<{ name: string; n: number; digest: string | null }>(parts.join(" UNION ALL "));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.digest}`]));
}
