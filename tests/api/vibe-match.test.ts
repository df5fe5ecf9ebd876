import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOTAL_COUNT_HEADER, type Venue, type VenueDetails } from "@shared/contracts/venues";
import { offset, startFakeOverpass, type FakeOverpass, type OverpassElement } from "../fakes/overpass";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Issue 16 over real HTTP: venues synced from the Overpass fake get blend-v6 scores (texts read by
 * vibe-model-v3, a name only a hint), only venues likely to have a vibe match it, and sort=best
 * ranks the matches by fit alone. Its own area, far from the seed and the other files' areas.
 */
const G = { latitude: 38.42, longitude: -121.55 };
const at = (north: number, east: number) => offset(G.latitude, G.longitude, north, east);
const here = `latitude=${G.latitude}&longitude=${G.longitude}&radius=5`;

const ELEMENTS: OverpassElement[] = [
  // next door, and a restaurant: a hint of Romantic (category) but nothing said
  { type: "node", id: 16_001, ...at(30, 0), tags: { amenity: "restaurant", name: "Corner Diner" } },
  // a bit further: its description says it outright
  {
    type: "node",
    id: 16_002,
    ...at(800, 0),
    tags: {
      amenity: "restaurant",
      name: "Maison Lune",
      description: "Candlelit and romantic, quiet enough to talk: perfect for date night.",
    },
  },
  // furthest: a bistro (a name word, weak) with a wine list, and a description that says less
  {
    type: "node",
    id: 16_003,
    ...at(2500, 0),
    tags: {
      amenity: "restaurant",
      name: "Bistro Verre",
      "drink:wine": "yes",
      description: "A cozy little wine bistro, nice for a date.",
    },
  },
  // a bistro with a wine list and nothing said: hints only, not a match
  {
    type: "node",
    id: 16_005,
    ...at(0, -300),
    tags: { amenity: "restaurant", name: "Bistro Gris", "drink:wine": "yes" },
  },
  // a saloon: its name is no verdict on Country Music
  { type: "node", id: 16_004, ...at(0, 400), tags: { amenity: "bar", name: "Silver Spur Saloon" } },
];

describe.each(dbTargets())("vibe matches ranked by fit on %s", (target) => {
  let overpass: FakeOverpass;
  let server: TestServer;
  let admin: Agent;
  let anon: Agent;
  const email = uniqueEmail("blend-admin");

  beforeAll(async () => {
    overpass = await startFakeOverpass(ELEMENTS);
    server = await startServer(target, {}, { ADMIN_EMAILS: email, OVERPASS_URL: overpass.url, AREA_FETCH: "off" });
    admin = new Agent(server.url);
    await signUpAdmin(server, admin, { email });
    anon = new Agent(server.url);
    const res = await admin.post("/api/admin/sync-venues", { ...G, radius: 3000 });
    expect(res.status).toBe(200);
    expect(res.body.added).toBe(5);
  });
  afterAll(async () => {
    await server?.close();
    await overpass?.close();
  });

  const match = async (query: string) => {
    const res = await anon.get<Venue[]>(`/api/venues/match-public?${here}&${query}`);
    expect(res.status).toBe(200);
    return res;
  };
  const byName = async (name: string) =>
    (await match("vibes=all")).body.find((v) => v.name === name) ?? expect.unreachable(`${name} not found`);

  it("stores blend-v6 probabilities: texts through the model, a name only a hint, silence unknown", async () => {
    const rows = await server.db.query<{ name: string; vibe_method: string }>(
      "SELECT name, vibe_method FROM venues WHERE external_id = ANY($1::text[]) ORDER BY name",
      [ELEMENTS.map((e) => `osm:node/${e.id}`)],
    );
    expect(rows.map((r) => r.vibe_method)).toEqual(Array(5).fill("blend-v6"));

    const lune = await byName("Maison Lune");
    expect(lune.vibeScores.Romantic).toBeGreaterThanOrEqual(0.5);
    expect(lune.detectedVibes).toContain("Romantic");
    const diner = await byName("Corner Diner");
    expect(diner.detectedVibes).not.toContain("Romantic");
    expect(diner.vibeScores).not.toHaveProperty("Loud"); // nothing speaks of noise: unknown
    const saloon = await byName("Silver Spur Saloon");
    expect(saloon.vibeScores["Country Music"]).toBeGreaterThan(0);
    expect(saloon.vibeScores["Country Music"]).toBeLessThan(0.2);
    expect(saloon.detectedVibes).not.toContain("Country Music");

    const details = await anon.get<VenueDetails>(`/api/venues/${encodeURIComponent(lune.externalId!)}/details`);
    expect(details.status).toBe(200);
    const romantic = details.body.vibeEvidence.Romantic;
    expect(romantic[0]).toMatchObject({ source: "text" });
    expect(romantic[0].detail).toMatch(/^From the description: ".*"/);
  });

  it("counts only venues likely to have the vibe as matches", async () => {
    const res = await match("vibes=Romantic");
    // the confirmed matches (issue 25: likely ones follow, labelled, when they fill less than a page)
    const confirmed = res.body.filter((v) => !v.likely);
    const names = confirmed.map((v) => v.name);
    expect(names).toContain("Maison Lune");
    expect(names).toContain("Bistro Verre");
    expect(names).not.toContain("Corner Diner");
    expect(names).not.toContain("Bistro Gris");
    expect(names).not.toContain("Silver Spur Saloon");
    expect((await match("vibes=Country%20Music")).body).toEqual([]);
    for (const v of confirmed) expect(v.vibeScores.Romantic).toBeGreaterThanOrEqual(0.4);
    // a bistro by its name that serves wine (two hints, likely-v2) is a likely one, saying why, with no
    // match percentage
    const gris = res.body.find((v) => v.name === "Bistro Gris");
    expect(gris).toMatchObject({ likely: { vibe: "Romantic", reasons: ["serves wine", "bistro"] }, matchScore: null });
  });

  it("sort=best ranks matches by fit alone, the default by fit and nearness", async () => {
    const best = await match("vibes=Romantic&sort=best");
    const scores = best.body.map((v) => v.matchScore!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(best.body[0].name).toBe("Maison Lune");
    expect(Number(best.headers.get(TOTAL_COUNT_HEADER))).toBe(best.body.length);
    const dflt = await match("vibes=Romantic");
    expect(new Set(dflt.body.map((v) => v.id))).toEqual(new Set(best.body.map((v) => v.id)));
    // the same matches, and pages of the best ranking are disjoint pieces of it
    const first = await match("vibes=Romantic&sort=best&limit=1");
    const second = await match("vibes=Romantic&sort=best&limit=1&offset=1");
    expect([...first.body, ...second.body].map((v) => v.id)).toEqual(best.body.slice(0, 2).map((v) => v.id));
  });

  it("refuses an unknown sort with the contract's message", async () => {
    const res = await anon.get<{ message: string }>(`/api/venues/match-public?${here}&vibes=Romantic&sort=closest`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("sort must be one of proximity, rating, best");
  });
});
