import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "../../src/server/db/client";
import { parseGooglePlace, type GooglePlace } from "../../src/server/providers/google-places";
import { parseOverpassElement, type OverpassElement } from "../../src/server/providers/overpass";
import type { SourcePlace } from "../../src/server/providers/venue-source";
import { syncVenues, type SyncOptions } from "../../src/server/venues/sync";
import { analyzeVenueTexts as analyzeTexts } from "../../src/server/vibes/model";
import { staticSource, syntheticPlaces } from "../fakes/synthetic-places";
import { openTestDb } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * The sync writes in batches (one statement per SYNC_BATCH_SIZE rows). A batched sync of N places
 * must leave exactly what writing venue by venue leaves (batchSize 1): the same rows, ids, vibe
 * evidence, source records, reviews and photos; a second sync with changes updates in place; and
 * nothing is ever duplicated, also when two syncs of one area run at once. Two fresh databases
 * per target, both from the run's template.
 */
const AREA = { latitude: 38.31, longitude: -122.29, radius: 900 }; // Napa: no seed venues
const N = 600;
const REGION = "v.latitude BETWEEN 38.29 AND 38.33 AND v.longitude BETWEEN -122.32 AND -122.26";
const quiet = { info() {}, warn() {} };

/** Every table the sync writes, in the region, without the columns that hold the time of writing. */
async function dump(db: Queryable) {
  return {
    venues: await db.query(
      `SELECT id, external_id, name, category, description, address, latitude, longitude, image_url, rating,
              review_count, phone_number, website, hours, detected_vibes, vibe_scores, vibe_evidence, vibe_method,
              source, attribution
         FROM venues v WHERE ${REGION} ORDER BY id`,
    ),
    sources: await db.query(
      `SELECT s.venue_id, s.source, s.external_id, s.data FROM venue_sources s JOIN venues v ON v.id = s.venue_id
        WHERE ${REGION} ORDER BY s.external_id`,
    ),
    reviews: await db.query(
      `SELECT r.id, r.venue_id, r.source, r.author, r.rating, r.text, r.time
         FROM venue_reviews r JOIN venues v ON v.id = r.venue_id
        WHERE ${REGION} ORDER BY r.id`,
    ),
    photos: await db.query(
      `SELECT p.id, p.venue_id, p.source, p.url, p.attribution FROM venue_photos p JOIN venues v ON v.id = p.venue_id
        WHERE ${REGION} ORDER BY p.id`,
    ),
  };
}

/** The database, counting the statements sent inside transactions. */
function counting(db: Db) {
  const counter = { statements: 0 };
  const wrapped: Db = {
    ...db,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: (sql, params) => {
            counter.statements++;
            return tx.query(sql, params);
          },
          exec: (sql) => tx.exec(sql),
        }),
      ),
  };
  return { db: wrapped, counter };
}

