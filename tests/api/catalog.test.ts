import { resolve } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_VIBES, VENUE_CATEGORIES } from "@shared/vocabulary";
import { MAX_RADIUS_KM, type Venue } from "@shared/contracts/venues";
import { metersToMilesString } from "@shared/units";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openPostgres, type Db } from "../../src/server/db/client";
import { CHANGES_CHANNEL, createChangeFeed } from "../../src/server/db/changes";
import { EARTH_RADIUS_M } from "../../src/server/db/earth";
import {
  createVenueCatalog as createCatalog,
  type CatalogHit,
  type CatalogSearch,
  type VenueCatalog,
} from "../../src/server/venues/catalog";
import { countWithin, venuesWithin, type VenueRow } from "../../src/server/venues/queries";
import { sfLikeElements, startFakeOverpass, type FakeOverpass } from "../fakes/overpass";
import { Agent, uniqueEmail } from "../helpers/http";
import { openTestDb, signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * A catalog with a change feed of its own, both closed together; `settle` resolves once every
 * change committed before it has been read into the catalog (the feed's settle).
 */
async function createVenueCatalog(db: Db): Promise<VenueCatalog & { settle(): Promise<void> }> {
  const changes = await createChangeFeed(db);
  const catalog = await createCatalog(db, changes);
  return {
    ...catalog,
    settle: () => changes.settle(),
    get size() {
      return catalog.size;
    },
    async close() {
      await catalog.close();
      await changes.close();
    },
  };
}

/**
 * The in-memory venue catalog (src/server/venues/catalog.ts) against the SQL it replaces
 * (venuesWithin): random centres, radii, vibes, categories and limits must give the same venues,
 * in the same order, at the same distances. FUZZ_RUNS sets the runs (default 200); FUZZ_SEED
 * replays a failure (the seed is printed).
 *
 * Then its freshness through the app: venues inserted, moved, re-vibed, deleted and bulk-changed
 * directly in SQL are what match-public and nearby answer within moments (the 'venue_changes'
 * NOTIFY of migration 008); on PostgreSQL a second instance on the same database follows a change
 * made by the first, and a catalog whose listening connection was killed catches up once it is
 * back. A sync's venues are matched by the same instance as soon as the sync has answered.
 */
/** Venues the seed writes (docs/seed-data.md): 2,224 from OpenStreetMap and 975 from the 2016 permit list. */
const SEED_VENUES = 2224 + 975;
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** A vibe no seed venue has and the API would refuse: the catalog compares its name, not a bit. */
const ODD_VIBE = "Polar Night";
/**
 * More made-up vibes than the catalog has bits left (30 in all; the seed and ALL_VIBES take 15),
 * so some hand-made venues have vibes without bits and are compared by name.
 */
const MORE_ODD_VIBES = Array.from({ length: 24 }, (_, i) => `Odd Vibe ${i + 1}`);

/** The catalog and the SQL compute the same distance with different sin/cos: this far apart at most. */
const DISTANCE_TOLERANCE_M = 1e-6;
/** Distances closer than this are ties, which the SQL may order either way. */
const TIE_M = 1e-6;
/** A venue this close to the circle's edge may be inside for one side and outside for the other. */
const EDGE_M = 1e-6;

interface HandVenue {
  external_id: string;
  name: string;
  category: string;
  latitude: number;
  longitude: number;
  vibes: string[];
}

/** A small deterministic generator, so the hand-made venues are the same on every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Venues where the grid of the catalog is awkward: at and around both poles, on both sides of the
 * antimeridian (±180 is one meridian), exactly on cell edges (multiples of 0.05°), and a pile of
 * venues at one point (ties at every distance).
 */
function handVenues(): HandVenue[] {
  const rnd = lcg(20240611);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const vibes = () => {
    const n = Math.floor(rnd() * 4); // 0..3, none sometimes
    const out = new Set<string>();
    for (let i = 0; i < n; i++) out.add(rnd() < 0.1 ? ODD_VIBE : rnd() < 0.15 ? pick(MORE_ODD_VIBES) : pick(ALL_VIBES));
    return [...out];
  };
  const out: HandVenue[] = [];
  const add = (tag: string, latitude: number, longitude: number) =>
    out.push({
      external_id: `cattest:${tag}:${out.length}`,
      name: `${tag} ${out.length}`,
      category: pick(VENUE_CATEGORIES),
      latitude,
      longitude,
      vibes: vibes(),
    });
  for (const pole of [90, -90]) {
    // the pole itself under several longitudes: one point, so all tied
    for (const lon of [0, 45, -180, 180, 123.456]) add("pole", pole, lon);
    for (let i = 0; i < 40; i++) add("polar", pole - Math.sign(pole) * rnd() * 1.5, rnd() * 360 - 180);
    for (let i = 0; i < 60; i++) add("polar", pole - Math.sign(pole) * rnd() * 0.3, rnd() * 360 - 180);
  }
  for (const lat of [-16.5, 0, 65.5]) {
    // ±180 is one meridian
    add("antimeridian", lat, 180);
    add("antimeridian", lat, -180);
    for (let i = 0; i < 25; i++)
      add("antimeridian", lat + (rnd() - 0.5) * 3, rnd() < 0.5 ? 180 - rnd() * 1.5 : -180 + rnd() * 1.5);
    // dense: a few venues in each grid cell on both sides of the meridian
    for (let i = 0; i < 150; i++)
      add("antimeridian", lat + (rnd() - 0.5) * 0.3, rnd() < 0.5 ? 180 - rnd() * 0.15 : -180 + rnd() * 0.15);
    for (let i = 0; i < 100; i++)
      add("antimeridian", lat + (rnd() - 0.5) * 0.3, rnd() < 0.5 ? 180 - rnd() * 0.03 : -180 + rnd() * 0.03);
  }
  // cell edges: multiples of 0.05°
  for (let i = -2; i <= 2; i++) for (let j = -2; j <= 2; j++) add("edge", 10 + i * 0.05, 20 + j * 0.05);
  // a pile: eight venues at one point in San Francisco, and three at a point at sea
  for (let i = 0; i < 8; i++) add("pile", 37.7749, -122.4194);
  for (let i = 0; i < 3; i++) add("pile", -30, -140);
  return out;
}

/**
 * Venues spread evenly over the whole sphere, one in most grid cells they fall in: with more
 * occupied cells than a band of latitude has cells, the catalog walks its grid (rather than every
 * occupied cell) even for circles that reach all longitudes, around the poles.
 */
const SCATTERED = 20_000;
function scatteredVenues(): HandVenue[] {
  const rnd = lcg(777);
  return Array.from({ length: SCATTERED }, (_, i) => ({
    external_id: `cattest:scattered:${i}`,
    name: `scattered ${i}`,
    category: VENUE_CATEGORIES[i % VENUE_CATEGORIES.length],
    latitude: (Math.asin(2 * rnd() - 1) * 180) / Math.PI,
    longitude: rnd() * 360 - 180,
    vibes: i % 3 ? [ALL_VIBES[i % ALL_VIBES.length]] : [],
  }));
}

async function insertVenues(db: Db, venues: HandVenue[]): Promise<void> {
  await db.query(
    `INSERT INTO venues
       (external_id, name, category, latitude, longitude, detected_vibes, vibe_scores, source, attribution)
     SELECT x.external_id, x.name, x.category, x.latitude, x.longitude,
            ARRAY(SELECT jsonb_array_elements_text(x.vibes)),
            coalesce((SELECT jsonb_object_agg(v, 0.7) FROM jsonb_array_elements_text(x.vibes) v), '{}'),
            'test', 'test'
       FROM jsonb_to_recordset($1::jsonb)
         AS x(external_id text, name text, category text, latitude float8, longitude float8, vibes jsonb)`,
    [JSON.stringify(venues)],
  );
}

const HAND = handVenues();

// ---- random searches ------------------------------------------------------------------------

/**
 * A number spread evenly over [min, max] (fast-check's own doubles crowd at 0 and at the bounds),
 * the bounds themselves now and then.
 */
const between = (min: number, max: number) =>
  fc.oneof(
    {
      weight: 20,
      arbitrary: fc
        .noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 }))
        .map((i) => Math.min(max, min + ((max - min) * i) / (2 ** 31 - 1))),
    },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
