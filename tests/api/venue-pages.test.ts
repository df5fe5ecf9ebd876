import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_COORDS, KM_PER_MILE, MATCH_PAGE_SIZE } from "@shared/vocabulary";
import {
  MAX_EXACT_TOTAL,
  MAX_VENUE_OFFSET,
  parseTotalHeader,
  TOTAL_COUNT_HEADER,
  type Venue,
} from "@shared/contracts/venues";
import { generateVenues } from "../../bench/generate-venues";
import { Agent } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Issue 17, "Counts that are caps": match-public and nearby answer one page of a ranking (offset,
 * limit) with the whole ranking's size in x-total-count. Pages are disjoint, together they are the
 * ranking, and the total is what the database holds inside the radius.
 */
const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;
const km = (miles: number) => Math.round(miles * KM_PER_MILE * 1e4) / 1e4;
/** The server reads opening hours at Friday 9 January 2026, 8 PM in San Francisco (BuildOptions.clock). */
const FRIDAY_8PM = new Date("2026-01-10T04:00:00Z");
/** Woods Lowside (osm:node/61670779): "Fr-Sa 13:00-24:00", so open then. */
const WOODS = "osm:node/61670779";

describe.each(dbTargets())("venue lists in pages on %s", (target) => {
  let server: TestServer;
  let anon: Agent;

  // a database of its own: on a shared PostgreSQL other files add venues while this one counts
  beforeAll(async () => {
    server = await startServer(target, {}, {}, { clock: () => FRIDAY_8PM }, { ownDatabase: true });
    anon = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  /** What the database holds inside the radius (km) that fits one of the vibes (none: every venue). */
  async function inRadius(radiusKm: number, vibes: string[] = [], search?: string): Promise<number[]> {
    const rows = await server.db.query<{ id: number }>(
      `SELECT id FROM venues v
        WHERE earth_distance(v.earth, ll_to_earth($1, $2)) <= $3
          AND (cardinality($4::text[]) = 0 OR v.detected_vibes && $4::text[])
          AND ($5::text IS NULL OR unaccent(lower(v.name || ' ' || v.category || ' ' || coalesce(v.description, '')
                 || ' ' || array_to_string(v.detected_vibes, ' '))) LIKE '%' || $5 || '%')`,
      [DEFAULT_COORDS.latitude, DEFAULT_COORDS.longitude, radiusKm * 1000, vibes, search ?? null],
    );
    return rows.map((r) => r.id);
  }

  /** Every page of a list, `size` at a time, and the totals each page said. */
  async function allPages(path: string, size: number) {
    const pages: Venue[][] = [];
    const totals: number[] = [];
    for (let offset = 0; ; offset += size) {
      const res = await anon.get<Venue[]>(`${path}&offset=${offset}&limit=${size}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      totals.push(Number(res.headers.get(TOTAL_COUNT_HEADER)));
      if (!res.body.length) break;
      pages.push(res.body);
      expect(pages.length).toBeLessThan(100);
    }
    return { pages, totals, all: pages.flat() };
  }

  it("with no vibe, 5 mi and 100 mi say how many venues each holds, not the 100 a page holds", async () => {
    const five = await anon.get<Venue[]>(`/api/venues/match-public?${here}&radius=${km(5)}&vibes=all`);
    const hundred = await anon.get<Venue[]>(`/api/venues/match-public?${here}&radius=${km(100)}&vibes=all`);
    expect(five.body).toHaveLength(100);
    expect(hundred.body).toHaveLength(100);
    const fiveTotal = Number(five.headers.get(TOTAL_COUNT_HEADER));
    const hundredTotal = Number(hundred.headers.get(TOTAL_COUNT_HEADER));
    expect(fiveTotal).toBe((await inRadius(km(5))).length);
    expect(hundredTotal).toBe((await inRadius(km(100))).length);
    expect(hundredTotal).toBeGreaterThan(fiveTotal);
    expect(fiveTotal).toBeGreaterThan(100);
  });

  it("nearest first without vibes: pages are disjoint and together every venue of the radius, in order", async () => {
    const radius = km(3);
    const { pages, totals, all } = await allPages(`/api/venues/match-public?${here}&radius=${radius}&vibes=all`, 90);
    const expected = await inRadius(radius);
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    expect(pages.length).toBe(Math.ceil(expected.length / 90));
    const ids = all.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(expected));
    const d = all.map((v) => Number(v.distance));
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });

  it("with vibes: pages of the same ranking, disjoint, together every fitting venue, best first", async () => {
    const radius = km(25);
    const path = `/api/venues/match-public?${here}&radius=${radius}&vibes=Romantic,Cozy`;
    // the client's pages (MATCH_PAGE_SIZE, issue 28)
    const { totals, all } = await allPages(path, MATCH_PAGE_SIZE);
    const expected = await inRadius(radius, ["Romantic", "Cozy"]);
    expect(expected.length).toBeGreaterThan(200); // more than the 200 nearest the ranking once read
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    const ids = all.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(expected));
    // open first (issue 25): open now or opening within the hour, then hours unknown, then closed;
    // within a tier, rank = 0.7 fit + 0.3 nearness (distance is rounded to 0.1 mi: allow that much)
    const tier = (v: Venue) => (v.openStatus === null ? 1 : v.openStatus.open || v.openStatus.soon ? 0 : 2);
    const radiusMiles = radius / KM_PER_MILE;
    const rank = (v: Venue) => 0.7 * v.matchScore! + 0.3 * (1 - Number(v.distance) / radiusMiles);
    for (let i = 1; i < all.length; i++) {
      expect(tier(all[i])).toBeGreaterThanOrEqual(tier(all[i - 1]));
      if (tier(all[i]) === tier(all[i - 1]))
        expect(rank(all[i])).toBeLessThanOrEqual(rank(all[i - 1]) + 0.3 * (0.1 / radiusMiles) + 1e-9);
    }
    // one call of 100 is the ranking's first 100
    const first = await anon.get<Venue[]>(`${path}&offset=0&limit=100`);
    expect(first.body.map((v) => v.id)).toEqual(ids.slice(0, 100));
    // past the end: an empty page, the same total
    const past = await anon.get<Venue[]>(`${path}&offset=${expected.length}`);
    expect(past.body).toEqual([]);
    expect(Number(past.headers.get(TOTAL_COUNT_HEADER))).toBe(expected.length);
  });

  it("with Open now, the total is the open venues the pages hold", async () => {
    for (const vibes of ["all", "Chill,Cozy"]) {
      const { totals, all } = await allPages(
        `/api/venues/match-public?${here}&radius=${km(10)}&vibes=${vibes}&openNow=true`,
        100,
      );
      expect(new Set(totals)).toEqual(new Set([all.length]));
      expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((v) => v.openStatus?.open === true)).toBe(true);
      if (vibes === "all") expect(all.map((v) => v.externalId)).toContain(WOODS);
      const everyOne = await anon.get<Venue[]>(`/api/venues/match-public?${here}&radius=${km(10)}&vibes=${vibes}`);
      expect(all.length).toBeLessThan(Number(everyOne.headers.get(TOTAL_COUNT_HEADER)));
    }
  });

  it("a text search counts in the database", async () => {
    const radius = km(20);
    const res = await anon.get<Venue[]>(`/api/venues/match-public?${here}&radius=${radius}&vibes=all&search=coffee`);
    expect(res.status).toBe(200);
    const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
    expect(total).toBe((await inRadius(radius, [], "coffee")).length);
    expect(total).toBeGreaterThan(0);
  });

  it("nearby pages too: nearest first, and suggestions within the ranking they are chosen from", async () => {
    const radius = 2;
    const { totals, all } = await allPages(`/api/venues/nearby?${here}&radius=${radius}`, 100);
    const expected = await inRadius(radius);
    expect(new Set(totals)).toEqual(new Set([expected.length]));
    expect(new Set(all.map((v) => v.id))).toEqual(new Set(expected));
    expect(all.length).toBe(expected.length);

    const hour = await allPages(`/api/venues/nearby?${here}&radius=${radius}&hour=20`, 60);
    const hourIds = hour.all.map((v) => v.id);
    expect(new Set(hourIds).size).toBe(hourIds.length);
    expect(new Set(hour.totals)).toEqual(new Set([Math.min(200, expected.length)]));
    expect(hourIds.length).toBe(Math.min(200, expected.length));
  });

  it("refuses an offset or limit that is not a page, with a message", async () => {
    for (const [q, message] of [
      ["offset=-1", "offset must be at least 0"],
      ["offset=1.5", "offset must be a whole number"],
      ["offset=abc", "offset must be a number"],
      [`offset=${MAX_VENUE_OFFSET + 1}`, `offset can be at most ${MAX_VENUE_OFFSET}`],
      ["limit=0", "limit must be at least 1"],
      ["limit=101", "limit can be at most 100"],
    ]) {
      for (const path of [`/api/venues/match-public?${here}&radius=5&vibes=all`, `/api/venues/nearby?${here}`]) {
        const res = await anon.get(`${path}&${q}`);
        expect(res.status, `${path}&${q}`).toBe(400);
        expect(res.text).toContain(message);
      }
    }
  });
});

/**
 * Issue 28: a list's size is counted up to MAX_EXACT_TOTAL; past it the count stops and says "more
 * than" (x-total-count "10000+"), and the pages go on, full, as far as offset goes.
 */
describe.each(dbTargets())("a list past 10,000 venues on %s", (target) => {
  let server: TestServer;
  let anon: Agent;
  const wide = `/api/venues/match-public?${here}&radius=${km(100)}&vibes=all`;

  beforeAll(async () => {
    server = await startServer(target, {}, {}, { clock: () => FRIDAY_8PM }, { ownDatabase: true });
    anon = new Agent(server.url);
    // 8,000 generated venues around the Bay Area's towns, beside the seed's 3,199
    await generateVenues(server.db, 8_000);
    await vi.waitFor(async () => expect((await anon.get(wide)).headers.get(TOTAL_COUNT_HEADER)).toBe("10000+"), {
      timeout: 20_000,
      interval: 100,
    });
  }, 60_000);
  afterAll(async () => server?.close());

  it('says "10000+" past the cap and the exact figure under it', async () => {
    const [{ n }] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM venues WHERE earth_distance(earth, ll_to_earth($1, $2)) <= $3",
      [DEFAULT_COORDS.latitude, DEFAULT_COORDS.longitude, km(100) * 1000],
    );
    expect(n).toBeGreaterThan(MAX_EXACT_TOTAL);
    for (const path of [wide, `/api/venues/nearby?${here}&radius=${km(100)}`]) {
      const res = await anon.get<Venue[]>(path);
      expect(res.status).toBe(200);
      expect(res.headers.get(TOTAL_COUNT_HEADER), path).toBe(`${MAX_EXACT_TOTAL}+`);
      expect(parseTotalHeader(res.headers.get(TOTAL_COUNT_HEADER))).toBe(MAX_EXACT_TOTAL + 1);
    }
    // a smaller circle is still counted exactly
    const near = await anon.get<Venue[]>(`/api/venues/match-public?${here}&radius=${km(1)}&vibes=all`);
    expect(Number(near.headers.get(TOTAL_COUNT_HEADER))).toBeLessThan(MAX_EXACT_TOTAL);
  });

  it("the pages past the cap are full and go on in the same order, nearest first", async () => {
    const ids = await server.db.query<{ id: number }>(
      `SELECT id FROM venues
        ORDER BY earth_distance(earth, ll_to_earth($1, $2)), id OFFSET $3 LIMIT 200`,
      [DEFAULT_COORDS.latitude, DEFAULT_COORDS.longitude, MAX_EXACT_TOTAL - 100],
    );
    const got: number[] = [];
    for (const offset of [MAX_EXACT_TOTAL - 100, MAX_EXACT_TOTAL]) {
      const res = await anon.get<Venue[]>(`${wide}&offset=${offset}`);
      expect(res.body).toHaveLength(100);
      expect(res.headers.get(TOTAL_COUNT_HEADER)).toBe(`${MAX_EXACT_TOTAL}+`);
      got.push(...res.body.map((v) => v.id));
    }
    expect(got).toEqual(ids.map((r) => r.id));
  });
});
