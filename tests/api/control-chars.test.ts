import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOverpass, type FakeOverpass } from "../fakes/overpass";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

// Control characters and bidi overrides from outside (issue 14): one synced record with a NUL made
// the whole sync fail with a 400 that blamed the admin, and a name or post with U+202E displayed
// reversed. Every text from outside is now cleaned by one cleaner (src/shared/text.ts).
const AT = { latitude: 38.35, longitude: -121.55 }; // no other test's venues here
const ID = 914_000_000 + (process.pid % 1000) * 10;
// biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be stored
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

describe.each(dbTargets())("text from outside is cleaned of control and bidi characters on %s", (target) => {
  let overpass: FakeOverpass;
  let server: TestServer;
  let admin: Agent;
  const adminEmail = uniqueEmail("cc-admin");

  beforeAll(async () => {
    overpass = await startFakeOverpass([
      {
        type: "node",
        id: ID + 1,
        lat: AT.latitude,
        lon: AT.longitude,
        tags: {
          amenity: "bar",
          name: "Nul\u0000 Bar",
          description: "Cocktails\u0000 and\u0007 jazz\u202E",
          "note\u0000": "a key with a NUL",
          opening_hours: "Mo-Su 17:00-02:00",
        },
      },
      {
        type: "node",
        id: ID + 2,
        lat: AT.latitude + 0.001,
        lon: AT.longitude,
        tags: { amenity: "cafe", name: "\u202Eefac\u202C Reversed Cafe\u2066" },
      },
      {
        type: "node",
        id: ID + 3,
        lat: AT.latitude,
        lon: AT.longitude + 0.001,
        tags: { amenity: "pub", name: "Plain Pub" },
      },
    ]);
    server = await startServer(target, {}, { ADMIN_EMAILS: adminEmail, OVERPASS_URL: overpass.url });
    admin = new Agent(server.url);
    await signUpAdmin(server, admin, { email: adminEmail });
  });
  afterAll(async () => {
    await server?.close();
    await overpass?.close();
  });

  it("a sync whose records carry a NUL and bidi overrides succeeds, and stores them cleaned", async () => {
    const res = await admin.post("/api/admin/sync-venues", { ...AT, radius: 500 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ added: 3 });
    const rows = await server.db.query<{ name: string; description: string | null; data: unknown }>(
      `SELECT v.name, v.description, s.data FROM venues v JOIN venue_sources s ON s.venue_id = v.id
        WHERE v.external_id = ANY($1::text[]) ORDER BY v.external_id`,
      [[1, 2, 3].map((n) => `osm:node/${ID + n}`)],
    );
    expect(rows.map((r) => r.name)).toEqual(["Nul Bar", "efac Reversed Cafe", "Plain Pub"]);
    expect(rows[0].description).toBe("Cocktails and jazz");
    for (const r of rows) expect(JSON.stringify(r.data)).not.toMatch(/\\u0000|\\u0007|\u202E|\u2066/);
    // and the venues read back as anyone sees them
    const seen = await admin.get(
      `/api/venues/match-public?latitude=${AT.latitude}&longitude=${AT.longitude}&radius=2&vibes=all`,
    );
    expect(seen.status).toBe(200);
    for (const v of seen.body as Array<Record<string, unknown>>) expect(JSON.stringify(v)).not.toMatch(UNSAFE);
  });

  it("names, posts, comments and group names lose control and bidi characters", async () => {
    const a = root();
    const me = await signUp(a, { firstName: "\u202EecilA\u202C", lastName: "Smith\u0000\u0007" });
    const profile = (await a.get("/api/auth/me")).body;
    expect([profile.firstName, profile.lastName]).toEqual(["ecilA", "Smith"]);
    const b = root();
    const friend = await signUp(b);
    expect((await a.post("/api/friends/request", { friendId: friend.id })).status).toBe(201);
    expect((await b.post(`/api/friends/accept/${me.id}`)).status).toBe(200);

    const post = await a.post("/api/posts", {
      vibes: ["Chill"],
      content: "Great night\u0000 at \u202Ebar\u202C!\r\nSecond line\u2067",
      locationText: "Mission\tDistrict\u202D",
    });
    expect(post.status, post.text).toBe(201);
    expect(post.body.content).toBe("Great night at bar!\nSecond line");
    expect(post.body.locationText).toBe("Mission District");

    const comment = await b.post(`/api/posts/${post.body.id}/comments`, { content: "so\u0000 good \u202E" });
    expect(comment.status, comment.text).toBe(201);
    expect(comment.body.content).toBe("so good");
    // only control characters: nothing left to say
    expect((await b.post(`/api/posts/${post.body.id}/comments`, { content: "\u0000\u202E" })).body).toEqual({
      message: "Comment cannot be empty",
      fields: { content: "Comment cannot be empty" },
    });

    const group = await a.post("/api/groups", { name: "Fri\u0000ends\u202E", memberIds: [friend.id] });
    expect(group.status, group.text).toBe(201);
    expect(group.body.name).toBe("Friends");

    const feed = await b.get("/api/posts/feed");
    expect(JSON.stringify(feed.body)).not.toMatch(/\\u0000|\u202E/);
  });

  const root = () => new Agent(server.url);
});