/** Log-uniform radii in km, within 0.05..200 (the API's MAX_RADIUS_KM). */
const radius = (minKm: number, maxKm: number) =>
  between(Math.log(minKm), Math.log(maxKm)).map((x) => Math.min(MAX_RADIUS_KM, Math.max(0.05, Math.exp(x))));
const anyRadius = radius(0.05, MAX_RADIUS_KM);
const at = (latitude: fc.Arbitrary<number>, longitude: fc.Arbitrary<number>) => fc.record({ latitude, longitude });
const limit = fc.oneof(
  fc.noBias(fc.integer({ min: 1, max: 200 })),
  fc.integer({ min: 1, max: 12 }),
  fc.constantFrom(1, 100, 200),
);
type Point = { latitude: number; longitude: number };
const small = fc.integer({ min: 1, max: 12 });
/** Circles around the hand-made venues at ±180 (latitudes -16.5, 0, 65.5), within the given spreads. */
const nearAntimeridian = (latSpread: number, lonSpread: number, radiusKm: fc.Arbitrary<number>) =>
  fc.record({
    centre: at(
      fc.constantFrom(-16.5, 0, 65.5).chain((l) => between(l - latSpread, l + latSpread)),
      fc.oneof(between(180 - lonSpread, 180), between(-180, -180 + lonSpread)),
    ),
    radiusKm,
    limit,
  });
/**
 * Where, how wide and how many: each kind of place with the radii that reach its venues. `piles`
 * are points with several seed venues: a small limit there cuts a run of tied venues.
 */
