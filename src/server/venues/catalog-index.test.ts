import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_VIBES, MATCH_SORTS, VENUE_CATEGORIES } from "@shared/vocabulary";
import { MAX_EXACT_TOTAL } from "@shared/contracts/venues";
import type { ChangeFeed, Changed } from "../db/changes";
import type { Db } from "../db/client";
import type { LiveVibe } from "../live/crowd";
import {
  chordToMeters,
  createVenueCatalog,
  fitGate,
  rowsOf,
  shownRating,
  toEarth,
  type CatalogHit,
  type CatalogSearch,
  type Ranking,
  type VenueCatalog,
  type VenueFacts,
} from "./catalog";
import { EARTH_RADIUS_M } from "../db/earth";
import { isOpenAt, isOpenLate, openStatus } from "./hours";
import { storeRowOf } from "./catalog-store";
import { ratingOf, type StoredVenue, storedVenueHead } from "./queries";
import { matchRanking } from "./service";

/**
 * The catalog's grid index (catalog.ts: per part of a cell a histogram, the best scores and
 * rating, groups visited best bound first) against a plain scan of every venue: for any venues
 * and any circle, filters, ranking and page, `best`, `within` and `count` give the same venues,
 * in the same order, at the same distances, with the same totals; and again after rounds of venues
 * added, changed, moved and deleted, read through the change feed's path (by id, or everything):
 * the index is built when the catalog is read and by the read of each change, never by a search
 * (`unindexed` is 0 after each). FUZZ_RUNS sets the runs; FUZZ_SEED replays.
 *
 * The catalog reads its venues from a table in memory (the statements it sends: the load's
 * batches, and changed venues by id), so each run has venues of its own.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** A stand-in for the database and the change feed: the catalog's two reads, and `notify`. */
function fakeTable(rows: Map<number, StoredVenue>) {
  const handlers: ((c: Changed) => void | Promise<void>)[] = [];
  const db = {
    kind: "pglite",
    /** The statements sent. */
    queries: 0,
    async query(sql: string, params: unknown[]) {
      db.queries++;
      // the load: the ids that cut the table into batches, then a range of ids as one JSON text of
      // StoreRows (catalog-store.ts STORE_ROW_SQL); changed venues by id, as the same JSON text
      const ids = [...rows.keys()].sort((a, b) => a - b);
      if (sql.includes("row_number()")) {
        const every = params[0] as number;
        return ids.filter((_, i) => (i + 1) % every === 0).map((id) => ({ id }));
      }
      let batch: StoredVenue[];
      if (sql.includes("ANY(")) batch = (params[0] as number[]).flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []));
      else {
        const [low, high] = params as [number, number];
        batch = ids.filter((id) => id > low && id <= high).map((id) => rows.get(id)!);
      }
      return [{ rows: batch.length ? JSON.stringify(batch.map(storeRowOf)) : null }];
    },
  };
  const changes: ChangeFeed = {
    on(_kind, handler) {
      handlers.push(handler);
      return () => {
        handlers.splice(handlers.indexOf(handler), 1);
      };
    },
    async settle() {},
    async close() {},
  };
  return {
    db: db as unknown as Db,
    /** The statements the catalog sent. */
    queries: () => db.queries,
    changes,
    async notify(changed: Changed) {
      for (const h of handlers) await h(changed);
    },
  };
}

const HOURS = [
  null,
  "24/7",
  "Mo-Su 10:00-22:00",
  "Mo-Fr 08:00-17:00; Sa 10:00-14:00",
  "Fr-Sa 18:00-02:00",
  "Tu-Su 17:00-23:00; Mo off",
  "not hours at all",
  "Mo-Su 12:00-14:00 unknown",
];
const ODD = ["Polar Night", "Odd Vibe 1"];
const VIBES = [...ALL_VIBES, ...ODD];
/** A few centres the venues and circles crowd around: San Francisco, a cell edge, the antimeridian. */
const SPOTS = [
  { latitude: 37.7749, longitude: -122.4194 },
  { latitude: 10.05, longitude: 20.1 },
  { latitude: -16.5, longitude: 179.98 },
];

/** Degrees away from a spot: a pile at the spot itself, a crowd within a few hundred metres, a spread. */
const offset = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.double({ min: -0.005, max: 0.005, noNaN: true }) },
  { weight: 3, arbitrary: fc.double({ min: -0.03, max: 0.03, noNaN: true }) },
  { weight: 2, arbitrary: fc.double({ min: -0.2, max: 0.2, noNaN: true }) },
);
/** A search's centre: at a spot, or near it. */
const near = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.double({ min: -0.004, max: 0.004, noNaN: true }) },
  { weight: 2, arbitrary: fc.double({ min: -0.03, max: 0.03, noNaN: true }) },
);
const hundredths = fc.integer({ min: 0, max: 100 }).map((n) => n / 100);
const venueArb = fc.record({
  spot: fc.integer({ min: 0, max: SPOTS.length - 1 }),
  // metres away from the spot: a few in a pile at the spot itself
  dLat: offset,
  dLon: offset,
  category: fc.constantFrom(...VENUE_CATEGORIES.slice(0, 4)),
  detected: fc.uniqueArray(fc.constantFrom(...VIBES), { maxLength: 4 }),
  scores: fc.oneof(
    { weight: 8, arbitrary: fc.dictionary(fc.constantFrom(...ALL_VIBES), hundredths, { maxKeys: 6 }) },
    // not whole hundredths: kept aside as they are
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...ALL_VIBES), fc.double({ min: 0, max: 1, noNaN: true }), {
        maxKeys: 3,
      }),
    },
  ),
  rating: fc.option(
    fc.integer({ min: 10, max: 50 }).map((n) => n / 10),
    { nil: null },
  ),
  reviews: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
  members: fc.option(fc.record({ count: fc.integer({ min: 1, max: 5 }), each: fc.integer({ min: 1, max: 5 }) }), {
    nil: null,
  }),
  hours: fc.constantFrom(...HOURS),
  // likely vibes (vibes/likely.ts): mostly none, as most venues; the catalog indexes the others
  likely: fc.oneof(
    { weight: 2, arbitrary: fc.constant([] as { vibe: string; weight: number }[]) },
    {
      weight: 1,
      arbitrary: fc.uniqueArray(
        fc.record({ vibe: fc.constantFrom(...VIBES), weight: fc.integer({ min: 1, max: 100 }).map((n) => n / 100) }),
        { maxLength: 3, selector: (l) => l.vibe },
      ),
    },
  ),
});
type VenueSpec = typeof venueArb extends fc.Arbitrary<infer T> ? T : never;

const stored = (id: number, v: VenueSpec): StoredVenue => ({
  id,
  external_id: `index:${id}`,
  name: `Venue ${id}`,
  category: v.category,
  description: null,
  address: null,
  latitude: Math.max(-90, Math.min(90, SPOTS[v.spot].latitude + v.dLat)),
  longitude: ((SPOTS[v.spot].longitude + v.dLon + 540) % 360) - 180,
  image_url: null,
  rating: v.rating,
  review_count: v.reviews,
  phone_number: null,
  website: null,
  hours: [],
  opening_hours: v.hours,
  detected_vibes: v.detected,
  vibe_scores: v.scores,
  likely_vibes: v.likely.map((l) => ({ ...l, reasons: [`likely ${l.vibe}`] })),
  source: "test",
  attribution: "test",
  ...(v.members && { member_rating_sum: v.members.count * v.members.each, member_review_count: v.members.count }),
});

const searchArb = fc.record({
  spot: fc.integer({ min: 0, max: SPOTS.length - 1 }),
  dLat: near,
  dLon: near,
  radiusKm: fc.oneof(
    fc.double({ min: 0.05, max: 3, noNaN: true }),
    fc.double({ min: 0.05, max: 40, noNaN: true }),
    fc.constantFrom(0.5, 16, 160.934),
  ),
  vibes: fc.oneof(
    { weight: 1, arbitrary: fc.constant([] as string[]) },
    { weight: 4, arbitrary: fc.uniqueArray(fc.constantFrom(...VIBES), { minLength: 1, maxLength: 3 }) },
  ),
  // the venues' four categories, or one no venue has
  category: fc.option(fc.constantFrom<string>(...VENUE_CATEGORIES, "Bowling Alley"), { nil: undefined }),
  openNow: fc.boolean(),
  /** "Open late": open after midnight of the night of its instant (hours.ts isOpenLate). */
  openLate: fc.boolean(),
  /** The search's instant (WHEN): searches of one catalog at different minutes, a closing time apart. */
  when: fc.integer({ min: 0, max: 3 }),
  limit: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 400 })),
  sort: fc.constantFrom(...MATCH_SORTS, "open first" as const, "rated open first" as const),
  /** Venues with a live vibe (by their number among the nearest 20 to the centre), and its scores. */
  live: fc.array(fc.record({ at: fc.nat(), scores: fc.dictionary(fc.constantFrom(...ALL_VIBES), hundredths) }), {
    maxLength: 3,
  }),
  /** Venues claimed for the wanted vibes (an owner's live music), by their number among the nearest 20. */
  claimed: fc.array(fc.nat(), { maxLength: 3 }),
});
type SearchSpec = typeof searchArb extends fc.Arbitrary<infer T> ? T : never;

