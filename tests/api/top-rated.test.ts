import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import { person, venues } from "../helpers/factories";
import { Agent } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Issue 26, "Truth on every screen": Top Rated said "None of these venues has ratings yet" while
 * Kilowatt showed ★4.0 (1) and was not in the first 100 (the client sorted the nearest 100 by
 * rating). Now sort=rating ranks the whole radius on the server: every rated venue of the radius
 * comes first, highest first, and the unrated follow nearest first.
 */
const VALENCIA_18TH = { latitude: 37.7617, longitude: -122.4216 };
const RADIUS_KM = 16.0934; // 10 miles
const where = `latitude=${VALENCIA_18TH.latitude}&longitude=${VALENCIA_18TH.longitude}&radius=${RADIUS_KM}`;

describe.each(dbTargets())("Top Rated on %s", (target) => {
  let server: TestServer;
  let anon: Agent;

  beforeAll(async () => {
    server = await startServer(target);
    anon = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  /** The rated venues of the radius, as the database says (a provider's rating or VIBE members'). */
  const ratedInRadius = async () =>
    (
      await server.db.query<{ id: number }>(
        `SELECT id FROM venues
          WHERE earth_distance(ll_to_earth(latitude, longitude), ll_to_earth($1, $2)) <= $3
            AND (rating IS NOT NULL OR member_review_count > 0)`,
        [VALENCIA_18TH.latitude, VALENCIA_18TH.longitude, RADIUS_KM * 1000],
      )
    ).map((r) => r.id);

  it("puts a venue rated far inside the radius first, not outside the first page", async () => {
    // the 300th nearest unrated venue: far beyond the nearest 100 the list used to sort
    const far = (await venues(server.db, { near: VALENCIA_18TH, rated: false, fresh: true }, 300))[299];
    const nearest = await anon.get<Venue[]>(`/api/venues/match-public?${where}&vibes=all`);
    expect(nearest.body.map((v) => v.id)).not.toContain(far.id);

    const rater = await person(server, { firstName: "Kilo" });
    const rated = await rater.agent.put(`/api/venues/${encodeURIComponent(far.externalId)}/reviews/mine`, {
      rating: 4,
    });
    expect(rated.status, rated.text).toBe(201);

    const res = await anon.get<Venue[]>(`/api/venues/match-public?${where}&vibes=all&sort=rating`);
    expect(res.status).toBe(200);
    const page = res.body;
    const ids = page.map((v) => v.id);
    expect(ids).toContain(far.id);
    expect(page.find((v) => v.id === far.id)).toMatchObject({ rating: 4, reviewCount: 1, ratingSource: "VIBE" });
    // every rated venue of the radius is on the first page, before any unrated one, highest first
    const rated_ = await ratedInRadius();
    expect(rated_.length).toBeLessThan(page.length);
    const firstUnrated = page.findIndex((v) => v.rating === null);
    expect(firstUnrated).toBe(rated_.length);
    expect(ids.slice(0, firstUnrated).sort()).toEqual([...rated_].sort());
    const ratings = page.slice(0, firstUnrated).map((v) => v.rating!);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    // the unrated follow nearest first
    const miles = page.slice(firstUnrated).map((v) => Number(v.distance));
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
    // the same list as Nearest, in another order: the same total, pages disjoint
    expect(res.headers.get("x-total-count")).toBe(nearest.headers.get("x-total-count"));
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThan(1000);
    const next = await anon.get<Venue[]>(`/api/venues/match-public?${where}&vibes=all&sort=rating&offset=100`);
    expect(next.body.filter((v) => ids.includes(v.id))).toEqual([]);
    expect(next.body.every((v) => v.rating === null)).toBe(true);
  });

  it("ranks by rating among the venues that fit the chosen vibes, and in a text search", async () => {
    const [fit] = await venues(server.db, { near: VALENCIA_18TH, rated: false, withVibes: true, fresh: true }, 1);
    const vibe = fit.detectedVibes[0];
    const rater = await person(server, { firstName: "Vibe" });
    const put = await rater.agent.put(`/api/venues/${encodeURIComponent(fit.externalId)}/reviews/mine`, {
      rating: 5,
    });
    expect(put.status, put.text).toBe(201);
    const res = await anon.get<Venue[]>(
      `/api/venues/match-public?${where}&vibes=${encodeURIComponent(vibe)}&sort=rating`,
    );
    expect(res.status).toBe(200);
    expect(res.body.every((v) => v.detectedVibes.includes(vibe))).toBe(true);
    const firstUnrated = res.body.findIndex((v) => v.rating === null);
    expect(res.body.slice(firstUnrated).every((v) => v.rating === null)).toBe(true);
    expect(res.body.slice(0, firstUnrated).map((v) => v.id)).toContain(fit.id);
    expect(res.body.every((v) => typeof v.matchScore === "number")).toBe(true);

    // a text search (SQL) ranks the same way
    const word = fit.name.split(/\s+/).find((w) => w.length > 3) ?? fit.name;
    const found = await anon.get<Venue[]>(
      `/api/venues/match-public?${where}&vibes=all&sort=rating&search=${encodeURIComponent(word)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body[0].rating).not.toBeNull();
    const unratedAt = found.body.findIndex((v) => v.rating === null);
    if (unratedAt >= 0) expect(found.body.slice(unratedAt).every((v) => v.rating === null)).toBe(true);
  });
});