const circle = (piles: Point[]) =>
  fc.oneof(
    // mostly San Francisco, where the 3,199 seed venues are, densest in the north-east
    {
      weight: 6,
      arbitrary: fc.record({
        centre: at(between(37.7, 37.83), between(-122.52, -122.35)),
        radiusKm: fc.oneof(anyRadius, radius(0.3, 15)),
        limit,
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        centre: at(between(37.74, 37.81), between(-122.47, -122.39)),
        radiusKm: fc.oneof(anyRadius, radius(0.1, 5)),
        limit,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        centre: at(between(36, 39.5), between(-124.5, -120)),
        radiusKm: radius(1, MAX_RADIUS_KM),
        limit,
      }),
    },
    { weight: 2, arbitrary: fc.record({ centre: fc.constantFrom(...piles), radiusKm: anyRadius, limit: small }) },
    // anywhere on earth (mostly nothing)
    {
      weight: 2,
      arbitrary: fc.record({ centre: at(between(-90, 90), between(-180, 180)), radiusKm: anyRadius, limit }),
    },
    // near the poles and the antimeridian, where the hand-made venues are
    {
      weight: 2,
      arbitrary: fc.record({
        centre: at(fc.oneof(between(88, 90), between(-90, -88)), between(-180, 180)),
        radiusKm: radius(10, MAX_RADIUS_KM),
        limit,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        centre: at(fc.oneof(between(89.6, 90), between(-90, -89.6)), between(-180, 180)),
        radiusKm: anyRadius,
        limit,
      }),
    },
    { weight: 2, arbitrary: nearAntimeridian(2, 2, radius(5, MAX_RADIUS_KM)) },
    { weight: 2, arbitrary: nearAntimeridian(0.15, 0.15, fc.oneof(anyRadius, radius(0.5, 20))) },
    // within a few kilometres of it: small circles that reach across
    { weight: 2, arbitrary: nearAntimeridian(0.15, 0.02, radius(0.3, 6)) },
    // exactly at a hand-made venue (distance 0, piles of ties), or exactly at a pole or on ±180
    {
      weight: 2,
      arbitrary: fc.record({
        centre: fc.constantFrom(...HAND.map((v) => ({ latitude: v.latitude, longitude: v.longitude }))),
        radiusKm: anyRadius,
        limit: fc.oneof(small, limit),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        centre: at(fc.constantFrom(90, -90, 0, 37.7749, 65.5, -30), fc.constantFrom(180, -180, 0, -122.4194, -140)),
        radiusKm: anyRadius,
        limit: fc.oneof(small, limit),
      }),
    },
  );
const vibes = fc.oneof(
  { weight: 5, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.uniqueArray(fc.constantFrom(...ALL_VIBES), { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...ALL_VIBES, ODD_VIBE), { minLength: 1, maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.uniqueArray(fc.constantFrom(...ALL_VIBES, ...MORE_ODD_VIBES), { minLength: 1, maxLength: 3 }),
  },
);
const category = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom(...VENUE_CATEGORIES) },
);
const search = (piles: Point[]) =>
  fc.record({ circle: circle(piles), vibes, category }).map(
    ({ circle, vibes, category }): CatalogSearch => ({
      ...circle.centre,
      radiusMeters: circle.radiusKm * 1000,
      vibes,
      category,
      limit: circle.limit,
    }),
  );

// ---- comparison ----------------------------------------------------------------------------

interface Hit {
  id: number;
  meters: number;
}
const hitOf = (h: CatalogHit): Hit => ({ id: h.venue.id, meters: h.meters });

/** What the runs met (reported at the end): the largest distance difference, ties, the edge. */
const seen = { maxDiffM: 0, ties: 0, edge: 0, cutInTie: 0, hits: 0, empty: 0 };

/**
 * The catalog's answer against the SQL's, strictly but for what floating point and ties allow:
 * - the catalog agrees with itself: its `limit` answer is the head of its unlimited one, and
 *   venues at one point come by id;
 * - every venue both return is at the same distance (DISTANCE_TOLERANCE_M) and has the same row;
 * - a venue only the SQL returns lies on the circle's edge (EDGE_M);
 * - leaving out the edge, both answers have the same length, the same distance at each position,
 *   and the same venues within each run of tied distances, except the last run when the limit
 *   cut it: there the SQL's venues must be venues tied at that distance.
 */
