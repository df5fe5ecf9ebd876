import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACKS, venueSchema, type Venue } from "@shared/contracts/venues";
import { Agent, signUp } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

// A spot with no seed venue near it: two venues of our own, one rated by Google, one rated by nobody.
const SPOT = { latitude: 10.5, longitude: 20.5 };
const here = `latitude=${SPOT.latitude}&longitude=${SPOT.longitude}`;

/**
 * Issue 15, "no figure the product does not know": the API lets a client tell a real rating from
 * none (`ratingSource`), and never answers the spec's fallbacks (4.8, 142, 0.8) as figures.
 */
describe.each(dbTargets())("honest figures on %s", (target) => {
  let server: TestServer;
  let anon: Agent;

  beforeAll(async () => {
    // Its own PostgreSQL database: the rows added here stay out of other files' searches.
    server = await startServer(target, {}, {}, {}, { ownDatabase: true });
    anon = new Agent(server.url);
    await server.db.query(
      `INSERT INTO venues (external_id, name, category, latitude, longitude, rating, review_count, source, attribution)
       VALUES ('osm:node/990001', 'Rated Tavern', 'Bar', $1, $2, 4.3, 57, 'osm',
               'Map data (c) OpenStreetMap contributors, ODbL. Place data (c) Google'),
              ('osm:node/990002', 'Unrated Tavern', 'Bar', $1 + 0.001, $2, NULL, NULL, 'osm',
               'Map data (c) OpenStreetMap contributors, ODbL.')`,
      [SPOT.latitude, SPOT.longitude],
    );
    await server.ctx.changes.settle();
  });
  afterAll(async () => server?.close());

  const byName = (list: Venue[], name: string) => list.find((v) => v.name === name)!;

  it("match-public: a rated venue names its rating source; an unrated one: null rating, count and source", async () => {
    const res = await anon.get<Venue[]>(`/api/venues/match-public?${here}&radius=5&vibes=all`);
    expect(res.status).toBe(200);
    for (const v of res.body) venueSchema.strict().parse(v);
    expect(byName(res.body, "Rated Tavern")).toMatchObject({ rating: 4.3, reviewCount: 57, ratingSource: "Google" });
    expect(byName(res.body, "Unrated Tavern")).toMatchObject({ rating: null, reviewCount: null, ratingSource: null });
  });

  it("nearby and favourites carry the same fields", async () => {
    const near = await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=5`);
    expect(near.status).toBe(200);
    expect(byName(near.body, "Rated Tavern").ratingSource).toBe("Google");
    expect(byName(near.body, "Unrated Tavern").ratingSource).toBeNull();

    const me = new Agent(server.url);
    await signUp(me);
    const unrated = byName(near.body, "Unrated Tavern");
    expect((await me.post(`/api/favorites/${unrated.id}`, {})).status).toBe(200);
    const saved = await me.get<Venue[]>("/api/favorites");
    expect(saved.status).toBe(200);
    const [fav] = saved.body;
    venueSchema.strict().parse(fav);
    // no position given: no distance, and never the spec's 0.8
    expect(fav).toMatchObject({ name: "Unrated Tavern", rating: null, ratingSource: null, distance: null });
  });

  it("the seed's venues have no rating, so none claims one, and no answer holds a fallback figure", async () => {
    const res = await anon.get<Venue[]>(
      "/api/venues/match-public?latitude=37.7749&longitude=-122.4194&radius=10&vibes=all",
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const v of res.body) {
      expect(v.ratingSource === null).toBe(v.rating === null);
      expect(v.rating).not.toBe(FALLBACKS.rating);
      expect(v.reviewCount).not.toBe(FALLBACKS.reviewCount);
    }
  });
});