const NOW = new Date("2026-11-27T20:30:00Z");
/**
 * The instants searches ask at: NOW (a Friday 12:30 PM in San Francisco), 9:59 PM, 10:00 PM (when
 * Mo-Su 10:00-22:00 closes), and 10:00:40 PM (the same minute): the catalog keeps counts per minute.
 */
const WHEN = [
  NOW,
  new Date("2026-11-28T05:59:00Z"),
  new Date("2026-11-28T06:00:00Z"),
  new Date("2026-11-28T06:00:40Z"),
];

/** The search, and the ranking the service would use (or an open-first one over it). */
function searchOf(s: SearchSpec, venues: StoredVenue[]): { q: CatalogSearch; ranking: Ranking } {
  const at = WHEN[s.when];
  const q: CatalogSearch = {
    latitude: Math.max(-90, Math.min(90, SPOTS[s.spot].latitude + s.dLat)),
    longitude: ((SPOTS[s.spot].longitude + s.dLon + 540) % 360) - 180,
    radiusMeters: s.radiusKm * 1000,
    vibes: s.vibes,
    category: s.category,
    openAt: s.openNow ? at : undefined,
    openLateAt: s.openLate ? at : undefined,
    limit: s.limit,
  };
  const live = new Map<number, LiveVibe>();
  const near = venues
    .map((v) => ({ v, d: Math.abs(v.latitude - q.latitude) + Math.abs(v.longitude - q.longitude) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 20);
  for (const l of s.live)
    if (near.length)
      live.set(near[l.at % near.length].v.id, {
        scores: new Map(Object.entries(l.scores)),
        currentVibes: [],
        broadcast: null,
        liveMusic: false,
        checkIns: 1,
        updatedAt: NOW,
      });
  if (near.length && s.claimed.length) q.claimed = s.claimed.map((at) => near[at % near.length].v.id);
  const vibes = s.vibes.length ? s.vibes : ["Chill"];
  if (s.sort === "rated open first") {
    // Top Rated under the open-first tiers and their key: not a ranking the service asks for, but
    // the catalog takes any ranking, and this is the one whose tiered bound reads the best rating
    // among a part's venues of one tier (catalog.ts aimTierBest)
    const { tier, tierKey } = matchRanking({ vibes, sort: "best", radiusMeters: q.radiusMeters, now: at }, live);
    return {
      q,
      ranking: { ...matchRanking({ vibes, sort: "rating", radiusMeters: q.radiusMeters }, live), tier, tierKey },
    };
  }
  if (s.sort !== "open first")
    return { q, ranking: matchRanking({ vibes, sort: s.sort, radiusMeters: q.radiusMeters }, live) };
  // the service's own open-first ranking (its tiers and their key: the catalog keeps what it works
  // out per key, each tier's best scores per part among it) for half the searches
  if (s.limit % 2 === 0)
    return { q, ranking: matchRanking({ vibes, sort: "best", radiusMeters: q.radiusMeters, now: at }, live) };
  // open now first, then unknown hours, then closed; Best match within each (no key: asked each search)
  const inner = matchRanking({ vibes, sort: "best", radiusMeters: q.radiusMeters }, live);
  const tier = (hours: string | null) => {
    const status = openStatus(hours, at);
    return status === null ? 1 : status.open ? 0 : 2;
  };
  return { q, ranking: { ...inner, tier } };
}

/** Every venue, one by one: the filters, the distance, the ranking's order. */
function plainScan(venues: StoredVenue[], q: CatalogSearch, ranking: Ranking | null) {
  const likelyWeight = (v: StoredVenue, vibes: readonly string[]) =>
    Math.max(0, ...v.likely_vibes.filter((l) => vibes.includes(l.vibe)).map((l) => l.weight));
  const [cx, cy, cz] = toEarth(q.latitude, q.longitude);
  const maxChord =
    q.radiusMeters >= Math.PI * EARTH_RADIUS_M
      ? Infinity
      : 2 * EARTH_RADIUS_M * Math.sin(q.radiusMeters / (2 * EARTH_RADIUS_M));
  const found: { v: StoredVenue; chord: number; meters: number; tier: number; score: number }[] = [];
  for (const v of venues) {
    if (q.category !== undefined && v.category !== q.category) continue;
    // claimed for a wanted vibe: a confirmed match, never a likely one
    const fits = v.detected_vibes.some((x) => q.vibes!.includes(x)) || (q.claimed ?? []).includes(v.id);
    if (q.likely) {
      // likely: detected for none of the wanted vibes, likely for one of them
      if (!q.vibes?.length || fits || likelyWeight(v, q.vibes) === 0) continue;
    } else if (q.vibes?.length && !fits) continue;
    if (q.openAt && !isOpenAt(v.opening_hours, q.openAt)) continue;
    if (q.openLateAt && !isOpenLate(v.opening_hours, q.openLateAt)) continue;
    const [x, y, z] = toEarth(v.latitude, v.longitude);
    const chord = Math.sqrt((x - cx) ** 2 + (y - cy) ** 2 + (z - cz) ** 2);
    if (chord > maxChord * (1 - 1e-9) && (chord > maxChord || chordToMeters(chord) > q.radiusMeters)) continue;
    const meters = chordToMeters(chord);
    const facts: VenueFacts = {
      id: v.id,
      category: v.category,
      rating: v.rating,
      review_count: v.review_count,
      memberRating: v.member_review_count ? { sum: v.member_rating_sum!, count: v.member_review_count } : null,
      vibeScore: (vibe) => v.vibe_scores[vibe],
      openingHours: v.opening_hours,
      likelyWeight: (vibes) => likelyWeight(v, vibes),
    };
    const tier = ranking?.tier ? ranking.tier(v.opening_hours) : 0;
    found.push({ v, chord, meters, tier, score: ranking ? ranking.score(facts, meters) : 0 });
  }
  if (ranking) found.sort((a, b) => a.tier - b.tier || b.score - a.score || a.meters - b.meters || a.v.id - b.v.id);
  else found.sort((a, b) => a.chord - b.chord || a.v.id - b.v.id);
  return { hits: found.slice(0, q.limit).map((f) => ({ id: f.v.id, meters: f.meters })), count: found.length };
}

/**
 * What the runs met (printed at the end): searches, venues compared, pages shorter than the circle's
 * list, likely venues, counts past the cap.
 */
const stats = { searches: 0, hits: 0, cut: 0, likely: 0, capped: 0 };

/** The catalog's `countCap` (default MAX_EXACT_TOTAL): counts stop one past it; pages do not. */
async function check(catalog: VenueCatalog, venues: StoredVenue[], s: SearchSpec, cap = MAX_EXACT_TOTAL) {
  const capped = (n: number) => Math.min(n, cap + 1);
  const { q, ranking } = searchOf(s, venues);
  const want = plainScan(venues, q, ranking);
  const got = await catalog.best(q, ranking);
  stats.searches++;
  stats.hits += want.hits.length;
  if (want.count > want.hits.length) stats.cut++;
  if (want.count > cap) stats.capped++;
  expect(got.count).toBe(capped(want.count));
  expect(got.hits.map((h) => ({ id: h.venue.id, meters: h.meters }))).toEqual(want.hits);
  // a hit ranked by its fit carries it: the fit of its venue's scores (and rating, as it shows)
  for (const h of got.hits)
    if (h.fit !== undefined)
      expect(h.fit).toBe(
        ranking.fit!.of(
          (v) => h.venue.vibe_scores[v],
          () => ratingOf(h.venue).rating,
        ),
      );
  // the same without the fit's orders (Ranking.fit): the threshold over each vibe's own order
  if (ranking.fit) {
    const { fit: _, ...byColumns } = ranking;
    const again = await catalog.best(q, byColumns);
    expect(again.hits.map((h) => ({ id: h.venue.id, meters: h.meters }))).toEqual(want.hits);
  }
  // nearest first, and the count of a list
  const near = plainScan(venues, q, null);
  expect((await catalog.within(q)).map((h) => h.venue.id)).toEqual(near.hits.map((h) => h.id));
  // and without vibes: every venue a candidate, a cell's parts nearest first
  const anyVibe = { ...q, vibes: [] };
  const nearAny = plainScan(venues, anyVibe, null);
  expect((await catalog.within(anyVibe)).map((h) => h.venue.id)).toEqual(nearAny.hits.map((h) => h.id));
  expect(await catalog.count(q)).toBe(capped(near.count));
  // the likely venues of the search, ranked by their weight and nearness as the service ranks them
  const likelyQ = { ...q, likely: true };
  const likelyRanking: Ranking = {
    ...ranking,
    score: (venue, meters) => venue.likelyWeight(q.vibes ?? []) - meters / 1e9,
    bound: () => 0,
  };
  const wantLikely = plainScan(venues, likelyQ, likelyRanking);
  stats.likely += wantLikely.count;
  const gotLikely = await catalog.best(likelyQ, likelyRanking);
  expect(gotLikely.count).toBe(capped(wantLikely.count));
  expect(gotLikely.hits.map((h) => ({ id: h.venue.id, meters: h.meters }))).toEqual(wantLikely.hits);
  expect(await catalog.count(likelyQ)).toBe(capped(wantLikely.count));
  // a later page: the first `skip` ranked, not answered
  const skip = Math.ceil(q.limit / 2);
  const ids = (hits: readonly CatalogHit[]) => hits.map((h) => ({ id: h.venue.id, meters: h.meters }));
  const later = await catalog.best({ ...q, skip }, ranking);
  expect(later.count).toBe(capped(want.count));
  expect(ids(later.hits)).toEqual(want.hits.slice(skip));
  expect(ids(await catalog.within({ ...anyVibe, skip }))).toEqual(nearAny.hits.slice(skip));
  expect(ids((await catalog.best({ ...likelyQ, skip }, likelyRanking)).hits)).toEqual(wantLikely.hits.slice(skip));
  // lean (a match for its JSON): the same venues, distances and fits, each with its venue's bytes
  const lean = await catalog.bestLean({ ...q, skip }, ranking);
  expect(lean.count).toBe(later.count);
  expect(lean.hits.map((h) => ({ id: h.venue.id, meters: h.meters, fit: h.fit }))).toEqual(
    later.hits.map((h) => ({ id: h.venue.id, meters: h.meters, fit: h.fit })),
  );
  const byId = new Map(venues.map((v) => [v.id, v]));
  const now = new Date();
  for (const h of lean.hits) expect(h.head.toString()).toBe(storedVenueHead(byId.get(h.venue.id)!, now).toString());
  expect((await catalog.withinLean({ ...anyVibe, skip })).map((h) => h.venue.id)).toEqual(
    nearAny.hits.slice(skip).map((h) => h.id),
  );
  expect((await catalog.bestLean({ ...likelyQ, skip }, likelyRanking)).hits.map((h) => h.venue.id)).toEqual(
    wantLikely.hits.slice(skip).map((h) => h.id),
  );
}

/** A seeded stream of numbers in [0, 1) (a linear congruential generator). */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A venue at a spot's offset with random vibes (of `pool`), scores, rating, hours and likely vibes. */
function randomSpec(
  rnd: () => number,
  spot: number,
  dLat: number,
  dLon: number,
  pool: readonly string[] = ALL_VIBES,
): VenueSpec {
  return {
    spot,
    dLat,
    dLon,
    category: VENUE_CATEGORIES[Math.floor(rnd() * VENUE_CATEGORIES.length)],
    detected: pool.filter(() => rnd() < 0.3),
    scores: Object.fromEntries(ALL_VIBES.map((v) => [v, Math.round(rnd() * 100) / 100])),
    rating: rnd() < 0.5 ? Math.round(10 + rnd() * 40) / 10 : null,
    reviews: null,
    members: null,
    hours: HOURS[Math.floor(rnd() * HOURS.length)],
    likely:
      rnd() < 0.2
        ? [{ vibe: ALL_VIBES[Math.floor(rnd() * ALL_VIBES.length)], weight: Math.ceil(rnd() * 100) / 100 }]
        : [],
  };
}

describe("the catalog's grid index answers as a plain scan of every venue", () => {
  it(`best, within and count, before and after changes (${RUNS} runs)`, async () => {
    console.log(`catalog index vs plain scan: ${RUNS} runs, seed ${SEED} (FUZZ_SEED=${SEED} to replay)`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(venueArb, { minLength: 0, maxLength: 1500, size: "max" }),
        fc.array(searchArb, { minLength: 1, maxLength: 4 }),
        // rounds of changes, each read as the change feed announces it: by id, or now and then '*'
        fc.array(
          fc.record({
            everything: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
            edits: fc.array(fc.record({ at: fc.nat(), change: fc.option(venueArb, { nil: null }) }), {
              maxLength: 30,
              size: "max",
            }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        // a ranking of at most scanBelow fitting venues visits each (catalog.ts SCAN_BELOW): never,
        // always, or as the count falls
        fc.oneof(fc.constant(0), fc.constant(Infinity), fc.integer({ min: 1, max: 400 })),
        // counts stop one past the cap (MAX_EXACT_TOTAL, more than these catalogs hold), or a small one
        fc.oneof(fc.constant(MAX_EXACT_TOTAL), fc.integer({ min: 0, max: 300 })),
        async (specs, searches, rounds, scanBelow, countCap) => {
          const rows = new Map(specs.map((v, i) => [i + 1, stored(i + 1, v)]));
          const table = fakeTable(rows);
          const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow, countCap });
          try {
            // the index is built as the catalog is read, not by the first search
            expect(catalog.unindexed).toBe(0);
            for (const s of searches) await check(catalog, [...rows.values()], s, countCap);
            let next = specs.length + 1;
            for (const { everything, edits } of rounds) {
              // changed, moved, deleted and new venues
              const ids: number[] = [];
              for (const { at, change } of edits) {
                const id = at % 4 === 0 ? next++ : (at % (next + 2)) + 1;
                if (change) rows.set(id, stored(id, change));
                else rows.delete(id);
                ids.push(id);
              }
              if (everything) await table.notify("*");
              else if (ids.length) await table.notify(ids.map(String));
              // the change's read built the index of the cells it touched: no search builds it
              expect(catalog.unindexed).toBe(0);
              expect(catalog.size).toBe(rows.size);
              for (const s of searches) await check(catalog, [...rows.values()], s, countCap);
            }
          } finally {
            await catalog.close();
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(
      `catalog index vs plain scan: ${stats.searches} searches, ${stats.hits} venues, ${stats.cut} pages cut, ` +
        `${stats.likely} likely venues, ${stats.capped} counts past the cap`,
    );
  }, 120_000);

  it("a pole is one point whatever the longitude: its venues come in one order nearest first and by rank", async () => {
    for (const latitude of [90, -90]) {
      const here = toEarth(latitude, 24.77);
      // (=== : a zero's sign is no distance)
      expect(toEarth(latitude, -151.3).every((v, k) => v === here[k])).toBe(true);
      expect(here[0] === 0 && here[1] === 0).toBe(true);
    }
    // CI's catalog-vs-SQL property test (FUZZ_SEED=725673206): venues at the north pole by several
    // longitudes, a few tenths of a nanometre apart, came in one order from within and another from best
    const rows = new Map<number, StoredVenue>();
    for (const [id, lon] of [
      [4, 24.77],
      [5, -151.3],
      [6, 3.5],
      [7, 88],
    ] as const)
      rows.set(id, { ...chillAt(id, 0, 0.5), latitude: 90, longitude: lon });
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { scanBelow: 0 });
    const q: CatalogSearch = { latitude: 90, longitude: 24.77, radiusMeters: 50, limit: 10 };
    const near = (await catalog.within(q)).map((h) => [h.venue.id, h.meters]);
    expect(near).toEqual([4, 5, 6, 7].map((id) => [id, 0]));
    const ranked = await catalog.best(q, { score: () => 0, bound: () => 0 });
    expect(ranked.hits.map((h) => h.venue.id)).toEqual([4, 5, 6, 7]);
    await catalog.close();
  });

  it("a dense area: groups wholly inside are counted by their histograms, pages skip groups", async () => {
    // 20,000 venues in a 4 km square: most parts of cells lie wholly inside a 3 km circle
    const rnd = lcg(7);
    const rows = new Map<number, StoredVenue>();
    for (let id = 1; id <= 20_000; id++)
      rows.set(id, stored(id, randomSpec(rnd, 0, (rnd() - 0.5) * 0.036, (rnd() - 0.5) * 0.045)));
    const table = fakeTable(rows);
    const venues = [...rows.values()];
    // through the groups, and each fitting venue in turn (catalog.ts SCAN_BELOW); counts past the
    // cap (no vibe: ~17,000 venues in the circle), and past a small one on the histograms alone
    for (const scanBelow of [0, Infinity]) {
      const countCap = scanBelow === 0 ? 500 : MAX_EXACT_TOTAL;
      const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow, countCap });
      for (const sort of [...MATCH_SORTS, "open first" as const, "rated open first" as const])
        for (const vibes of [["Chill"], ["Chill", "Cozy"], []])
          for (const limit of [1, 500])
            await check(
              catalog,
              venues,
              {
                spot: 0,
                dLat: 0.003,
                dLon: -0.004,
                radiusKm: 3,
                vibes,
                category: undefined,
                openNow: sort === "rating",
                openLate: sort === "best",
                // 9:59 PM then 10:00 PM: the same filters a closing time apart
                when: limit === 1 ? 1 : 2,
                limit,
                sort,
                live: [{ at: 17, scores: { Chill: 1, Cozy: 1 } }],
                claimed: [3, 11],
              },
              countCap,
            );
      await catalog.close();
    }
  }, 120_000);

  it(`circles crossing cell edges among many occupied cells: the cells of its band (${RUNS} runs)`, async () => {
    // a venue about every 0.01 degrees over 0.6 x 0.6 degrees around each spot, ~430 occupied cells:
    // a circle up to ~40 km looks only at the cells of its band (forCellsAround), not at every cell as
    // in a sparse catalog, and the searches' circles cross cell edges (the spot at 10.05 lies on one)
    // to the north, south, east and west, and the antimeridian. 16 made-up vibes seen first take bits,
    // so that some of the searches' vibes have none (MAX_VIBE_BITS) and their names are compared
    const pool = [...Array.from({ length: 16 }, (_, i) => `Made Up ${i}`), ...VIBES];
    const rnd = lcg(11);
    const rows = new Map<number, StoredVenue>();
    for (let spot = 0; spot < SPOTS.length; spot++)
      for (let i = -30; i <= 30; i++)
        for (let j = -30; j <= 30; j++) {
          const id = rows.size + 1;
          rows.set(id, stored(id, randomSpec(rnd, spot, (i + rnd() - 0.5) / 100, (j + rnd() - 0.5) / 100, pool)));
        }
    const table = fakeTable(rows);
    const venues = [...rows.values()];
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true });
    try {
      await fc.assert(
        fc.asyncProperty(searchArb, (s) => check(catalog, venues, s)),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      await catalog.close();
    }
  }, 120_000);

  it("places no part of a pole's row inside a circle that ends short of that row", () => {
    // Found by the edge-crowding property below (seed 771056393): a circle centred at 89.9°, its top
    // 1 m below the last row of parts (89.99375° to the pole). That row's northern line plus the margin
    // passed 90°, where cos(latitude) turns negative and the half-width read 180° (every longitude),
    // so the row's parts were counted as wholly inside: a venue of it, outside the circle, counted.
    const latitude = 89.89997506827724;
    const radius = 10437.932806034631;
    const north = rowsOf(latitude, 0, radius, 28784, 16);
    const lastRow = 28799; // 89.99375° .. 90°
    const [inFrom, inTo, reachFrom, reachTo] = north.columns(lastRow, 0);
    expect(inFrom).toBeGreaterThan(inTo);
    expect([reachFrom, reachTo]).toEqual([0, 7]);
    // the row below, which the circle's top crosses, is cut too; the rows well inside are wholly inside
    const below = north.columns(lastRow - 1, 0);
    expect(below[0]).toBeGreaterThan(below[1]);
    expect([...north.columns(lastRow - 7, 0)].slice(0, 2)).toEqual([0, 7]);
    // and the south pole's row, in the mirror image
    const south = rowsOf(-latitude, 0, radius, 0, 16);
    const [bFrom, bTo] = south.columns(0, 0);
    expect(bFrom).toBeGreaterThan(bTo);
  });

  it(`places a part by its row and column as its points lie: inside, outside, or cut (${RUNS} runs)`, () => {
    // rowsOf's columns against points of a part's lines, ~14 m apart and its corners: a part it says is inside
    // has none outside the circle, one it says is outside none inside. The circle passes within metres
    // of a corner of the grid's parts (its radius that corner's distance, give or take), so that the
    // parts about the corner are as near the edge as parts get; the four cells about it are asked.
    // Four such corners a run (one circle each); a bound ~3 m too loose fails within the runs.
    let cut = 0;
    const PART = 0.00625;
    const cornerPassed = (latitude: number, longitude: number, radiusKm: number, bearing: number, off: number) => {
      const [cx, cy, cz] = toEarth(latitude, longitude);
      const chordTo = (lat: number, lon: number) => {
        const [x, y, z] = toEarth(lat, lon);
        return Math.hypot(x - cx, y - cy, z - cz);
      };
      // the corner of parts nearest the point at that bearing and distance, and a radius through it
      const lat1 = (latitude * Math.PI) / 180;
      const angle = (radiusKm * 1000) / EARTH_RADIUS_M;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
      const dLon = Math.atan2(
        Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
        Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
      );
      const row = Math.round(((lat2 * 180) / Math.PI + 90) / PART);
      const column = Math.round(((((longitude + (dLon * 180) / Math.PI + 540) % 360) + 360) % 360) / PART);
      const radius = Math.max(1, chordToMeters(chordTo(row * PART - 90, column * PART - 180)) + off);
      const maxChord = 2 * EARTH_RADIUS_M * Math.sin(radius / (2 * EARTH_RADIUS_M));
      const inside = (lat: number, lon: number) => {
        const chord = chordTo(lat, lon);
        return chord <= maxChord && chordToMeters(chord) <= radius;
      };
      const rows = rowsOf(latitude, longitude, radius, Math.floor(row / 8) * 8 - 16, 32);
      const steps = 50;
      for (const cellRow of [Math.floor(row / 8) - 1, Math.floor(row / 8)])
        for (const cellColumn of [Math.floor(column / 8) - 1, Math.floor(column / 8)]) {
          const cell = { partRow: cellRow * 8, west: (((cellColumn % 7200) + 7200) % 7200) * 0.05 - 180 };
          for (let k = 0; k < 64; k++) {
            const ranges = rows.columns(cell.partRow + Math.floor(k / 8), cell.west);
            const col = k % 8;
            const within = (from: number, to: number) => col >= from && col <= to;
            const place = within(ranges[0], ranges[1]) ? 1 : within(ranges[2], ranges[3]) ? 0 : -1;
            // every column inside reaches the circle
            if (place > 0 && !within(ranges[2], ranges[3])) expect.fail(`column ${col} inside, not reaching it`);
            if (place === 0) {
              cut++;
              continue;
            }
            const south = (cell.partRow + Math.floor(k / 8)) * PART - 90;
            const west = cell.west + (k % 8) * PART;
            for (let i = 0; i <= steps; i++) {
              const f = (i / steps) * PART;
              for (const [lat, lon] of [
                [south + f, west],
                [south + f, west + PART],
                [south, west + f],
                [south + PART, west + f],
              ])
                if (inside(lat, lon) !== place > 0) expect.fail(`part ${k} placed ${place}, yet ${lat}, ${lon} is not`);
            }
          }
        }
    };
    // uniform numbers (fc.double favours its bounds and 0: a due-north bearing, the corner exactly on the edge)
    const uniform = (min: number, max: number) =>
      fc.integer({ min: 0, max: 2 ** 30 }).map((n) => min + ((max - min) * n) / 2 ** 30);
    fc.assert(
      fc.property(
        uniform(-80, 80),
        uniform(-180, 180),
        fc.oneof(uniform(0.05, 3), uniform(3, 200)),
        fc.array(
          fc.record({
            bearing: uniform(0, 2 * Math.PI),
            // metres beyond the corner's distance (negative: the corner lies outside)
            off: fc.oneof(uniform(-10, 10), uniform(-1, 1)),
          }),
          { minLength: 4, maxLength: 4 },
        ),
        (latitude, longitude, radiusKm, corners) => {
          for (const { bearing, off } of corners) cornerPassed(latitude, longitude, radiusKm, bearing, off);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(cut).toBeGreaterThan(0);
  }, 60_000);

  it(`counts exactly where the edge cuts crowded parts, on and off the grid's lines (${RUNS} runs)`, async () => {
    // Venues crowd the edge of a circle (within a few metres to a few hundred of it, either side), some
    // on the lines of the grid's parts (rowsOf places a part by its row and column, with a margin; a
    // venue rounded across a line makes its part placed by its box): the count, unfiltered and under
    // a vibe and Open now (its parts' passing points), is a plain scan's. Anywhere on the earth: by
    // the antimeridian, and near a pole (no longitude bounds there: every part by its box).
    const placed = fc.record({
      // anywhere round it, or crowded into a few arcs of it (a part cut by the edge gets many)
      bearing: fc.oneof(
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc
          .tuple(fc.constantFrom(0.3, 1.6, 2.9, 4.4, 5.8), fc.double({ min: -0.02, max: 0.02, noNaN: true }))
          .map(([at, off]) => at + off),
      ),
      // metres beyond the edge (negative: inside)
      beyond: fc.oneof(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -400, max: 400, noNaN: true }),
        fc.constant(0),
      ),
      snap: fc.constantFrom("none", "none", "latitude", "longitude", "both"),
      chill: fc.boolean(),
      open: fc.boolean(),
    });
    const line = (degrees: number, base: number) => Math.round((degrees + base) / 0.00625) * 0.00625 - base;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ latitude: fc.double({ min: -60, max: 60, noNaN: true }), longitude: fc.constant(179.99) }),
          fc.record({
            latitude: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
            longitude: fc.double({ min: -180, max: 180, noNaN: true }),
          }),
        ),
        fc.oneof(fc.double({ min: 0.1, max: 3, noNaN: true }), fc.double({ min: 3, max: 40, noNaN: true })),
        fc.array(placed, { minLength: 1, maxLength: 1500, size: "max" }),
        async (centre, radiusKm, specs) => {
          const rows = new Map<number, StoredVenue>();
          const lat1 = (centre.latitude * Math.PI) / 180;
          const lon1 = (centre.longitude * Math.PI) / 180;
          for (const [i, v] of specs.entries()) {
            // the point at that bearing and distance (a great circle from the centre)
            const angle = Math.max(0, radiusKm * 1000 + v.beyond) / EARTH_RADIUS_M;
            const lat2 = Math.asin(
              Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(v.bearing),
            );
            const lon2 =
              lon1 +
              Math.atan2(
                Math.sin(v.bearing) * Math.sin(angle) * Math.cos(lat1),
                Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
              );
            let latitude = Math.max(-90, Math.min(90, (lat2 * 180) / Math.PI));
            let longitude = (((((lon2 * 180) / Math.PI + 540) % 360) + 360) % 360) - 180;
            if (v.snap === "latitude" || v.snap === "both") latitude = Math.max(-90, Math.min(90, line(latitude, 90)));
            if (v.snap === "longitude" || v.snap === "both") longitude = line(longitude, 180);
            const id = i + 1;
            rows.set(id, {
              ...chillAt(id, 0, 0.5),
              latitude,
              longitude,
              detected_vibes: v.chill ? ["Chill"] : ["Cozy"],
              opening_hours: v.open ? "24/7" : "Mo-Su 22:00-23:00",
            });
          }
          const table = fakeTable(rows);
          const catalog = await createVenueCatalog(table.db, table.changes, { scanBelow: 0 });
          try {
            const venues = [...rows.values()];
            const q: CatalogSearch = { ...centre, radiusMeters: radiusKm * 1000, limit: 10 };
            for (const asked of [q, { ...q, vibes: ["Chill"], openAt: NOW }, { ...q, vibes: ["Cozy"] }])
              expect(await catalog.count(asked)).toBe(plainScan(venues, { vibes: [], ...asked }, null).count);
          } finally {
            await catalog.close();
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);

  /** A venue at `metresNorth` of SPOT 0, detected Chill with this Chill score, open all week. */
  const chillAt = (id: number, metresNorth: number, chill: number): StoredVenue =>
    stored(id, {
      spot: 0,
      dLat: metresNorth / 111_000,
      dLon: 0,
      category: "Cafe",
      detected: ["Chill"],
      scores: { Chill: chill },
      rating: null,
      reviews: null,
      members: null,
      hours: "Mo-Su 10:00-22:00",
      likely: [],
    });
  /** The same detected Chill and Cozy, with these scores (Cozy's Chill's unless given) and hours. */
  const chillCozyAt = (id: number, metresNorth: number, chill: number, cozy = chill, hours = "Mo-Su 10:00-22:00") => ({
    ...chillAt(id, metresNorth, chill),
    detected_vibes: ["Chill", "Cozy"],
    vibe_scores: { Chill: chill, Cozy: cozy },
    opening_hours: hours,
  });
  /** A row of chillCozyAt with this fit for both, open (24/7) now or closed (at NOW). */
  const openOrClosed = (id: number, metresNorth: number, fit: number, open: boolean): [number, StoredVenue] => [
    id,
    chillCozyAt(id, metresNorth, fit, fit, open ? "24/7" : "Mo-Su 22:00-23:00"),
  ];
  /**
   * The first `limit` of `rows` for Chill,Cozy under Best match, open first (at NOW), 10 km around
   * the first spot, every part visited by its fit: the catalog's page, and a plain scan's.
   */
  const bestOpenFirst = async (rows: Map<number, StoredVenue>, limit: number) => {
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 10_000, vibes: ["Chill", "Cozy"], limit };
    const ranking = matchRanking({ vibes: ["Chill", "Cozy"], sort: "best", radiusMeters: q.radiusMeters, now: NOW });
    const ids = (await catalog.best(q, ranking)).hits.map((h) => h.venue.id);
    await catalog.close();
    return { ids, scanned: plainScan([...rows.values()], q, ranking).hits.map((h) => h.id) };
  };

  it("counts kept per cell and filters follow the minute, the vibes and the category asked", async () => {
    // 200 Chill cafes open 10:00-22:00 and 100 Cozy bars open 24/7 within 2 km (one or two cells, wholly
    // inside a 20 km circle: counted off their histograms, which the catalog keeps per filters and minute)
    const rows = new Map<number, StoredVenue>();
    for (let id = 1; id <= 300; id++) {
      const v = chillAt(id, (id % 40) * 50, 0.5);
      rows.set(id, id <= 200 ? v : { ...v, category: "Bar", detected_vibes: ["Cozy"], opening_hours: "24/7" });
    }
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes);
    const count = (vibes: string[], when: Date | undefined, category?: string) =>
      catalog.count({ ...SPOTS[0], radiusMeters: 20_000, vibes, openAt: when, category });
    const [, before, closing, sameMinute] = WHEN;
    for (let round = 0; round < 2; round++) {
      expect(await count(["Chill", "Cozy"], before)).toBe(300);
      expect(await count(["Chill", "Cozy"], closing)).toBe(100);
      expect(await count(["Chill", "Cozy"], sameMinute)).toBe(100);
      expect(await count(["Cozy", "Chill"], before)).toBe(300);
      expect(await count(["Chill"], before)).toBe(200);
      expect(await count(["Chill"], closing)).toBe(0);
      expect(await count(["Chill", "Cozy"], undefined)).toBe(300);
      expect(await count(["Chill", "Cozy"], before, "Bar")).toBe(100);
      expect(await count([], closing)).toBe(100);
      expect(await count([], undefined)).toBe(300);
    }
    await catalog.close();
  });

  it("a far venue lifted onto the page by its live vibe is found, its group's bound below the page", async () => {
    // 60 near venues that fit poorly; one 2.5 km away that fits worse, alone in its part, with a
    // live Chill of 1: its fit 0.6 x 0 + 0.4 x 1 = 0.4 beats every near one (0 fit, near)
    const rows = new Map<number, StoredVenue>();
    for (let id = 1; id <= 60; id++) rows.set(id, chillAt(id, id * 3, 0));
    rows.set(61, chillAt(61, 2500, 0));
    const table = fakeTable(rows);
    const live = new Map<number, LiveVibe>([
      [
        61,
        {
          scores: new Map([["Chill", 1]]),
          currentVibes: [],
          broadcast: null,
          liveMusic: false,
          checkIns: 2,
          updatedAt: NOW,
        },
      ],
    ]);
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 3000, vibes: ["Chill"], limit: 1 };
    for (const scanBelow of [0, Infinity]) {
      const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow });
      for (const sort of MATCH_SORTS.filter((s) => s !== "rating")) {
        const ranking = matchRanking({ vibes: ["Chill"], sort, radiusMeters: 3000 }, live);
        const got = await catalog.best(q, ranking);
        expect(got.hits.map((h) => h.venue.id)).toEqual([61]);
        expect(got.hits.map((h) => h.venue.id)).toEqual(
          plainScan([...rows.values()], q, ranking).hits.map((h) => h.id),
        );
        expect(got.count).toBe(61);
      }
      await catalog.close();
    }
  });

  it("groups go best first: tier, bound, nearest (a page stops at the first that cannot enter)", async () => {
    // Each case puts venues in three cells (0, 3 and 9 km north: a cell is 0.05 degrees) so that a
    // group visited out of that order is one that cannot enter the page, and the search stops there
    // before a later group that would have
    const at = (id: number, metresNorth: number, v: Partial<StoredVenue>): [number, StoredVenue] => [
      id,
      { ...chillAt(id, metresNorth, 0), ...v },
    ];
    const CLOSED = "Mo-Su 22:00-23:00"; // closed at NOW (12:30 in San Francisco), not opening within the hour
    const cases: {
      name: string;
      rows: [number, StoredVenue][];
      q: Partial<CatalogSearch>;
      ranking: Ranking;
      want: number[];
    }[] = [
      {
        // a near group that fits less, then one between that fits least: not nearest first
        name: "bound before nearness",
        rows: [
          at(1, 0, { vibe_scores: { Chill: 0.5 } }),
          at(2, 3000, { vibe_scores: { Chill: 0.3 } }),
          at(3, 9000, { vibe_scores: { Chill: 0.9 } }),
        ],
        q: { limit: 1 },
        ranking: matchRanking({ vibes: ["Chill"], sort: "best", radiusMeters: 20_000 }),
        want: [3],
      },
      {
        // the page is full after the open pair; a closed group that fits better is not a reason to stop
        name: "tier before bound",
        rows: [
          at(1, 0, { vibe_scores: { Chill: 0.9 }, opening_hours: "24/7" }),
          at(2, 0, { vibe_scores: { Chill: 0.1 }, opening_hours: "24/7" }),
          at(3, 3000, { vibe_scores: { Chill: 0.8 }, opening_hours: CLOSED }),
          at(4, 9000, { vibe_scores: { Chill: 0.7 }, opening_hours: "24/7" }),
        ],
        q: { limit: 2 },
        ranking: matchRanking({ vibes: ["Chill"], sort: "best", radiusMeters: 20_000, now: NOW }),
        want: [1, 4],
      },
      {
        // Top Rated: equal bounds; a claimed venue 2 km away fills the page first, so the far group
        // cannot enter it, and the near one can
        name: "nearest among equal bounds",
        rows: [
          at(1, 0, { rating: 5 }),
          at(2, 2000, { rating: 5, detected_vibes: [], vibe_scores: {} }),
          at(3, 9000, { rating: 5 }),
        ],
        q: { limit: 1, claimed: [2] },
        ranking: matchRanking({ vibes: ["Chill"], sort: "rating", radiusMeters: 20_000 }),
        want: [1],
      },
    ];
    for (const c of cases) {
      const rows = new Map(c.rows);
      const table = fakeTable(rows);
      const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
      const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 20_000, vibes: ["Chill"], limit: 1, ...c.q };
      const ids = (await catalog.best(q, c.ranking)).hits.map((h) => h.venue.id);
      expect(ids, c.name).toEqual(c.want);
      expect(ids, c.name).toEqual(plainScan([...rows.values()], q, c.ranking).hits.map((h) => h.id));
      await catalog.close();
    }
  });

  it("a long queue of groups: the best of 49 cells, whichever order they are met in", async () => {
    // one venue per cell on a 7 x 7 grid of cells around the centre, fits in a scrambled order
    const rows = new Map<number, StoredVenue>();
    let id = 0;
    for (let i = -3; i <= 3; i++)
      for (let j = -3; j <= 3; j++) {
        id++;
        const v = chillAt(id, 0, ((id * 17) % 49) / 49);
        rows.set(id, { ...v, latitude: v.latitude + i * 0.05, longitude: v.longitude + j * 0.05 });
      }
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
    for (const limit of [1, 3, 10]) {
      const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 40_000, vibes: ["Chill"], limit };
      for (const sort of MATCH_SORTS) {
        const ranking = matchRanking({ vibes: ["Chill"], sort, radiusMeters: q.radiusMeters });
        const got = await catalog.best(q, ranking);
        expect(got.hits.map((h) => h.venue.id)).toEqual(
          plainScan([...rows.values()], q, ranking).hits.map((h) => h.id),
        );
      }
    }
    await catalog.close();
  });

  it("the count choosing a scan goes past its limit: scanBelow venues in the first cell do not stop it", async () => {
    // two venues in each of two cells (0 and 9 km north), scanBelow 2: four fit, so no scan
    const rows = new Map([
      [1, chillAt(1, 0, 0.5)],
      [2, chillAt(2, 10, 0.4)],
      [3, chillAt(3, 9000, 0.9)],
      [4, chillAt(4, 9010, 0.8)],
    ]);
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 2 });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 20_000, vibes: ["Chill"], limit: 10 };
    const ranking = matchRanking({ vibes: ["Chill"], sort: "best", radiusMeters: q.radiusMeters });
    const got = await catalog.best(q, ranking);
    expect(got.count).toBe(4);
    expect(got.hits.map((h) => h.venue.id)).toEqual([3, 4, 1, 2]);
    await catalog.close();
  });

  it("a group holding a venue whose scores are kept aside is visited whole, not by the score columns", async () => {
    // five venues of whole hundredths and one of 0.955 (kept aside: no byte of its own in the
    // columns), side by side: the columns' order would stop after the best of the five
    const rows = new Map<number, StoredVenue>();
    for (let id = 1; id <= 5; id++) rows.set(id, chillAt(id, id, id / 10));
    rows.set(6, chillAt(6, 3, 0.955));
    // and one in each of the parts north and south of theirs (a part is 1/8 of a cell a side)
    rows.set(7, chillAt(7, 800, 0.9));
    rows.set(8, chillAt(8, -800, 0.85));
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 2000, vibes: ["Chill"], limit: 4 };
    for (const sort of MATCH_SORTS.filter((s) => s !== "rating")) {
      const ranking = matchRanking({ vibes: ["Chill"], sort, radiusMeters: q.radiusMeters });
      expect((await catalog.best(q, ranking)).hits.map((h) => h.venue.id)).toEqual([6, 7, 8, 5]);
    }
    await catalog.close();
  });

  it("a closed catalog reads no more changes; within() refuses a search of likely venues", async () => {
    const rows = new Map([[1, chillAt(1, 0, 0.5)]]);
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 1000, vibes: ["Chill"], limit: 5 };
    await expect(catalog.within({ ...q, likely: true })).rejects.toThrow("within() does not search likely venues");
    rows.set(2, chillAt(2, 10, 0.6));
    const before = table.queries();
    await table.notify(["2"]);
    expect(table.queries()).toBeGreaterThan(before);
    expect((await catalog.within(q)).map((h) => h.venue.id)).toEqual([1, 2]);
    await catalog.close();
    const closed = table.queries();
    rows.set(3, chillAt(3, 20, 0.7));
    await table.notify(["3"]);
    expect(table.queries()).toBe(closed);
  });

  it("a part of a thousand venues ranked by two vibes: each venue offered once", async () => {
    // one part (a few metres square), the best fits last in its order: the marks of venues seen
    // through one vibe's order must cover the whole part, or the other order offers them again
    const rows = new Map<number, StoredVenue>();
    for (let id = 1; id <= 1000; id++) {
      const fit = Math.round(id / 10) / 100;
      rows.set(id, chillCozyAt(id, id / 100, fit));
    }
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 1000, vibes: ["Chill", "Cozy"], limit: 20 };
    const ranking = matchRanking({ vibes: ["Chill", "Cozy"], sort: "best", radiusMeters: q.radiusMeters });
    const ids = (await catalog.best(q, ranking)).hits.map((h) => h.venue.id);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toEqual(plainScan([...rows.values()], q, ranking).hits.map((h) => h.id));
    await catalog.close();
  });

  it("a cell's parts are bounded tier first: a closed part that fits best does not hide an open one", async () => {
    // the centre's cell holds a closed venue that fits best (its part first by fit) and, 1.5 km north
    // in another part, an open one that fits less; a cell 6 km north holds two more open ones. Open
    // first, the near open venue leads the page: the cell's parts go by tier before fit.
    const rows = new Map<number, StoredVenue>([
      [1, chillCozyAt(1, 0, 0.9, 0.9, "Mo-Su 22:00-23:00")],
      [2, chillCozyAt(2, 1500, 0.5, 0.5, "24/7")],
      [3, chillCozyAt(3, 6000, 0.5, 0.5, "24/7")],
      [4, chillCozyAt(4, 6000, 0.5, 0.5, "24/7")],
    ]);
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 10_000, vibes: ["Chill", "Cozy"], limit: 2 };
    for (const sort of ["best", undefined] as const) {
      const ranking = matchRanking({ vibes: ["Chill", "Cozy"], sort, radiusMeters: q.radiusMeters, now: NOW });
      const ids = (await catalog.best(q, ranking)).hits.map((h) => h.venue.id);
      expect(ids).toEqual([2, 3]);
      expect(ids).toEqual(plainScan([...rows.values()], q, ranking).hits.map((h) => h.id));
    }
    await catalog.close();
  });

  it("a part's later tier is visited when it can still pass the page's last: closed after open", async () => {
    // two parts of one cell, each with an open venue and closed ones. The near part's three fill
    // the page, its two closed ones last; the other part's open venue then pushes one out, and its
    // closed one (fit 0.25, the part's best) still passes the page's last (0.22): bounded too low,
    // it would be left
    const rows = new Map<number, StoredVenue>([
      openOrClosed(1, 0, 0.95, true),
      openOrClosed(2, 0, 0.22, false),
      openOrClosed(3, 0, 0.1, false),
      openOrClosed(4, 1500, 0.2, true),
      openOrClosed(5, 1500, 0.25, false),
    ]);
    const { ids, scanned } = await bestOpenFirst(rows, 3);
    expect(ids).toEqual([1, 4, 5]);
    expect(ids).toEqual(scanned);
  });

  it("a part is bounded by its best tier's highest fit, not below: its open venue still enters the page", async () => {
    // two parts, each with open venues and a closed one (so each is bounded by its open venues
    // alone). The near part's open venues (0.6, 0.5) fill the page first; the far part's open
    // venue (0.51) passes the page's last by 0.01: a bound of its part 0.02 too low would leave it
    const rows = new Map<number, StoredVenue>([
      openOrClosed(1, 0, 0.6, true),
      openOrClosed(2, 0, 0.5, true),
      openOrClosed(3, 0, 0.9, false),
      openOrClosed(4, 1500, 0.51, true),
      openOrClosed(5, 1500, 0.9, false),
    ]);
    const { ids, scanned } = await bestOpenFirst(rows, 2);
    expect(ids).toEqual([1, 4]);
    expect(ids).toEqual(scanned);
  });

  it("a page's ties by fit: equal tier, fit and distance go by id, wherever the venues sit in the cell", async () => {
    // thirty venues on one spot with the same scores: visited by their fit (Ranking.fit), only the
    // id orders them; editing the first five moves them to the end of the store, not of the page
    const rows = new Map<number, StoredVenue>();
    const twin = (id: number, name = `Venue ${id}`): StoredVenue => ({ ...chillCozyAt(id, 50, 0.8, 0.6), name });
    for (let id = 1; id <= 30; id++) rows.set(id, twin(id));
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 1000, vibes: ["Chill", "Cozy"], limit: 10 };
    const first = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    for (const sort of ["best", undefined] as const) {
      const ranking = matchRanking({ vibes: ["Chill", "Cozy"], sort, radiusMeters: q.radiusMeters, now: NOW });
      const ids = async () => (await catalog.best(q, ranking)).hits.map((h) => h.venue.id);
      expect(await ids()).toEqual(first);
      for (let id = 1; id <= 5; id++) rows.set(id, twin(id, `Venue ${id}, renamed`));
      await table.notify(["1", "2", "3", "4", "5"]);
      expect(await ids()).toEqual(first);
      expect(await ids()).toEqual(plainScan([...rows.values()], q, ranking).hits.map((h) => h.id));
    }
    await catalog.close();
  });

  it("the likely list's ties: equal tier and score go nearest first, then by id", async () => {
    // Top Rated's likely list (service.ts) scores by rating alone: every venue here has the same
    // rating, so only the ties order them. Ids are given against the distance, and three share a spot.
    const rows = new Map<number, StoredVenue>();
    const likelyCozy = (id: number, metresNorth: number): StoredVenue => ({
      ...chillAt(id, metresNorth, 0),
      detected_vibes: [],
      rating: 4,
      likely_vibes: [{ vibe: "Cozy", weight: 3, reasons: ["likely Cozy"] }],
    });
    for (const [id, metres] of [
      [9, 100],
      [8, 300],
      [7, 300],
      [3, 300],
      [5, 200],
      [1, 900],
    ] as const)
      rows.set(id, likelyCozy(id, metres));
    const table = fakeTable(rows);
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 3000, vibes: ["Cozy"], limit: 10, likely: true };
    const ranking: Ranking = { score: (v) => (v.rating ?? 0) + 1, bound: () => 0 };
    for (const scanBelow of [0, Infinity]) {
      const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow });
      const ids = async () => (await catalog.best(q, ranking)).hits.map((h) => h.venue.id);
      expect(await ids()).toEqual([9, 5, 3, 7, 8, 1]);
      expect(await ids()).toEqual(plainScan([...rows.values()], q, ranking).hits.map((h) => h.id));
      // the catalog holds the pile in id order as it loads it: an edit moves 3 after 7 and 8 there
      rows.set(3, { ...rows.get(3)!, name: "Venue 3, renamed" });
      await table.notify(["3"]);
      expect(await ids()).toEqual([9, 5, 3, 7, 8, 1]);
      rows.set(3, likelyCozy(3, 300));
      await catalog.close();
    }
  });

  /** Two opening hours; a ranking's tier puts one of them first. */
  const H1 = "24/7";
  const H2 = "Fr-Sa 18:00-02:00";
  /** Chill venues north of SPOTS[0] ([id, metres, hours, Chill score]) in a catalog: every fit kept, no scan. */
  async function chillByHours(venues: readonly (readonly [number, number, string, number])[]) {
    const rows = new Map<number, StoredVenue>();
    for (const [id, metres, hours, chill] of venues)
      rows.set(id, { ...chillAt(id, metres, chill), opening_hours: hours });
    const table = fakeTable(rows);
    return createVenueCatalog(table.db, table.changes, { everyFit: true, scanBelow: 0 });
  }
  /** The ids of a search's page under a ranking, in order. */
  const idsOf = (catalog: VenueCatalog, q: CatalogSearch) => async (r: Ranking) =>
    (await catalog.best(q, r)).hits.map((h) => h.venue.id);
  /** Best match of Chill within `radiusMeters`, a venue in the tier `tiers` gives its hours (else 3), under `key`. */
  const chillTiered =
    (radiusMeters: number) =>
    (tiers: Readonly<Record<string, number>>, key: string): Ranking => ({
      ...matchRanking({ vibes: ["Chill"], sort: "best", radiusMeters }),
      tier: (h) => tiers[h ?? ""] ?? 3,
      tierKey: key,
    });
  /** Best match of Chill within `radiusMeters`, the venues of opening hours `hours` first, under tier key `key`. */
  const chillFirstOf =
    (radiusMeters: number) =>
    (hours: string, key: string): Ranking => ({
      ...chillTiered(radiusMeters)({}, key),
      tier: (h) => (h === hours ? 0 : 1),
    });

  it("a part's bound per tier is worked out again for another tier key, and not kept without one", async () => {
    // two parts 2 km apart, each with venues of two opening hours; which hours come first is the key's
    const catalog = await chillByHours([
      [1, 0, H1, 0.9],
      [2, 1, H2, 0.2],
      [3, 2000, H1, 0.1],
      [4, 2001, H2, 0.5],
    ]);
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 3000, vibes: ["Chill"], limit: 1 };
    const firstOf = chillFirstOf(3000);
    const top = idsOf(catalog, q);
    expect(await top(firstOf(H1, "a"))).toEqual([1]);
    // with key a's bounds (the far part's first tier at 0.1) the far part would be left for venue 2's 0.2
    expect(await top(firstOf(H2, "b"))).toEqual([4]);
    expect(await top(firstOf(H1, "a"))).toEqual([1]);
    // no key: nothing kept between searches (the part's bound is its best of every hours)
    const keyless = (hours: string): Ranking => ({ ...firstOf(hours, ""), tierKey: undefined });
    expect(await top(keyless(H1))).toEqual([1]);
    expect(await top(keyless(H2))).toEqual([4]);
    await catalog.close();
  });

  it("a part's and a cell's best tier are worked out again for another tier key", async () => {
    // venues of H2 alone: a part 2 km away and a cell 8 km away are of tier 1 under key a, 0 under key b
    const catalog = await chillByHours([
      [1, 0, H1, 0.9],
      [3, 2000, H2, 0.3],
      [2, 8000, H2, 0.2],
    ]);
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 10_000, vibes: ["Chill"], limit: 2 };
    const firstOf = chillFirstOf(10_000);
    const top = idsOf(catalog, q);
    expect(await top(firstOf(H1, "a"))).toEqual([1, 3]);
    // with key a's tiers kept, the H2 part and cell would wait behind venue 1 (tier 1) and be left
    expect(await top(firstOf(H2, "b"))).toEqual([3, 2]);
    expect(await top(firstOf(H1, "a"))).toEqual([1, 3]);
    await catalog.close();
  });

  it("a part's tier after its best is worked out again for another tier key", async () => {
    // part B (2 km): 4 of H1 (0.95), 5 of H3 (0.9); part A (here): 1 of H1 (0.6), 2 of H2 (0.95). H1 is
    // first and H3 second under both keys; H2 is last under key a, second under key b
    const H3 = "Mo-Su 06:00-10:00";
    const catalog = await chillByHours([
      [4, 2000, H1, 0.95],
      [5, 2001, H3, 0.9],
      [1, 0, H1, 0.6],
      [2, 1, H2, 0.95],
    ]);
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 3000, vibes: ["Chill"], limit: 3 };
    const underA = chillTiered(3000)({ [H1]: 0, [H3]: 1, [H2]: 2 }, "a");
    const underB = chillTiered(3000)({ [H1]: 0, [H2]: 1, [H3]: 1 }, "b");
    const top = idsOf(catalog, q);
    expect(await top(underA)).toEqual([4, 1, 5]);
    // with key a's tier after A's best (2) kept, A's venue 2 would wait behind venue 5 of tier 1 and be left
    expect(await top(underB)).toEqual([4, 1, 2]);
    expect(await top(underA)).toEqual([4, 1, 5]);
    await catalog.close();
  });

  it("a part's best tier visited by its own score order, made again for another tier key", async () => {
    // near part: two venues of H1 (0.9, 0.85) and one of H2 (0.3); far part: H2 0.95 and H1 0.1
    const catalog = await chillByHours([
      [1, 0, H1, 0.9],
      [5, 1, H1, 0.85],
      [2, 2, H2, 0.3],
      [4, 2000, H2, 0.95],
      [3, 2001, H1, 0.1],
    ]);
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 3000, vibes: ["Chill"], limit: 2 };
    // by the ranking's fit (Ranking.fit), and by each vibe's score column without it
    for (const byFit of [true, false]) {
      if (byFit) expect(matchRanking({ vibes: ["Chill", "Cozy"], radiusMeters: 3000 }).fit).toBeDefined();
      const firstOf = (hours: string, key: string): Ranking => {
        // the ranking's fit, kept or taken away (the run by score columns)
        const { fit, ...rest } = matchRanking({ vibes: ["Chill", "Cozy"], sort: "best", radiusMeters: 3000 });
        return { ...rest, ...(byFit && { fit }), tier: (h) => (h === hours ? 0 : 1), tierKey: key };
      };
      const top = idsOf(catalog, q);
      // key a: the near part's first tier is H1, visited best first
      expect(await top(firstOf(H1, `a ${byFit}`))).toEqual([1, 5]);
      // key b: H2 first. With key a's order of the near part's first tier (1, 5), venue 2 would
      // never be visited: the rest of the part (tier 1) stops below venue 1's 0.9
      expect(await top(firstOf(H2, `b ${byFit}`))).toEqual([4, 2]);
      expect(await top(firstOf(H1, `a ${byFit}`))).toEqual([1, 5]);
    }
    await catalog.close();
  });

  it("a ranking's tiers are asked once per opening hours and key, and asked again for another key", async () => {
    const rows = new Map<number, StoredVenue>();
    for (let id = 1; id <= 40; id++)
      rows.set(id, { ...chillAt(id, id * 20, 0.5), opening_hours: HOURS[id % HOURS.length] });
    const table = fakeTable(rows);
    const catalog = await createVenueCatalog(table.db, table.changes, { everyFit: true });
    const q: CatalogSearch = { ...SPOTS[0], radiusMeters: 3000, vibes: ["Chill"], limit: 5 };
    const asked: string[] = [];
    /** A ranking whose tier puts first the venues whose hours are `first` (the rest after). */
    const rankingOf = (first: string | null, key: string): Ranking => ({
      ...matchRanking({ vibes: ["Chill"], sort: "best", radiusMeters: 3000 }),
      tier: (hours) => {
        asked.push(`${key} ${hours}`);
        return hours === first ? 0 : 1;
      },
      tierKey: key,
    });
    const firstHours = (hits: { venue: StoredVenue }[]) => [...new Set(hits.map((h) => h.venue.opening_hours))];
    expect(firstHours((await catalog.best(q, rankingOf("24/7", "a"))).hits)).toEqual(["24/7"]);
    const once = asked.length;
    expect(once).toBeLessThanOrEqual(HOURS.length);
    // the same key: the answers kept, not asked again
    await catalog.best(q, rankingOf("24/7", "a"));
    expect(asked.length).toBe(once);
    // another key: asked again, and its answers used
    expect(firstHours((await catalog.best(q, rankingOf("Fr-Sa 18:00-02:00", "b"))).hits)).toEqual([
      "Fr-Sa 18:00-02:00",
    ]);
    expect(asked.slice(once).every((a) => a.startsWith("b "))).toBe(true);
    // no key: asked every search
    const { tierKey: _, ...keyless } = rankingOf("24/7", "c");
    const before = asked.length;
    await catalog.best(q, keyless);
    const first = asked.length - before;
    expect(first).toBeGreaterThan(0);
    await catalog.best(q, keyless);
    expect(asked.length - before).toBe(2 * first);
    await catalog.close();
  });
});

