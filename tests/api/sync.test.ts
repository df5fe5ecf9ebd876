import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import type { Db } from "../../src/server/db/client";
import { parseOverpassElement } from "../../src/server/providers/overpass";
import type { SourcePlace, VenueSource } from "../../src/server/providers/venue-source";
import { syncVenues } from "../../src/server/venues/sync";
import { blueNotePlace, spreadPlaces, startFakeGooglePlaces, type FakeGooglePlaces } from "../fakes/google-places";
import { sfLikeElements, startFakeOverpass, type FakeOverpass } from "../fakes/overpass";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * POST /api/admin/sync-venues over real HTTP, against fakes of Overpass and Google Places on
 * loopback. Each scenario has its own area east of San Francisco (no seed venues there), so the
 * two app instances below can share one PostgreSQL database without seeing each other's venues.
 */
const A = { latitude: 37.95, longitude: -122.05 }; // OpenStreetMap only
const B = { latitude: 37.9, longitude: -122.1 }; // OpenStreetMap + Google
const D = { latitude: 37.86, longitude: -122.0 }; // one of two sources down
const E = { latitude: 37.95, longitude: -121.97 }; // an answer cut off half-way
const F = { latitude: 37.83, longitude: -121.95 }; // a write that fails half-way
const REGION = "v.latitude BETWEEN 37.8 AND 38.0 AND v.longitude BETWEEN -122.2 AND -121.9";
const SYNC_TIMEOUT_MS = 4000;

const PATH = "/api/admin/sync-venues";
const area = (p: { latitude: number; longitude: number }, radius = 1000) => ({ ...p, radius });