function compare(q: CatalogSearch, sqlRows: VenueRow[], cat: CatalogHit[], full: CatalogHit[]) {
  const R = q.radiusMeters;
  // the catalog on its own: nearest first, inside the circle, filters kept, head of the whole list
  expect(cat.map(hitOf)).toEqual(full.slice(0, q.limit).map(hitOf));
  for (let i = 0; i < full.length; i++) {
    const h = full[i];
    expect(h.meters).toBeLessThanOrEqual(R);
    if (i) {
      const prev = full[i - 1];
      expect(h.meters).toBeGreaterThanOrEqual(prev.meters);
      // ties by id: venues at the very same point are at the very same distance
      if (h.venue.latitude === prev.venue.latitude && h.venue.longitude === prev.venue.longitude)
        expect(h.venue.id).toBeGreaterThan(prev.venue.id);
    }
    if (q.category) expect(h.venue.category).toBe(q.category);
    if (q.vibes?.length) expect(h.venue.detected_vibes.some((v) => q.vibes!.includes(v))).toBe(true);
  }
  expect(new Set(full.map((h) => h.venue.id)).size).toBe(full.length);

  // the SQL on its own
  const sql: Hit[] = sqlRows.map((r) => ({ id: r.id, meters: r.meters! }));
  expect(sql.length).toBeLessThanOrEqual(q.limit);
  expect(new Set(sql.map((h) => h.id)).size).toBe(sql.length);
  for (let i = 1; i < sql.length; i++)
    expect(sql[i].meters).toBeGreaterThanOrEqual(sql[i - 1].meters - DISTANCE_TOLERANCE_M);

  // the same venue: same distance, same stored row
  const fullById = new Map(full.map((h) => [h.venue.id, h]));
  for (const row of sqlRows) {
    const mine = fullById.get(row.id);
    if (!mine) {
      // left out by the catalog: only on the edge of the circle
      expect(R - row.meters!, `venue ${row.id} at ${row.meters} m is only in the SQL's answer`).toBeLessThanOrEqual(
        EDGE_M,
      );
      continue;
    }
    const diff = Math.abs(mine.meters - row.meters!);
    seen.maxDiffM = Math.max(seen.maxDiffM, diff);
    expect(diff, `venue ${row.id}: catalog ${mine.meters} m, SQL ${row.meters} m`).toBeLessThanOrEqual(
      DISTANCE_TOLERANCE_M,
    );
    const { meters: _m, is_favorite: _f, ...stored } = row;
    expect(mine.venue).toEqual(stored);
  }

  // one distance per venue (the catalog's when it has the venue) decides what is on the edge
  const distance = (h: Hit) => fullById.get(h.id)?.meters ?? h.meters;
  const inner = (list: Hit[]) => list.filter((h) => distance(h) < R - EDGE_M);
  const a = inner(sql);
  const b = inner(cat.map(hitOf));
  const fullInner = inner(full.map(hitOf));
  seen.edge += sql.length - a.length + (cat.length - b.length);
  expect(a.length, "venues strictly inside the circle").toBe(b.length);
  for (let i = 0; i < b.length; i++)
    expect(Math.abs(a[i].meters - b[i].meters)).toBeLessThanOrEqual(DISTANCE_TOLERANCE_M);
  const cut = fullInner.length > b.length; // the limit left out inner venues
  for (let s = 0; s < b.length; ) {
    let e = s + 1;
    while (e < b.length && b[e].meters - b[e - 1].meters <= TIE_M) e++;
    if (e - s > 1) seen.ties++;
    const sqlIds = a.slice(s, e).map((h) => h.id);
    if (e === b.length && cut) {
      // the run of ties the limit cut: the SQL may have taken other venues of the same run
      let f = e;
      while (f < fullInner.length && fullInner[f].meters - fullInner[f - 1].meters <= TIE_M) f++;
      if (f > e) seen.cutInTie++;
      const run = new Set(fullInner.slice(s, f).map((h) => h.id));
      for (const id of sqlIds)
        expect(run.has(id), `SQL venue ${id} is not among the tied venues ${[...run]}`).toBe(true);
    } else {
      expect(new Set(sqlIds)).toEqual(new Set(b.slice(s, e).map((h) => h.id)));
    }
    s = e;
  }
  seen.hits += sql.length;
}

