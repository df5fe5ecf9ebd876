import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { naturalLanguageResultSchema } from "@shared/contracts/discover";
import { Agent, signUp } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

const at = { latitude: DEFAULT_COORDS.latitude, longitude: DEFAULT_COORDS.longitude };
const NL = "/api/discover/natural-language";

describe.each(dbTargets())("natural-language search on %s", (target) => {
  let server: TestServer;
  let agent: Agent;

  beforeAll(async () => {
    server = await startServer(target);
    agent = new Agent(server.url);
    await signUp(agent);
  });
  afterAll(async () => server?.close());

  it("reads 'cozy wine bar with live jazz' and answers bars", async () => {
    const res = await agent.post(NL, { query: "cozy wine bar with live jazz", ...at, radius: 10, limit: 50 });
    expect(res.status).toBe(200);
    const body = naturalLanguageResultSchema.parse(res.body);
    expect(body.interpretation).toMatchObject({
      // "wine" is a feature searched in tags, names and texts (issue 26), so every word is used
      confidence: 1,
      categories: ["Bar"],
      unused: [],
    });
    expect(body.interpretation.attributes.sort()).toEqual(["live_music", "wine"]);
    expect(body.interpretation.vibes).toEqual(expect.arrayContaining(["Cozy", "Live Music"]));
    expect(body.venues.length).toBeGreaterThan(0);
    expect(body.venues.every((v) => v.category === "Bar")).toBe(true);
    // best first
    const scores = body.venues.map((v) => v.matchScore!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("finds a coffee shop as a Cafe, inside the radius, up to the limit", async () => {
    const res = await agent.post(NL, { query: "quiet coffee shop", ...at, radius: 1, limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.interpretation.categories).toEqual(["Cafe, coffee shop"]);
    expect(res.body.venues.length).toBeLessThanOrEqual(5);
    expect(res.body.venues.length).toBeGreaterThan(0);
    for (const v of res.body.venues) {
      expect(v.category).toBe("Cafe");
      expect(Number(v.distance)).toBeLessThanOrEqual(1.05);
    }
  });

  it("searches names with the words it does not understand", async () => {
    const res = await agent.post(NL, { query: "tartine", ...at, radius: 10 });
    expect(res.status).toBe(200);
    expect(res.body.interpretation).toMatchObject({
      confidence: 0,
      searchTerms: ["tartine"],
      vibes: [],
      categories: [],
    });
    expect(res.body.venues.length).toBeGreaterThan(0);
    expect(res.body.venues[0].name).toMatch(/tartine/i);
    expect(res.body.venues.every((v: { name: string }) => /tartine/i.test(v.name))).toBe(true);
  });

  it("finds a venue whose source says it has live music, above venues with no sign of it", async () => {
    const near = (
      await agent.get(`/api/venues/nearby?latitude=${at.latitude}&longitude=${at.longitude}&radius=3&limit=40`)
    ).body;
    const bar = near.find((v: { category: string }) => v.category === "Bar") ?? near[near.length - 1];
    await server.db.query(
      `INSERT INTO venue_sources (venue_id, source, external_id, data, fetched_at)
       VALUES ($1, 'osm', $2, $3::jsonb, now())`,
      [
        bar.id,
        `osm:node/test-${bar.id}-${target}`,
        JSON.stringify({ type: "node", id: 1, tags: { amenity: "bar", name: bar.name, live_music: "yes" } }),
      ],
    );
    const res = await agent.post(NL, { query: "live music", ...at, radius: 3 });
    expect(res.status).toBe(200);
    const ids = res.body.venues.map((v: { id: number }) => v.id);
    expect(ids).toContain(bar.id);
    const without = res.body.venues.filter((v: { vibeScores: Record<string, number> }) => !v.vibeScores["Live Music"]);
    for (const v of without) if (v.id !== bar.id) expect(ids.indexOf(bar.id)).toBeLessThan(ids.indexOf(v.id));
  });

  // Issue 26, at Valencia & 18th: words the data answers are searched in tags, names and texts
  const mission = { latitude: 37.7617, longitude: -122.4216, radius: 10 };

  it("finds a rooftop bar with a view: Top of the Mark and Cityscape Lounge, rooftop and view searched", async () => {
    const res = await agent.post(NL, { query: "rooftop bar with a view", ...mission });
    expect(res.status).toBe(200);
    const { interpretation, venues } = naturalLanguageResultSchema.parse(res.body);
    expect(interpretation).toMatchObject({ categories: ["Bar"], unused: [], confidence: 1 });
    expect(interpretation.attributes.sort()).toEqual(["rooftop", "view"]);
    const names = venues.map((v) => v.name);
    // tourism=viewpoint (Top of the Mark, Cityscape Lounge, The View Lounge); "rooftop" in a name
    for (const name of ["Top of the Mark", "Cityscape Lounge", "The View Lounge", "Kaiyō Rooftop"])
      expect(names.slice(0, 10), name).toContain(name);
    // only venues with a sign of either: no Biergarten for want of anything better
    expect(names).not.toContain("Biergarten");
  });

  it("never searches a number: 'romantic dinner for two' does not look for 'two'", async () => {
    const res = await agent.post(NL, { query: "romantic dinner for two", ...mission });
    expect(res.status).toBe(200);
    const { interpretation, venues } = naturalLanguageResultSchema.parse(res.body);
    expect(interpretation.searchTerms).toEqual([]);
    expect(interpretation.vibes).toContain("Romantic");
    expect(venues.filter((v) => /\btwo\b/i.test(v.name)).map((v) => v.name)).toEqual([]);
  });

  it("reads 'not too expensive' as cheaper, never as upscale", async () => {
    const res = await agent.post(NL, { query: "not too expensive", ...mission });
    expect(res.status).toBe(200);
    expect(res.body.interpretation).toMatchObject({ attributes: ["price_budget"], searchTerms: [], unused: [] });
  });

  it("finds karaoke and pool tables by tags, names and texts; a negated one is said to be unsearched", async () => {
    const karaoke = naturalLanguageResultSchema.parse((await agent.post(NL, { query: "karaoke", ...mission })).body);
    expect(karaoke.venues.length).toBeGreaterThan(0);
    const ids = karaoke.venues.map((v) => v.id);
    const tags = await server.db.query<{ venue_id: number; karaoke: string | null; description: string | null }>(
      `SELECT venue_id, data->'tags'->>'karaoke' AS karaoke, data->'tags'->>'description' AS description
         FROM venue_sources WHERE venue_id = ANY($1::int[]) AND source = 'osm'`,
      [ids],
    );
    // every venue answered says karaoke somewhere: its tags, its name or its texts
    for (const v of karaoke.venues) {
      const t = tags.find((row) => row.venue_id === v.id);
      const said = t?.karaoke === "yes" || /karaoke/i.test(`${v.name} ${v.description ?? ""} ${t?.description ?? ""}`);
      expect(said, v.name).toBe(true);
    }
    const pool = naturalLanguageResultSchema.parse(
      (await agent.post(NL, { query: "bar with a pool table", ...mission })).body,
    );
    expect(pool.interpretation.attributes).toEqual(["pool_table"]);
    expect(pool.venues.map((v) => v.name)).toContain("Molotov's"); // sport=billiards
    const none = (await agent.post(NL, { query: "no karaoke", ...mission })).body;
    expect(none.interpretation).toMatchObject({ attributes: [], unused: ["karaoke"] });
  });

  it.each([
    [{ query: "", ...at }, "Location required"],
    [{ query: "   ", ...at }, "Location required"],
    [{ ...at }, "Location required"],
    [{ query: "bars" }, "Location required"],
    [{ query: "bars", latitude: "x", longitude: 1 }, "Location required"],
    [{ query: "bars", latitude: 95, longitude: 1 }, "Location required"],
    [{ query: "bars", ...at, radius: 0 }, "radius must be more than 0 and at most 125 miles"],
    [{ query: "bars", ...at, radius: 500 }, "radius must be more than 0 and at most 125 miles"],
    [{ query: "bars", ...at, limit: 51 }, "limit can be at most 50"],
    [{ query: "x".repeat(301), ...at }, "Queries can be at most 300 characters"],
  ])("refuses %j with 400", async (body, message) => {
    const res = await agent.post(NL, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("nothing matches far from any venue, and odd input is safe", async () => {
    expect((await agent.post(NL, { query: "cozy bar", latitude: 0, longitude: -140, radius: 50 })).body.venues).toEqual(
      [],
    );
    for (const query of ["☕️🍷", "%_%", "'; DROP TABLE venues; --", "not not not"]) {
      expect((await agent.post(NL, { query, ...at, radius: 5 })).status).toBe(200);
    }
  });
});