describe.each(dbTargets())("venue sync on %s", (target) => {
  let overpass: FakeOverpass;
  let google: FakeGooglePlaces;
  let osmOnly: TestServer;
  let both: TestServer;
  let admin: Agent;
  let admin2: Agent;
  const emails = [uniqueEmail("sync-admin"), uniqueEmail("sync-admin")];

  beforeAll(async () => {
    overpass = await startFakeOverpass([
      ...sfLikeElements(A.latitude, A.longitude, 1000),
      ...sfLikeElements(B.latitude, B.longitude, 2000),
      ...sfLikeElements(D.latitude, D.longitude, 3000),
      ...sfLikeElements(E.latitude, E.longitude, 5000),
    ]);
    google = await startFakeGooglePlaces({
      places: [
        blueNotePlace(B.latitude, B.longitude, "gBlueNoteB"),
        ...spreadPlaces(B.latitude, B.longitude, 30, 700, "gB"),
        blueNotePlace(D.latitude, D.longitude, "gBlueNoteD"),
        ...spreadPlaces(D.latitude, D.longitude + 0.01, 2, 100, "gD"),
      ],
    });
    const env = {
      ADMIN_EMAILS: emails.join(","),
      OVERPASS_URL: overpass.url,
      // searches here must not fetch areas by themselves (that is area-fetch.test.ts)
      AREA_FETCH: "off",
      SYNC_TIMEOUT_MS: String(SYNC_TIMEOUT_MS),
    };
    osmOnly = await startServer(target, {}, env);
    both = await startServer(
      target,
      {},
      { ...env, GOOGLE_PLACES_API_KEY: google.apiKey, GOOGLE_PLACES_URL: google.url },
    );
    admin = new Agent(osmOnly.url);
    await signUpAdmin(osmOnly, admin, { email: emails[0] });
    admin2 = new Agent(both.url);
    await signUpAdmin(both, admin2, { email: emails[1] });
  });
  afterAll(async () => {
    await osmOnly?.close();
    await both?.close();
    await overpass?.close();
    await google?.close();
  });
  beforeEach(() => {
    overpass.reset();
    google.reset();
  });

  /** Row counts in the test region and one venue's stored row: what a failed sync must not change. */
  async function snapshot(db: Db) {
    const [counts] = await db.query(
      `SELECT (SELECT count(*)::int FROM venues v WHERE ${REGION}) AS venues,
              (SELECT count(*)::int FROM venue_sources s JOIN venues v ON v.id = s.venue_id WHERE ${REGION}) AS sources,
              (SELECT count(*)::int FROM venue_reviews r JOIN venues v ON v.id = r.venue_id WHERE ${REGION}) AS reviews,
              (SELECT count(*)::int FROM venue_photos p JOIN venues v ON v.id = p.venue_id WHERE ${REGION}) AS photos`,
    );
    const sample = await db.query(
      "SELECT name, vibe_scores, detected_vibes, vibe_evidence, vibe_method, hours, updated_at, last_synced_at " +
        "FROM venues WHERE external_id = 'osm:node/1001'",
    );
    const data = await db.query(
      "SELECT external_id, data, fetched_at FROM venue_sources WHERE external_id LIKE 'osm:%/1%' ORDER BY external_id",
    );
    return { counts, sample, data };
  }

  async function venuesNear(db: Db, p: { latitude: number; longitude: number }, meters: number) {
    return db.query<{ id: number; external_id: string; name: string }>(
      "SELECT id, external_id, name FROM venues v WHERE earth_distance(v.earth, ll_to_earth($1, $2)) <= $3 ORDER BY id",
      [p.latitude, p.longitude, meters],
    );
  }

  const match = (agent: Agent, p: { latitude: number; longitude: number }, vibes = "all") =>
    agent.get<Venue[]>(
      `/api/venues/match-public?latitude=${p.latitude}&longitude=${p.longitude}` +
        `&radius=2&vibes=${encodeURIComponent(vibes)}`,
    );

  describe("who may sync", () => {
    it("answers 401 signed out and 403 to someone who is not an admin", async () => {
      const before = overpass.requests.length;
      expect((await new Agent(osmOnly.url).post(PATH, area(A))).status).toBe(401);
      const someone = new Agent(osmOnly.url);
      await signUp(someone);
      const res = await someone.post(PATH, area(A));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Admins only");
      expect(overpass.requests.length).toBe(before);
    });
  });

  describe("input", () => {
    it.each([
      [{ latitude: "abc", longitude: -122, radius: 1000 }, "latitude must be a number"],
      [{ latitude: 91, longitude: -122, radius: 1000 }, "latitude must be between -90 and 90"],
      [{ latitude: 37.9, longitude: -180.5, radius: 1000 }, "longitude must be between -180 and 180"],
      [{ latitude: 37.9, longitude: null, radius: 1000 }, "longitude must be a number"],
      [{ latitude: 37.9, longitude: -122, radius: 1000.5 }, "radius must be a whole number of metres"],
      [{ latitude: 37.9, longitude: -122, radius: "5km" }, "radius must be a number of metres"],
      [{ latitude: 37.9, longitude: -122, radius: 0 }, "radius must be between 1 and 50000 metres"],
      [{ latitude: 37.9, longitude: -122, radius: 50001 }, "radius must be between 1 and 50000 metres"],
      [{ longitude: -122, radius: 1000 }, "latitude is required"],
      [{ latitude: 37.9, longitude: -122 }, "radius is required"],
      [{}, "latitude is required"],
      [[1, 2, 3], "Request body must be a JSON object"],
    ])("refuses %j: %s", async (body, message) => {
      const before = overpass.requests.length;
      const res = await admin.post(PATH, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(overpass.requests.length).toBe(before);
    });
  });

  describe("OpenStreetMap only", () => {
    it("adds the named venues with blended vibe scores and their evidence", async () => {
      const res = await admin.post(PATH, area(A));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: "Synced 7 venues from OpenStreetMap: 7 added, 0 updated, 0 unchanged",
        added: 7,
        updated: 0,
        unchanged: 0,
        sources: [
          { id: "osm", name: "OpenStreetMap", status: "ok", count: 7 },
          { id: "google", name: "Google Places", status: "skipped", count: 0, detail: "GOOGLE_PLACES_API_KEY not set" },
        ],
      });
      const q = overpass.requests.at(-1)!.query;
      expect(q).toContain(
        `node["amenity"~"^(bar|pub|biergarten|cafe|ice_cream|restaurant|fast_food|nightclub|music_venue)$"]` +
          `(around:1000,${A.latitude},${A.longitude});`,
      );
      expect(q).toContain("out center tags;");

      const venues = (await match(admin, A)).body;
      expect(venues.map((v) => v.name).sort()).toEqual(
        [
          "Golden Gate Tea House",
          "Ritual Coffee Roasters",
          "Tartine Bistro",
          "The Blue Note Jazz Bar",
          "The EndUp",
          "Toronado",
          "Zeitgeist",
        ].sort(),
      );
      const blue = venues.find((v) => v.externalId === "osm:node/1001")!;
      expect(blue).toMatchObject({
        category: "Bar",
        source: "osm",
        attribution: "Map data (c) OpenStreetMap contributors, ODbL.",
      });
      expect(blue.detectedVibes).toContain("Live Music");
      expect(blue.vibeScores["Live Music"]).toBeGreaterThanOrEqual(0.5);
      expect((await match(admin, A, "Live Music")).body.map((v) => v.externalId)).toContain("osm:node/1001");

      const [row] = await osmOnly.db.query<{
        vibe_method: string;
        vibe_evidence: Record<string, { source: string; detail: string }[]>;
        last_synced_at: Date;
      }>("SELECT vibe_method, vibe_evidence, last_synced_at FROM venues WHERE external_id = 'osm:node/1001'");
      expect(row.vibe_method).toBe("blend-v6");
      expect(row.vibe_evidence["Live Music"]).toContainEqual({
        source: "osm",
        detail: "Has live music (OpenStreetMap)",
      });
      expect(row.last_synced_at).toBeTruthy();
      // the description goes through the text analyzer (lexicon-v1) into the blend
      const [bistro] = await osmOnly.db.query<{ vibe_evidence: Record<string, { source: string; detail: string }[]> }>(
        "SELECT vibe_evidence FROM venues WHERE external_id = 'osm:way/1005'",
      );
      expect(bistro.vibe_evidence.Romantic.map((e) => e.source)).toContain("text");
      const sources = await osmOnly.db.query<{ source: string; data: { tags: Record<string, string> } }>(
        "SELECT source, data FROM venue_sources WHERE external_id = 'osm:node/1001'",
      );
      expect(sources).toEqual([
        {
          source: "osm",
          data: expect.objectContaining({
            type: "node",
            id: 1001,
            tags: expect.objectContaining({ live_music: "yes" }),
          }),
        },
      ]);

      const cafe = await admin.get(`/api/venues/${encodeURIComponent("osm:way/1002")}/details`);
      expect(cafe.status).toBe(200);
      // opening_hours "Mo-Fr 07:00-19:00; Sa-Su 08:00-19:00" read as the week; the fake's 555
      // number is fictional and not kept
      expect(cafe.body).toMatchObject({
        hours: [
          "Monday: 7 AM – 7 PM",
          "Tuesday: 7 AM – 7 PM",
          "Wednesday: 7 AM – 7 PM",
          "Thursday: 7 AM – 7 PM",
          "Friday: 7 AM – 7 PM",
          "Saturday: 8 AM – 7 PM",
          "Sunday: 8 AM – 7 PM",
        ],
        website: "https://ritualroasters.example/",
        phone: null,
        reviews: [],
      });
    });

    it("a second sync changes nothing (numeric strings are read as numbers)", async () => {
      const before = await snapshot(osmOnly.db);
      const res = await admin.post(PATH, {
        latitude: String(A.latitude),
        longitude: String(A.longitude),
        radius: "1000",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: "Synced 7 venues from OpenStreetMap: 0 added, 0 updated, 7 unchanged",
        added: 0,
        updated: 0,
        unchanged: 7,
      });
      const after = await snapshot(osmOnly.db);
      expect(after.counts).toEqual(before.counts);
      expect(after.sample[0].updated_at).toEqual(before.sample[0].updated_at);
    });

    it("changed tags update the venue and its scores", async () => {
      const toronado = overpass.elements().find((e) => e.id === 1006)!;
      toronado.tags = { ...toronado.tags, live_music: "yes" };
      const res = await admin.post(PATH, area(A));
      expect(res.body).toMatchObject({ added: 0, updated: 1, unchanged: 6 });
      const v = (await match(admin, A)).body.find((x) => x.externalId === "osm:node/1006")!;
      expect(v.detectedVibes).toContain("Live Music");
    });

    it("retries Overpass after two 500s and succeeds", async () => {
      overpass.fail({ kind: "status", status: 500 }, 2);
      const before = overpass.requests.length;
      const res = await admin.post(PATH, area(A));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ added: 0, updated: 0, unchanged: 7 });
      expect(overpass.requests.length - before).toBe(3);
    });

    it("Overpass down: 503 'Sync Failed' and nothing changed", async () => {
      // what a successful sync would now change
      const blue = overpass.elements().find((e) => e.id === 1001)!;
      const tags = blue.tags;
      blue.tags = { amenity: "bar", name: "The Blue Note Jazz Bar" };
      const before = await snapshot(osmOnly.db);
      overpass.fail({ kind: "status", status: 500 }, Infinity);
      const res = await admin.post(PATH, area(A));
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(
        /^Sync Failed: OpenStreetMap is unavailable \(HTTP 500: .*\)\. Nothing was changed\.$/,
      );
      expect(res.body.sources[0]).toMatchObject({ id: "osm", status: "failed", count: 0 });
      expect(await snapshot(osmOnly.db)).toEqual(before);
      blue.tags = tags;
    });

    it("Overpass hanging: 503 after SYNC_TIMEOUT_MS, nothing changed, and one sync at a time", async () => {
      const before = await snapshot(osmOnly.db);
      overpass.fail({ kind: "hang" }, Infinity);
      const started = Date.now();
      const first = admin.post(PATH, area(A));
      await new Promise((r) => setTimeout(r, 300));
      const second = await admin.post(PATH, area(A));
      expect(second.status).toBe(409);
      expect(second.body.message).toBe("A venue sync is already running. Try again when it has finished.");
      const res = await first;
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        "Sync Failed: OpenStreetMap is not responding (timed out after 4 s). Nothing was changed.",
      );
      expect(Date.now() - started).toBeLessThan(SYNC_TIMEOUT_MS + 3000);
      expect(await snapshot(osmOnly.db)).toEqual(before);
    });

    it("Overpass answering at once, sending its body slowly: 503 after SYNC_TIMEOUT_MS, nothing changed", async () => {
      const blue = overpass.elements().find((e) => e.id === 1001)!;
      const tags = blue.tags;
      blue.tags = { amenity: "bar", name: "The Slow Blue Note" }; // what the sync would change
      const before = await snapshot(osmOnly.db);
      overpass.fail({ kind: "slow", pieces: 20, everyMs: 500 }, Infinity); // 10 s for the whole body
      const started = Date.now();
      const res = await admin.post(PATH, area(A));
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        "Sync Failed: OpenStreetMap is not responding (timed out after 4 s). Nothing was changed.",
      );
      expect(Date.now() - started).toBeLessThan(SYNC_TIMEOUT_MS + 3000);
      expect(await snapshot(osmOnly.db)).toEqual(before);
      blue.tags = tags;
    });

    it("an answer cut off half-way fails the sync and stores nothing", async () => {
      overpass.fail({ kind: "truncate" }, Infinity);
      const res = await admin.post(PATH, area(E));
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        "Sync Failed: OpenStreetMap could not be reached " +
          "(the connection was closed before the response was complete). Nothing was changed.",
      );
      expect(await venuesNear(osmOnly.db, E, 1000)).toEqual([]);
    });
  });

  describe("all or nothing", () => {
    it("a write failing half-way rolls the whole sync back", async () => {
      const places = sfLikeElements(F.latitude, F.longitude, 6000)
        .map(parseOverpassElement)
        .filter((p): p is SourcePlace => !!p);
      // the last venue carries a review the database refuses (rating CHECK 0..5)
      places[places.length - 1] = {
        ...places[places.length - 1],
        reviews: [{ author: "x", rating: 9, text: "broken", time: null }],
      };
      const source: VenueSource = {
        id: "osm",
        name: "OpenStreetMap",
        available: () => true,
        fetchNearby: async () => places,
        fromStored: () => null,
      };
      const quiet = { info() {}, warn() {} };
      await expect(syncVenues(osmOnly.db, [source], area(F), quiet)).rejects.toThrow();
      expect(await venuesNear(osmOnly.db, F, 1000)).toEqual([]);
      // the same places without the bad review go in
      places[places.length - 1] = { ...places[places.length - 1], reviews: [] };
      expect(await syncVenues(osmOnly.db, [source], area(F), quiet)).toMatchObject({ added: 7 });
    });

    it.runIf(target === "pglite")(
      "an OpenStreetMap element at a seed venue becomes a record of that venue, not a new one",
      async () => {
        const [seed] = await osmOnly.db.query<{
          id: number;
          external_id: string;
          name: string;
          latitude: number;
          longitude: number;
        }>(
          "SELECT id, external_id, name, latitude, longitude FROM venues " +
            "WHERE source = 'datasf' AND category = 'Restaurant' ORDER BY id LIMIT 1",
        );
        overpass.elements().push({
          type: "node",
          id: 9001,
          lat: seed.latitude + 0.0001,
          lon: seed.longitude,
          tags: { amenity: "restaurant", name: seed.name, live_music: "yes" },
        });
        const res = await admin.post(PATH, { latitude: seed.latitude, longitude: seed.longitude, radius: 30 });
        expect(res.body).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
        const [row] = await osmOnly.db.query<{ external_id: string; attribution: string; detected_vibes: string[] }>(
          "SELECT external_id, attribution, detected_vibes FROM venues WHERE id = $1",
          [seed.id],
        );
        expect(row.external_id).toBe(seed.external_id);
        expect(row.attribution).toBe(
          "Venue data: City and County of San Francisco, Department of Public Health (DataSF), 2016, public domain. " +
            "Map data (c) OpenStreetMap contributors, ODbL.",
        );
        expect(row.detected_vibes).toContain("Live Music");
        expect(
          await osmOnly.db.query("SELECT venue_id FROM venue_sources WHERE external_id = 'osm:node/9001'"),
        ).toEqual([{ venue_id: seed.id }]);
        const again = await admin.post(PATH, { latitude: seed.latitude, longitude: seed.longitude, radius: 30 });
        expect(again.body).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
      },
    );
  });

  describe("OpenStreetMap and Google Places", () => {
    it("sweeps Google, merges the place both sources know, and keeps both records", async () => {
      const res = await admin2.post(PATH, area(B));
      expect(res.status).toBe(200);
      // 7 OSM + 31 Google, one of which is the OSM bar: 37 venues
      expect(res.body).toMatchObject({
        message: "Synced 37 venues from OpenStreetMap and Google Places: 37 added, 0 updated, 0 unchanged",
        sources: [
          { id: "osm", status: "ok", count: 7 },
          { id: "google", status: "ok", count: 31 },
        ],
      });
      expect(google.calls.length).toBeGreaterThan(1); // more than 20 places: the sweep split the circle
      expect(google.refused).toEqual([]);

      const spot = await venuesNear(both.db, B, 40);
      expect(spot).toHaveLength(1);
      expect(spot[0]).toMatchObject({ external_id: "osm:node/2001", name: "The Blue Note Jazz Bar" });
      const records = await both.db.query<{ source: string; external_id: string }>(
        "SELECT source, external_id FROM venue_sources WHERE venue_id = $1 ORDER BY source",
        [spot[0].id],
      );
      expect(records).toEqual([
        { source: "google", external_id: "google:gBlueNoteB" },
        { source: "osm", external_id: "osm:node/2001" },
      ]);

      const details = await admin2.get(`/api/venues/${encodeURIComponent("osm:node/2001")}/details`);
      expect(details.body.reviews.map((r: { author: string }) => r.author)).toEqual(["Maya R.", "Tom K."]);
      expect(details.body.photos[0].url).toBe(
        `${google.url}/v1/places/gBlueNoteB/photos/AelY_photo1/media?maxWidthPx=800`,
      );
      expect(details.body.attribution).toBe("Map data (c) OpenStreetMap contributors, ODbL. Place data (c) Google");
      const v = (await match(admin2, B)).body.find((x) => x.externalId === "osm:node/2001")!;
      expect(v).toMatchObject({ rating: 4.6, reviewCount: 812, ratingSource: "Google" });
      const [ev] = await both.db.query<{ vibe_evidence: Record<string, { source: string; detail: string }[]> }>(
        "SELECT vibe_evidence FROM venues WHERE id = $1",
        [spot[0].id],
      );
      expect(ev.vibe_evidence["Live Music"].map((e) => e.source)).toEqual(
        expect.arrayContaining(["osm", "google", "text"]),
      );
      expect(v.detectedVibes).toContain("Live Music");
    });

    it("a second sync changes nothing", async () => {
      const res = await admin2.post(PATH, area(B));
      expect(res.body).toMatchObject({ added: 0, updated: 0, unchanged: 37 });
    });

    it("with Google down, OpenStreetMap's venues are stored and the message names Google", async () => {
      google.fail({ kind: "status", status: 500 }, Infinity);
      const res = await admin2.post(PATH, area(D));
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(
        new RegExp(
          String.raw`^Synced 7 venues from OpenStreetMap: 7 added, 0 updated, 0 unchanged\. ` +
            String.raw`Not synced: Google Places is unavailable \(HTTP 500: Internal error encountered\.\)$`,
        ),
      );
      expect(res.body.sources).toEqual([
        { id: "osm", name: "OpenStreetMap", status: "ok", count: 7 },
        {
          id: "google",
          name: "Google Places",
          status: "failed",
          count: 0,
          error: "Google Places is unavailable (HTTP 500: Internal error encountered.)",
        },
      ]);
      expect(await venuesNear(both.db, D, 500)).toHaveLength(7);
    });

    it("when Google is back, its place merges into the stored OpenStreetMap venue", async () => {
      const res = await admin2.post(PATH, area(D));
      expect(res.body).toMatchObject({ added: 2, updated: 1, unchanged: 6 });
      const spot = await venuesNear(both.db, D, 40);
      expect(spot.map((s) => s.external_id)).toEqual(["osm:node/3001"]);
      const records = await both.db.query(
        "SELECT external_id FROM venue_sources WHERE venue_id = $1 ORDER BY external_id",
        [spot[0].id],
      );
      expect(records).toEqual([{ external_id: "google:gBlueNoteD" }, { external_id: "osm:node/3001" }]);
    });

    it("with OpenStreetMap down, Google's places are synced against the stored OpenStreetMap data", async () => {
      overpass.fail({ kind: "status", status: 503 }, Infinity);
      const res = await admin2.post(PATH, area(D));
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(
        new RegExp(
          String.raw`^Synced 3 venues from Google Places: 0 added, 0 updated, 3 unchanged\. ` +
            String.raw`Not synced: OpenStreetMap is unavailable \(HTTP 503`,
        ),
      );
    });
  });
});