describe.each(dbTargets())("venue catalog on %s", (target) => {
  let db: Db;
  let catalog: VenueCatalog;

  beforeAll(async () => {
    db = await openTestDb(target, { ownDatabase: true });
    catalog = await createVenueCatalog(db);
    // the hand-made venues reach the catalog as a notification listing their ids, the scattered
    // ones as '*' (too many ids), not in its first read
    await insertVenues(db, HAND);
    await insertVenues(db, scatteredVenues());
    await eventually(
      async () => catalog.size,
      (n) => n === SEED_VENUES + HAND.length + SCATTERED,
      10_000,
    );
  });
  afterAll(async () => {
    await catalog?.close();
    await db?.close();
  });

  it("holds every venue", async () => {
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM venues");
    expect(n).toBe(SEED_VENUES + HAND.length + SCATTERED);
    expect(catalog.size).toBe(n);
  });

  it(`answers random radius searches exactly as venuesWithin's SQL (${RUNS} runs)`, async () => {
    console.log(`catalog vs SQL on ${target}: ${RUNS} runs, seed ${SEED} (FUZZ_SEED=${SEED} to replay)`);
    const piles = await db.query<Point>(
      "SELECT latitude, longitude FROM venues WHERE source <> 'test' GROUP BY 1, 2 HAVING count(*) > 1 ORDER BY 1, 2",
    );
    expect(piles.length).toBeGreaterThan(10);
    Object.assign(seen, { maxDiffM: 0, ties: 0, edge: 0, cutInTie: 0, hits: 0, empty: 0 });
    await fc.assert(
      fc.asyncProperty(search(piles), async (q) => {
        const [sqlRows, cat, full, count, sqlInside, sqlOutside] = await Promise.all([
          venuesWithin(db, q),
          catalog.within(q),
          catalog.within({ ...q, limit: 1e9 }),
          catalog.count(q),
          countWithin(db, { ...q, radiusMeters: Math.max(0, q.radiusMeters - 0.01) }),
          countWithin(db, { ...q, radiusMeters: q.radiusMeters + 0.01 }),
        ]);
        if (!sqlRows.length) seen.empty++;
        compare(q, sqlRows, cat, full);
        // a list's total (x-total-count): every venue `within` finds, as the SQL counts them (a
        // centimetre either side of the circle: the two measure the edge a little differently)
        expect(count).toBe(full.length);
        expect(count).toBeGreaterThanOrEqual(sqlInside);
        expect(count).toBeLessThanOrEqual(sqlOutside);
        // best: the highest scores of the whole circle, ties nearest first then by id (the
        // nearest-first list sorted stably by score); a score with many ties (0 without Chill)
        const score = (v: { vibe_scores: Record<string, number> }) => v.vibe_scores.Chill ?? 0;
        const best = await catalog.best(q, {
          score: (v) => v.vibeScore("Chill") ?? 0,
          bound: (b) => b.vibeScore("Chill"),
        });
        expect(best.count).toBe(full.length);
        const expected = [...full].sort((a, b) => score(b.venue) - score(a.venue)).slice(0, q.limit);
        expect(best.hits.map(hitOf)).toEqual(expected.map(hitOf));
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(
      `catalog vs SQL on ${target}: ${seen.hits} venues compared (${seen.empty} searches found none), ` +
        `largest distance difference ${seen.maxDiffM.toExponential(2)} m, ` +
        `${seen.ties} runs of ties, ${seen.cutInTie} cut by the limit, ${seen.edge} on the edge`,
    );
    // two SQL counts a run take ~0.6 s each on a busy machine: PGlite's runs once took 65.7 s of 60
  }, 180_000);
});

/** The catalog's LISTEN connection has been seen to come back after LISTEN_RETRY_MS (1 s). */
const CATCH_UP_MS = 2000;

/** Polls `read` until `ok` holds; answers the last value read (the caller asserts on it). */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = CATCH_UP_MS): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Spot {
  latitude: number;
  longitude: number;
}
/** Far from every seed venue (Ethiopian highlands, the South Atlantic): nothing else is near. */
const FAR: Spot = { latitude: 10.3, longitude: 40.7 };
const FAR2: Spot = { latitude: -41.2, longitude: -20.5 };

async function insertAt(
  db: Db,
  spot: Spot,
  name: string,
  vibes: string[] = ["Chill"],
  category = "Bar",
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO venues
       (external_id, name, category, latitude, longitude, detected_vibes, vibe_scores, source, attribution)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, 'test', 'test') RETURNING id`,
    [
      `cattest:${name}:${Math.random().toString(36).slice(2)}`,
      name,
      category,
      spot.latitude,
      spot.longitude,
      vibes,
      JSON.stringify(Object.fromEntries(vibes.map((v) => [v, 0.8]))),
    ],
  );
  return row.id;
}

describe.each(dbTargets())("catalog edge cases on %s", (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(target, { ownDatabase: true });
  });
  afterAll(async () => db?.close());

  // By design (db/changes.ts, serialRefresher.ready): a search does not wait for the reread of a
  // change it was told about; it answers from the catalog as it is, and the change once its reread
  // is done. (The instance that made a change rereads before its write answers.)
  it("a search during the reread of a change answers at once from before it, then the change", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reading!: () => void;
    const readStarted = new Promise<void>((r) => (reading = r));
    let holding = false;
    const held: Db = {
      ...db,
      async query<T>(sql: string, params?: unknown[]) {
        if (holding && sql.includes("id = ANY(")) {
          reading();
          await gate;
        }
        return db.query<T>(sql, params);
      },
    };
    const catalog = await createVenueCatalog(held);
    try {
      holding = true;
      const id = await insertAt(db, FAR, "told about");
      await readStarted; // the notification came; the refresh of that venue is under way
      const started = performance.now();
      expect((await catalog.within({ ...FAR, radiusMeters: 1000, limit: 10 })).map((h) => h.venue.id)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(250); // did not wait for the held read
      release();
      const found = await eventually(
        async () => (await catalog.within({ ...FAR, radiusMeters: 1000, limit: 10 })).map((h) => h.venue.id),
        (l) => l.length > 0,
      );
      expect(found).toEqual([id]);
    } finally {
      release();
      await catalog.close();
    }
  });

  // The UPDATE trigger of migration 008 lists the ids before and after an update, so a venue whose
  // id changed (`SET id = DEFAULT` is allowed on an identity column) leaves no ghost behind.
  it("a venue whose id changed is only found under its new id", async () => {
    const catalog = await createVenueCatalog(db);
    try {
      const old = await insertAt(db, FAR2, "renumbered");
      await eventually(
        async () => catalog.within({ ...FAR2, radiusMeters: 10, limit: 10 }),
        (l) => l.length === 1,
      );
      const [{ id }] = await db.query<{ id: number }>("UPDATE venues SET id = DEFAULT WHERE id = $1 RETURNING id", [
        old,
      ]);
      const found = await eventually(
        async () => (await catalog.within({ ...FAR2, radiusMeters: 10, limit: 10 })).map((h) => h.venue.id),
        (l) => l.includes(id),
      );
      // and no ghost under the old id once every change is read (not a fixed wait)
      await catalog.settle();
      expect(found).toEqual([id]);
      expect((await catalog.within({ ...FAR2, radiusMeters: 10, limit: 10 })).map((h) => h.venue.id)).toEqual([id]);
    } finally {
      await catalog.close();
    }
  });
});

describe.each(dbTargets())("venue catalog freshness on %s", (target) => {
  let server: TestServer;
  let overpass: FakeOverpass;
  let anon: Agent;
  const adminEmail = uniqueEmail("cattest-admin");
  const SYNC_AREA = { latitude: 37.95, longitude: -122.05 }; // no seed venues there

  beforeAll(async () => {
    overpass = await startFakeOverpass(sfLikeElements(SYNC_AREA.latitude, SYNC_AREA.longitude, 1000));
    server = await startServer(
      target,
      {},
      { ADMIN_EMAILS: adminEmail, OVERPASS_URL: overpass.url, AREA_FETCH: "off", SYNC_TIMEOUT_MS: "5000" },
      {},
      { ownDatabase: true },
    );
    anon = new Agent(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await overpass?.close();
  });

  const matched = async (spot: Spot, vibes = "all", radiusKm = 2, agent = anon) => {
    const res = await agent.get<Venue[]>(
      `/api/venues/match-public?latitude=${spot.latitude}&longitude=${spot.longitude}` +
        `&radius=${radiusKm}&vibes=${encodeURIComponent(vibes)}`,
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const nearby = async (spot: Spot, radiusKm = 2, agent = anon) => {
    const res = await agent.get<Venue[]>(
      `/api/venues/nearby?lat=${spot.latitude}&lng=${spot.longitude}&radius=${radiusKm}&limit=100`,
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const ids = (list: Venue[]) => list.map((v) => v.id);

  it("a venue inserted, moved, re-vibed and deleted in SQL is matched accordingly within moments", async () => {
    const id = await insertAt(server.db, FAR, "Fresh Bar", ["Chill"]);
    expect(
      ids(
        await eventually(
          () => matched(FAR),
          (l) => l.some((v) => v.id === id),
        ),
      ),
    ).toEqual([id]);
    expect(ids(await nearby(FAR))).toEqual([id]);
    expect(ids(await matched(FAR, "Chill"))).toEqual([id]);
    expect(await matched(FAR, "Loud")).toEqual([]);

    // moved 30 km north: gone from its old spot, found at the new one, at its new distance
    const moved = { latitude: FAR.latitude + 0.27, longitude: FAR.longitude };
    await server.db.query("UPDATE venues SET latitude = $2 WHERE id = $1", [id, moved.latitude]);
    expect(
      await eventually(
        () => matched(FAR),
        (l) => l.length === 0,
      ),
    ).toEqual([]);
    expect(await nearby(FAR)).toEqual([]);
    const there = await matched(moved);
    expect(ids(there)).toEqual([id]);
    expect(there[0]).toMatchObject({ latitude: moved.latitude, longitude: FAR.longitude, distance: "0.0" });
    expect(ids(await nearby(moved))).toEqual([id]);
    const fromOld = await matched(FAR, "all", 40);
    expect(fromOld).toMatchObject([{ id, distance: metersToMilesString((0.27 * Math.PI * EARTH_RADIUS_M) / 180) }]);

    // new vibes and name: a Chill search no longer finds it, a Loud one does, under its new name
    await server.db.query(
      `UPDATE venues SET detected_vibes = '{Loud,Energetic}', vibe_scores = '{"Loud": 0.9, "Energetic": 0.6}',
         name = 'Loud Bar' WHERE id = $1`,
      [id],
    );
    expect(
      await eventually(
        () => matched(moved, "Chill"),
        (l) => l.length === 0,
      ),
    ).toEqual([]);
    const loud = await matched(moved, "Loud");
    expect(loud).toMatchObject([
      { id, name: "Loud Bar", detectedVibes: ["Loud", "Energetic"], vibeScores: { Loud: 0.9, Energetic: 0.6 } },
    ]);
    expect(loud[0].matchScore).toBeGreaterThan(0);
    expect(await nearby(moved)).toMatchObject([{ id, name: "Loud Bar" }]);

    await server.db.query("DELETE FROM venues WHERE id = $1", [id]);
    expect(
      await eventually(
        () => matched(moved),
        (l) => l.length === 0,
      ),
    ).toEqual([]);
    expect(await nearby(moved)).toEqual([]);
  });

  it("a change rolled back is never seen; one committed after it is", async () => {
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO venues (external_id, name, category, latitude, longitude, source, attribution)
           VALUES ('cattest:rolled-back', 'Rolled Back', 'Bar', $1, $2, 'test', 'test')`,
          [FAR2.latitude, FAR2.longitude],
        );
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const id = await insertAt(server.db, FAR2, "Committed");
    const list = await eventually(
      () => matched(FAR2),
      (l) => l.some((v) => v.id === id),
    );
    expect(list.map((v) => v.name)).toEqual(["Committed"]);
    await server.db.query("DELETE FROM venues WHERE id = $1", [id]);
    expect(
      await eventually(
        () => matched(FAR2),
        (l) => l.length === 0,
      ),
    ).toEqual([]);
  });

  it.runIf(target === "postgres")(
    "two instances on one database: a change made through A's connection is matched by B, and B's by A",
    async () => {
      const [{ name }] = await server.db.query<{ name: string }>("SELECT current_database() AS name");
      const url = new URL(inject("postgresUrl")!);
      url.pathname = `/${name}`;
      const dbB = await openPostgres(url.toString(), 3);
      const config = loadConfig(
        { LOG_LEVEL: "silent", DATA_DIR: resolve(".tmp/data"), RATE_LIMIT_SCALE: "0" },
        { sessionSecret: "test-secret-test-secret-test-secret-!!", clientDir: resolve("dist/client") },
      );
      const b = await buildApp(config, dbB);
      try {
        await b.app.listen({ port: 0, host: "127.0.0.1" });
        const addr = b.app.server.address();
        const onB = new Agent(`http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`);
        expect(await matched(FAR, "all", 2, onB)).toEqual([]);

        const id = await insertAt(server.db, FAR, "Seen by B", ["Cozy"]);
        expect(
          ids(
            await eventually(
              () => matched(FAR, "Cozy", 2, onB),
              (l) => l.length > 0,
            ),
          ),
        ).toEqual([id]);
        expect(ids(await nearby(FAR, 2, onB))).toEqual([id]);

        await dbB.query(
          "UPDATE venues SET detected_vibes = '{Quiet}', vibe_scores = '{\"Quiet\": 0.7}' WHERE id = $1",
          [id],
        );
        expect(
          ids(
            await eventually(
              () => matched(FAR, "Quiet"),
              (l) => l.length > 0,
            ),
          ),
        ).toEqual([id]);
        expect(await matched(FAR, "Cozy")).toEqual([]);
        expect(
          ids(
            await eventually(
              () => matched(FAR, "Quiet", 2, onB),
              (l) => l.length > 0,
            ),
          ),
        ).toEqual([id]);

        await server.db.query("DELETE FROM venues WHERE id = $1", [id]);
        expect(
          await eventually(
            () => matched(FAR, "all", 2, onB),
            (l) => l.length === 0,
          ),
        ).toEqual([]);
        expect(
          await eventually(
            () => matched(FAR),
            (l) => l.length === 0,
          ),
        ).toEqual([]);
      } finally {
        await b.app.close();
        await dbB.close();
      }
    },
  );

  it.runIf(target === "postgres")(
    "a catalog whose listening connection was killed catches up with what changed meanwhile",
    async () => {
      const LISTENERS = "SELECT pid FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = current_database()";
      expect(
        await eventually(
          () => server.db.query(LISTENERS),
          (l) => l.length === 1,
        ),
      ).toHaveLength(1);
      const killed = Date.now();
      await server.db.query(`SELECT pg_terminate_backend(pid) FROM (${LISTENERS}) l`);
      expect(
        await eventually(
          () => server.db.query(LISTENERS),
          (l) => l.length === 0,
          5000,
        ),
      ).toEqual([]);

      // while nobody listens: its notification is lost
      const id = await insertAt(server.db, FAR, "Changed while deaf", ["Romantic"]);
      await new Promise((r) => setTimeout(r, 300));
      const early = await matched(FAR);
      // the connection comes back LISTEN_RETRY_MS (1 s) after it was lost; before that, nothing
      if (Date.now() - killed < 900) expect(early).toEqual([]);

      // back and listening, it reads everything again
      expect(
        ids(
          await eventually(
            () => matched(FAR, "Romantic"),
            (l) => l.length > 0,
            5000,
          ),
        ),
      ).toEqual([id]);
      expect(Date.now() - killed).toBeGreaterThanOrEqual(900);
      expect(await server.db.query(LISTENERS)).toHaveLength(1);

      // and follows notifications again
      await server.db.query("DELETE FROM venues WHERE id = $1", [id]);
      expect(
        await eventually(
          () => matched(FAR),
          (l) => l.length === 0,
        ),
      ).toEqual([]);
    },
  );

  it("after POST /api/admin/sync-venues the new venues are matched by the same instance at once", async () => {
    const admin = new Agent(server.url);
    await signUpAdmin(server, admin, { email: adminEmail });
    expect(await matched(SYNC_AREA)).toEqual([]);
    const res = await admin.post("/api/admin/sync-venues", { ...SYNC_AREA, radius: 1000 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 7 });
    // no waiting: the very next search
    const names = [
      "Golden Gate Tea House",
      "Ritual Coffee Roasters",
      "Tartine Bistro",
      "The Blue Note Jazz Bar",
      "The EndUp",
      "Toronado",
      "Zeitgeist",
    ];
    expect((await matched(SYNC_AREA)).map((v) => v.name).sort()).toEqual(names);
    expect((await nearby(SYNC_AREA)).map((v) => v.name).sort()).toEqual(names);
    expect((await matched(SYNC_AREA, "Live Music")).map((v) => v.externalId)).toContain("osm:node/1001");

    // an update by a sync too: Toronado gains live music
    expect((await matched(SYNC_AREA, "Live Music")).map((v) => v.externalId)).not.toContain("osm:node/1006");
    const toronado = overpass.elements().find((e) => e.id === 1006)!;
    toronado.tags = { ...toronado.tags, live_music: "yes" };
    const again = await admin.post("/api/admin/sync-venues", { ...SYNC_AREA, radius: 1000 });
    expect(again.body).toMatchObject({ added: 0, updated: 1 });
    expect((await matched(SYNC_AREA, "Live Music")).map((v) => v.externalId)).toContain("osm:node/1006");
  });

  it("a statement changing many venues (ids listed, runs of ids, or '*') refreshes each of them", async () => {
    const SF = { latitude: 37.7749, longitude: -122.4194 };
    // how many venues the reads by id returned, and how many the full reloads read (both as JSON
    // text, catalog-store.ts STORE_ROW_SQL), and what the change feed announced
    const reads: number[] = [];
    let reloaded = 0;
    const announced: string[] = [];
    const unlisten = await server.db.listen(CHANGES_CHANNEL, (payload) => {
      if (payload.startsWith("venues:")) announced.push(payload);
    });
    const query = server.db.query;
    server.db.query = async <T>(sql: string, params?: unknown[]) => {
      const rows = await query<T>(sql, params);
      const first = rows[0] as Record<string, unknown> | undefined;
      if (sql.includes("json_agg") && typeof first?.rows === "string") {
        if (sql.includes("ANY(")) reads.push(JSON.parse(first.rows).length);
        else reloaded += JSON.parse(first.rows).length;
      }
      return rows;
    };
    /**
     * Marks the venues `where` says and gives them `vibe`, then waits until a search of `vibe` (which
     * they fill past a page, so no likely venue joins them) finds only marked ones.
     */
    const change = async (where: string, mark: string, vibe = "Creative") => {
      reads.length = 0;
      reloaded = 0;
      announced.length = 0;
      await query(
        `UPDATE venues SET name = name || ' (${mark})', detected_vibes = array_append(detected_vibes, $1)
          WHERE ${where}`,
        [vibe],
      );
      const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM venues WHERE ${where}`);
      const found = await eventually(
        () => matched(SF, vibe, 200),
        (l) => l.length === Math.min(n, 100) && l.every((v) => v.name.endsWith(` (${mark})`)),
      );
      expect(found.length).toBe(Math.min(n, 100));
      await server.ctx.changes.settle();
      return n;
    };
    try {
      const [{ total }] = await query<{ total: number }>("SELECT count(*)::int AS total FROM venues");
      // every third venue: ~1,000 ids, one notification listing them
      const [{ chars }] = await query<{ chars: number }>(
        "SELECT length(string_agg(id::text, ','))::int AS chars FROM venues WHERE id % 3 = 0",
      );
      expect(chars).toBeLessThan(7000);
      const third = await change("id % 3 = 0", "3");
      expect(third).toBeGreaterThan(900);
      const listed = await matched(SF, "all", 200);
      expect(listed.filter((v) => v.id % 3 !== 0).some((v) => v.name.endsWith(" (3)"))).toBe(false);
      expect(announced).toHaveLength(1);
      expect(announced[0]).not.toContain("..");
      expect(reads.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(third); // the changed venues were read
      expect(Math.max(...reads)).toBeLessThan(total); // and not all of them
      expect(reloaded).toBe(0);

      // every venue (a sync's size): as a list, far past 7,000 characters; as runs of consecutive
      // ids (migration 029), a few: each venue is read by id, none by a reload of everything
      const all = await change("true", "all");
      expect(all).toBe(total);
      expect(announced).toHaveLength(1);
      expect(announced[0]).toMatch(/^venues:[0-9,.]+$/);
      expect(announced[0]).toContain("..");
      expect(announced[0].length).toBeLessThan(7000);
      expect(reads.reduce((x, y) => x + y, 0)).toBe(total);
      expect(reloaded).toBe(0);
      expect((await nearby(SF, 200)).every((v) => v.name.endsWith(" (all)"))).toBe(true);

      // every other venue: no runs, too many ids for a notification; '*' reads everything again
      const [{ evenChars }] = await query<{ evenChars: number }>(
        `SELECT length(string_agg(id::text, ','))::int AS "evenChars" FROM venues WHERE id % 2 = 0`,
      );
      expect(evenChars).toBeGreaterThan(7000);
      await change("id % 2 = 0", "even", "Country Music");
      expect(announced).toEqual(["venues:*"]);
      expect(reloaded).toBeGreaterThanOrEqual(total);
    } finally {
      server.db.query = query;
      await unlisten();
    }
  });

  it("TRUNCATE empties the catalog; venues inserted after it are found", async () => {
    const SF = { latitude: 37.7749, longitude: -122.4194 };
    expect((await matched(SF, "all", 5)).length).toBe(100);
    await server.db.query("TRUNCATE venues CASCADE");
    expect(
      await eventually(
        () => matched(SF, "all", 200),
        (l) => l.length === 0,
      ),
    ).toEqual([]);
    const id = await insertAt(server.db, SF, "After the truncate");
    expect(
      ids(
        await eventually(
          () => matched(SF, "all", 200),
          (l) => l.length > 0,
        ),
      ),
    ).toEqual([id]);
  });
});