describe("shownRating: the rating a venue shows, as docs/reviews.md's table gives it", () => {
  const facts = (rating: number | null, reviews: number | null, members: { sum: number; count: number } | null) => ({
    rating,
    review_count: reviews,
    memberRating: members,
  });
  it.each([
    ["VIBE's ratings only: their mean, one decimal", facts(null, null, { sum: 14, count: 3 }), 4.7],
    ["a provider's only: the provider's", facts(4.3, 120, null), 4.3],
    ["a provider's only, its count unknown", facts(3.9, null, { sum: 0, count: 0 }), 3.9],
    ["both, the provider's count known: weighed by counts", facts(4.0, 8, { sum: 10, count: 2 }), 4.2],
    ["both, the provider's count unknown: the provider's", facts(4.4, null, { sum: 5, count: 5 }), 4.4],
    ["none: null, never a fallback", facts(null, null, null), null],
  ])("%s", (_, venue, want) => {
    expect(shownRating(venue)).toBe(want);
  });
});

describe("fitGate: which fits rank by their orders", () => {
  const ask = (gate: (key: string) => boolean, key: string, times: number) => {
    let answer = false;
    for (let i = 0; i < times; i++) answer = gate(key);
    return answer;
  };

  it("gives a fit its orders once it is asked often enough and makes a good share of the asks", () => {
    const gate = fitGate();
    expect(ask(gate, "matchScore Chill", 19)).toBe(false);
    expect(gate("matchScore Chill")).toBe(true); // the 20th ask
    // a fit asked 25 times among 1,000 others' asks (2.5%) keeps the score columns' threshold
    for (let i = 0; i < 1000; i++) gate(`matchScore ${ALL_VIBES[i % 10]},Quiet`);
    expect(ask(gate, "matchScore Loud", 25)).toBe(false);
  });

  it("never gives more fits their orders than a cell keeps: the most asked, the same at every ask", () => {
    const gate = fitGate();
    const keys = ["matchScore Chill", "matchScore Cozy", "matchScore Loud", "matchScore Quiet", "matchScore Romantic"];
    // Romantic is asked a little less than the rest, which are asked alike
    for (let round = 0; round < 60; round++) for (const k of keys) if (k !== keys[4] || round % 10) gate(k);
    for (let round = 0; round < 20; round++) {
      const answers = keys.map((k) => gate(k));
      expect(answers).toEqual([true, true, true, true, false]);
    }
  });
});