describe.each(dbTargets())("batched venue sync on %s", (target) => {
  let one: Db; // venue by venue
  let many: Db; // in batches
  const set = syntheticPlaces(AREA, N, 70_000_000, 10);
  let osm = set.osm;
  let google = set.google;
  const sources = [
    staticSource(
      "osm",
      () => osm,
      (d) => parseOverpassElement(d as OverpassElement),
    ),
    staticSource(
      "google",
      () => google,
      (d) => parseGooglePlace(d as GooglePlace),
    ),
  ];
  const sync = (db: Db, opts: SyncOptions) => syncVenues(db, sources, AREA, quiet, { analyzeTexts, ...opts });

  beforeAll(async () => {
    one = await openTestDb(target, { ownDatabase: true });
    many = await openTestDb(target, { ownDatabase: true });
  });
  afterAll(async () => {
    await one?.close();
    await many?.close();
  });

  it("a batched import of N places writes what venue-by-venue writing does, in a few statements", async () => {
    const a = await sync(one, { batchSize: 1 });
    const { db, counter } = counting(many);
    const b = await sync(db, { batchSize: 64 });
    expect(a).toEqual(b);
    expect(b).toMatchObject({ added: N, updated: 0, unchanged: 0 });
    // 600 venues, 60 of them with Google's reviews and photos, in batches of 64: the lock, the
    // check, 10 inserts of venues, 2 of reviews, 2 of photos and 11 of source records.
    expect(counter.statements).toBeLessThanOrEqual(30);
    const [x, y] = [await dump(one), await dump(many)];
    expect(y).toEqual(x);
    expect(y.venues).toHaveLength(N);
    expect(y.reviews).toHaveLength(2 * google.length);
    expect(y.photos).toHaveLength(2 * google.length);
    expect(y.sources).toHaveLength(N + google.length);
    const live = y.venues.find((v) => (v.vibe_evidence as Record<string, unknown>)["Live Music"]);
    expect(live).toBeTruthy();
  });

  it("a second sync with changes updates in place, the same way, and duplicates nothing", async () => {
    const before = await dump(many);
    const changed = new Set<string>();
    osm = set.osm.map((p, i) => {
      if (i % 7 !== 0) return p;
      changed.add(p.externalId);
      const raw = p.raw as OverpassElement;
      return parseOverpassElement({ ...raw, tags: { ...raw.tags, live_music: "yes", name: `${p.name} Live` } })!;
    });
    google = set.google.map((p, i): SourcePlace => {
      if (i % 3 !== 0) return p;
      return {
        ...p,
        reviews: [{ author: "New R.", rating: 2, text: "Loud and crowded now.", time: null }],
        photos: p.photos.slice(1),
      };
    });
    const a = await sync(one, { batchSize: 1 });
    const b = await sync(many, { batchSize: 64 });
    expect(a).toEqual(b);
    const updatedGoogleOnly = set.google.filter((_, i) => i % 3 === 0).length; // some of them also changed in OSM
    expect(b.added).toBe(0);
    expect(b.updated).toBeGreaterThanOrEqual(changed.size);
    expect(b.updated).toBeLessThanOrEqual(changed.size + updatedGoogleOnly);
    expect(b.updated + b.unchanged).toBe(N);
    const [x, y] = [await dump(one), await dump(many)];
    expect(y).toEqual(x);
    // in place: the same ids and external ids, nothing duplicated
    expect(y.venues.map((v) => [v.id, v.external_id])).toEqual(before.venues.map((v) => [v.id, v.external_id]));
    expect(new Set(y.sources.map((s) => s.external_id)).size).toBe(y.sources.length);
    const renamed = y.venues.filter((v) => changed.has(v.external_id as string));
    expect(renamed.every((v) => (v.name as string).endsWith(" Live"))).toBe(true);
    expect(y.reviews.filter((r) => r.author === "New R.")).toHaveLength(updatedGoogleOnly);
  });

  it("the same sync again changes nothing", async () => {
    const [stamp] = await many.query<{ latest: Date }>(
      `SELECT max(updated_at) AS latest FROM venues v WHERE ${REGION}`,
    );
    const b = await sync(many, {});
    expect(b).toMatchObject({ added: 0, updated: 0, unchanged: N });
    const [after] = await many.query<{ latest: Date }>(
      `SELECT max(updated_at) AS latest FROM venues v WHERE ${REGION}`,
    );
    expect(after.latest).toEqual(stamp.latest);
  });

  it("two syncs of a new area at once: the second sees the first's venues and adds none twice", async () => {
    const area = { latitude: 38.3, longitude: -122.3, radius: 300 };
    const fresh = syntheticPlaces(area, 120, 71_000_000, 10);
    const src = [
      staticSource(
        "osm",
        () => fresh.osm,
        (d) => parseOverpassElement(d as OverpassElement),
      ),
      staticSource(
        "google",
        () => fresh.google,
        (d) => parseGooglePlace(d as GooglePlace),
      ),
    ];
    const results = await Promise.all([
      syncVenues(many, src, area, quiet, { analyzeTexts }),
      syncVenues(many, src, area, quiet, { analyzeTexts }),
    ]);
    expect(results.map((r) => r.added).sort((p, q) => p - q)).toEqual([0, 120]);
    expect(results.map((r) => r.unchanged).sort((p, q) => p - q)).toEqual([0, 120]);
    const [{ n }] = await many.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM venue_sources " +
        "WHERE external_id LIKE 'osm:%/71000%' OR external_id LIKE 'google:gSyn71%'",
    );
    expect(n).toBe(120 + fresh.google.length);
  });
});
