import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COORDS, KM_PER_MILE } from "@shared/vocabulary";
import { MAX_VENUE_RESULTS, venueDetailsSchema, venueSchema, type Venue } from "@shared/contracts/venues";
import { Agent, signUp } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;
const match = (q: string) => `/api/venues/match-public?${q}`;

describe.each(dbTargets())("venue discovery on %s", (target) => {
  let server: TestServer;
  let anon: Agent;

  beforeAll(async () => {
    server = await startServer(target);
    anon = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  describe("match-public", () => {
    it("returns venues inside the radius with every Venue field, fitting at least one chosen vibe", async () => {
      const res = await anon.get<Venue[]>(match(`${here}&radius=16&vibes=Chill,Cozy`));
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(10);
      expect(res.body.length).toBeLessThanOrEqual(MAX_VENUE_RESULTS);
      for (const v of res.body) {
        venueSchema.strict().parse(v);
        expect(Number(v.distance)).toBeLessThanOrEqual(16 / KM_PER_MILE + 0.05);
        expect(v.detectedVibes.some((x) => x === "Chill" || x === "Cozy")).toBe(true);
        expect(v.matchScore).toBeGreaterThan(0);
        expect(v.isFavorite).toBe(false);
        expect(v.distance).toMatch(/^\d+\.\d$/);
      }
    });

    it("ranks better fits first among matches", async () => {
      const res = await anon.get<Venue[]>(match(`${here}&radius=3&vibes=Energetic,Loud`));
      expect(res.status).toBe(200);
      // the confirmed matches; likely ones (issue 25) follow them, with no fit
      const confirmed = res.body.filter((v) => !v.likely);
      expect(res.body.slice(0, confirmed.length)).toEqual(confirmed);
      expect(res.body.slice(confirmed.length).every((v) => v.matchScore === null)).toBe(true);
      // rank is 70% fit and 30% nearness (after the open-first tiers, issue 25), so among the venues
      // of one tier the first fit at least as well as the last
      const tier = (v: Venue) => (v.openStatus === null ? 1 : v.openStatus.open || v.openStatus.soon ? 0 : 2);
      for (const t of [0, 1, 2]) {
        const scores = confirmed.filter((v) => tier(v) === t).map((v) => v.matchScore!);
        if (scores.length) expect(scores[0]).toBeGreaterThanOrEqual(scores[scores.length - 1]);
      }
      expect(confirmed.every((v) => v.detectedVibes.includes("Energetic") || v.detectedVibes.includes("Loud"))).toBe(
        true,
      );
    });

    it("a small radius holds only the nearest venues, nearest first when vibes are all", async () => {
      const res = await anon.get<Venue[]>(match(`${here}&radius=0.5&vibes=all`));
      expect(res.status).toBe(200);
      const d = res.body.map((v) => Number(v.distance));
      expect(d.every((x) => x <= 0.5 / KM_PER_MILE + 0.05)).toBe(true);
      expect([...d].sort((a, b) => a - b)).toEqual(d);
      expect(res.body.every((v) => v.matchScore === null)).toBe(true);
    });

    it("nothing in the middle of the ocean", async () => {
      const res = await anon.get(match(`latitude=0&longitude=-140&radius=50&vibes=all`));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it("filters by category chip value", async () => {
      for (const category of ["Bar", "Cafe", "Restaurant"]) {
        const res = await anon.get<Venue[]>(match(`${here}&radius=10&vibes=all&category=${category}`));
        expect(res.status).toBe(200);
        expect(res.body.length).toBeGreaterThan(0);
        expect(res.body.every((v) => v.category === category)).toBe(true);
      }
      const all = await anon.get<Venue[]>(match(`${here}&radius=10&vibes=all&category=all`));
      expect(new Set(all.body.map((v) => v.category)).size).toBeGreaterThan(1);
    });

    it("searches name, category and vibes, ignoring case and accents", async () => {
      const coffee = await anon.get<Venue[]>(match(`${here}&radius=20&vibes=all&search=COFFEE`));
      expect(coffee.body.length).toBeGreaterThan(0);
      expect(
        coffee.body.every((v) =>
          /coffee/i.test(`${v.name} ${v.category} ${v.description ?? ""} ${v.detectedVibes.join(" ")}`),
        ),
      ).toBe(true);
      const accented = await anon.get<Venue[]>(
        match(`${here}&radius=20&vibes=all&search=${encodeURIComponent("Café")}`),
      );
      const plain = await anon.get<Venue[]>(match(`${here}&radius=20&vibes=all&search=cafe`));
      expect(accented.body.map((v) => v.id)).toEqual(plain.body.map((v) => v.id));
      expect(plain.body.length).toBeGreaterThan(0);
      const byCategory = await anon.get<Venue[]>(match(`${here}&radius=20&vibes=all&search=club`));
      expect(byCategory.body.some((v) => v.category === "Club")).toBe(true);
      // typed wildcards are literal characters
      expect((await anon.get(match(`${here}&radius=20&vibes=all&search=%25%25%25`))).body).toEqual([]);
      expect((await anon.get(match(`${here}&radius=20&vibes=all&search=_`))).body).toEqual([]);
    });

    it.each([
      ["latitude=abc&longitude=-122.4&radius=5&vibes=all", "latitude must be a number"],
      ["latitude=91&longitude=-122.4&radius=5&vibes=all", "latitude must be between -90 and 90"],
      ["latitude=37.7&longitude=-200&radius=5&vibes=all", "longitude must be between -180 and 180"],
      // blank or left out: missing, and said so
      ["latitude=&longitude=-122.4&radius=5&vibes=all", "latitude is required"],
      ["longitude=-122.4&radius=5&vibes=all", "latitude is required"],
      ["latitude=37.7&radius=5&vibes=all", "longitude is required"],
      ["latitude=37.7&longitude=-122.4&vibes=all", "radius is required"],
      ["latitude=37.7&longitude=-122.4&radius=-3&vibes=all", "radius must be more than 0 and at most 200 km"],
      ["latitude=37.7&longitude=-122.4&radius=0&vibes=all", "radius must be more than 0 and at most 200 km"],
      ["latitude=37.7&longitude=-122.4&radius=1e9&vibes=all", "radius must be more than 0 and at most 200 km"],
      ["latitude=37.7&longitude=-122.4&radius=NaN&vibes=all", "radius must be a number"],
      ["latitude=37.7&longitude=-122.4&radius=5&vibes=Sleepy", "Unknown vibe: Sleepy"],
      [
        "latitude=37.7&longitude=-122.4&radius=5&vibes=Chill,Cozy,Loud,Quiet,Romantic,Energetic",
        "Choose between 1 and 5 vibes, or all",
      ],
      ["latitude=37.7&longitude=-122.4&radius=5&vibes=", "Choose between 1 and 5 vibes, or all"],
      ["latitude=37.7&longitude=-122.4&radius=5", "vibes is required (a comma list of vibes, or all)"],
      [
        "latitude=37.7&longitude=-122.4&radius=5&vibes=all&category=Pub",
        "category must be one of Bar, Restaurant, Cafe, Club or all",
      ],
      [
        `latitude=37.7&longitude=-122.4&radius=5&vibes=all&search=${"x".repeat(101)}`,
        "search can be at most 100 characters",
      ],
    ])("refuses %s with 400", async (q, message) => {
      const res = await anon.get(match(q));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("repeated parameters are refused, not a 500", async () => {
      const res = await anon.get(match(`${here}&radius=5&radius=6&vibes=all`));
      expect(res.status).toBe(400);
    });
  });

  describe("nearby", () => {
    it("answers the warm-up shape (lat, lng, radius, limit)", async () => {
      const res = await anon.get<Venue[]>(
        `/api/venues/nearby?lat=${DEFAULT_COORDS.latitude}&lng=${DEFAULT_COORDS.longitude}&radius=5&limit=3`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
      for (const v of res.body) venueSchema.strict().parse(v);
      const empty = await anon.get("/api/venues/nearby?lat=0&lng=0&radius=1&limit=1");
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual([]);
    });

    it("answers the post dialog's shape (latitude, longitude, radius=10), nearest first, with search", async () => {
      const res = await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=10`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(20);
      const d = res.body.map((v) => Number(v.distance));
      expect([...d].sort((a, b) => a - b)).toEqual(d);
      const s = await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=10&search=pizza`);
      expect(s.body.length).toBeGreaterThan(0);
      expect(s.body.every((v) => /pizza/i.test(v.name))).toBe(true);
    });

    it("ranks suggestions for the hour: cafes at breakfast, bars and clubs at night", async () => {
      const morning = await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&hour=8&limit=10`);
      const night = await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&hour=23&limit=10`);
      expect(morning.status).toBe(200);
      expect(morning.body.filter((v) => v.category === "Cafe").length).toBeGreaterThanOrEqual(7);
      expect(night.body.filter((v) => v.category === "Bar" || v.category === "Club").length).toBeGreaterThanOrEqual(7);
    });

    it("personalises suggestions with the caller's preferred vibes", async () => {
      const a = anon.fresh();
      const user = await signUp(a);
      const before = await a.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&hour=19&limit=10`);
      expect(before.headers.get("x-suggestions")).toBe("hour");
      await server.db.query("UPDATE users SET preferred_vibes = ARRAY['Quiet','Focused'] WHERE id = $1", [user.id]);
      await server.ctx.changes.settle(); // the instance has heard of the change (auth/sessions.ts)
      const after = await a.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&hour=19&limit=10`);
      expect(after.headers.get("x-suggestions")).toBe("personal");
      expect(after.body.map((v) => v.id)).not.toEqual(before.body.map((v) => v.id));
      // every pick follows the preferences (issue 26: they were the dinner spots, reordered)
      expect(after.body.length).toBeGreaterThan(0);
      for (const v of after.body)
        expect(
          v.detectedVibes.some((x) => ["Quiet", "Focused"].includes(x)),
          v.name,
        ).toBe(true);
    });

    it("follows preferred vibes and diets, or says the picks are the hour's when nothing nearby does", async () => {
      // the person of issue 26, at Valencia & 18th at 10 PM... at dinner time
      const mission = "latitude=37.7617&longitude=-122.4216";
      const a = anon.fresh();
      const user = await signUp(a);
      await server.db.query(
        "UPDATE users SET preferred_vibes = ARRAY['Romantic','Cozy','Live Music'], " +
          "dietary_restrictions = ARRAY['Vegetarian'] WHERE id = $1",
        [user.id],
      );
      await server.ctx.changes.settle();
      const picks = await a.get<Venue[]>(`/api/venues/nearby?${mission}&radius=5&hour=19&limit=5`);
      const dinner = await anon.get<Venue[]>(`/api/venues/nearby?${mission}&radius=5&hour=19&limit=5`);
      expect(picks.headers.get("x-suggestions")).toBe("personal");
      expect(picks.body.length).toBe(5);
      expect(picks.body.map((v) => v.id).sort()).not.toEqual(dinner.body.map((v) => v.id).sort());
      const vegetarian = new Set(
        (
          await server.db.query<{ venue_id: number }>(
            "SELECT venue_id FROM venue_sources WHERE source = 'osm' AND venue_id = ANY($1::int[]) " +
              "AND (data->'tags'->>'diet:vegetarian' IN ('yes', 'only') " +
              "OR data->'tags'->>'diet:vegan' IN ('yes', 'only'))",
            [picks.body.map((v) => v.id)],
          )
        ).map((r) => r.venue_id),
      );
      for (const v of picks.body) {
        const follows =
          v.detectedVibes.some((x) => ["Romantic", "Cozy", "Live Music"].includes(x)) || vegetarian.has(v.id);
        expect(follows, v.name).toBe(true);
      }

      // nothing in the seed is known to be Country Music: the hour's picks, said to be so
      await server.db.query(
        "UPDATE users SET preferred_vibes = ARRAY['Country Music'], dietary_restrictions = '{}' WHERE id = $1",
        [user.id],
      );
      await server.ctx.changes.settle();
      const none = await a.get<Venue[]>(`/api/venues/nearby?${mission}&radius=5&hour=19&limit=5`);
      expect(none.headers.get("x-suggestions")).toBe("hour");
      expect(none.body.map((v) => v.id)).toEqual(dinner.body.map((v) => v.id));
    });

    it.each([
      ["radius=5", "latitude and longitude are required"],
      ["lat=abc&lng=1", "latitude must be a number"],
      ["latitude=37&longitude=-122&hour=24", "hour must be between 0 and 23"],
      ["latitude=37&longitude=-122&hour=7.5", "hour must be a whole number"],
      ["latitude=37&longitude=-122&limit=0", "limit must be at least 1"],
      ["latitude=37&longitude=-122&limit=1000", "limit can be at most 100"],
      ["latitude=37&longitude=-122&radius=-1", "radius must be more than 0 and at most 200 km"],
    ])("refuses %s with 400", async (q, message) => {
      const res = await anon.get(`/api/venues/nearby?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe("details", () => {
    it("answers the details of a venue, with honest empty reviews and photos", async () => {
      const [venue] = (await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&limit=1`)).body;
      const res = await anon.get(`/api/venues/${encodeURIComponent(venue.externalId)}/details`);
      expect(res.status).toBe(200);
      const details = venueDetailsSchema.strict().parse(res.body);
      expect(details).toMatchObject({ address: venue.address, phone: venue.phoneNumber, reviews: [], photos: [] });
      expect(details.attribution).toBe(venue.attribution);
      expect(details.attribution).toMatch(/OpenStreetMap|DataSF/);
    });

    it("shows the reviews and photos a source brought", async () => {
      const [venue] = (await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&limit=1&search=coffee`)).body;
      await server.db.query(
        "INSERT INTO venue_reviews (venue_id, source, author, rating, text, time) " +
          "VALUES ($1, 'test', 'Sam', 4.5, 'Lovely and quiet.', now())",
        [venue.id],
      );
      await server.db.query(
        "INSERT INTO venue_photos (venue_id, source, url) VALUES ($1, 'test', 'https://upload.wikimedia.org/a.jpg')",
        [venue.id],
      );
      const res = await anon.get(`/api/venues/${encodeURIComponent(venue.externalId)}/details`);
      expect(res.body.reviews).toEqual([
        expect.objectContaining({ author: "Sam", rating: 4.5, text: "Lovely and quiet." }),
      ]);
      expect(res.body.photos).toEqual([{ url: "https://upload.wikimedia.org/a.jpg", attribution: null }]);
    });

    it("is 404 for an unknown venue", async () => {
      for (const id of ["datasf:999999999", "nope", encodeURIComponent("x".repeat(300)), "%27%20OR%201=1--"]) {
        const res = await anon.get(`/api/venues/${id}/details`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBeTruthy();
      }
    });
  });

  describe("one venue (a venue's link)", () => {
    it("answers the venue as the lists do: distance only from a given position, favourite for its saver", async () => {
      const a = anon.fresh();
      await signUp(a);
      const [listed] = (await a.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&limit=1`)).body;
      const path = `/api/venues/${encodeURIComponent(listed.externalId)}`;
      const res = await a.get<Venue>(`${path}?${here}`);
      expect(res.status).toBe(200);
      const venue = venueSchema.strict().parse(res.body);
      expect(venue).toMatchObject({ id: listed.id, name: listed.name, distance: listed.distance, isFavorite: false });
      // without a position nothing is made up
      expect((await a.get<Venue>(path)).body.distance).toBeNull();
      await a.post(`/api/favorites/${listed.id}`);
      expect((await a.get<Venue>(path)).body.isFavorite).toBe(true);
      expect((await anon.get<Venue>(path)).body.isFavorite).toBe(false);
    });

    it("is 404 for an unknown venue and 400 for a bad position", async () => {
      for (const id of ["datasf:999999999", "nope", encodeURIComponent("x".repeat(300))]) {
        const res = await anon.get(`/api/venues/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("Venue not found");
      }
      const [venue] = (await anon.get<Venue[]>(`/api/venues/nearby?${here}&radius=5&limit=1`)).body;
      const bad = await anon.get(`/api/venues/${encodeURIComponent(venue.externalId)}?latitude=500&longitude=1`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBeTruthy();
    });
  });

  describe("favourites", () => {
    it("toggles a favourite, lists it in Saved and marks it in matches", async () => {
      const a = anon.fresh();
      await signUp(a);
      const [venue] = (await a.get<Venue[]>(`/api/venues/nearby?${here}&radius=2&limit=1`)).body;
      expect((await a.post(`/api/favorites/${venue.id}`)).body).toEqual({ favorited: true });
      const saved = await a.get<Venue[]>(`/api/favorites?${here}`);
      expect(saved.status).toBe(200);
      expect(saved.body.map((v) => v.id)).toEqual([venue.id]);
      expect(saved.body[0]).toMatchObject({ isFavorite: true, distance: venue.distance });
      expect((await a.get<Venue[]>("/api/favorites")).body[0].distance).toBeNull();
      const matched = await a.get<Venue[]>(match(`${here}&radius=2&vibes=all`));
      expect(matched.body.find((v) => v.id === venue.id)?.isFavorite).toBe(true);
      // someone else does not see it as their favourite
      const other = anon.fresh();
      await signUp(other);
      expect(
        (await other.get<Venue[]>(match(`${here}&radius=2&vibes=all`))).body.find((v) => v.id === venue.id)?.isFavorite,
      ).toBe(false);
      expect((await other.get("/api/favorites")).body).toEqual([]);
      // and toggles off
      expect((await a.post(`/api/favorites/${venue.id}`)).body).toEqual({ favorited: false });
      expect((await a.get("/api/favorites")).body).toEqual([]);
    });

    it("needs a session, a numeric id and a known venue", async () => {
      expect((await anon.fresh().post("/api/favorites/1")).status).toBe(401);
      expect((await anon.fresh().get("/api/favorites")).status).toBe(401);
      const a = anon.fresh();
      await a.post("/api/auth/dev-login");
      expect((await a.post("/api/favorites/abc")).status).toBe(400);
      expect((await a.post("/api/favorites/-1")).status).toBe(400);
      expect((await a.post("/api/favorites/99999999999")).status).toBe(404);
      const unknown = await a.post("/api/favorites/999999");
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("Venue not found");
      expect((await a.get("/api/favorites?latitude=500&longitude=1")).status).toBe(400);
    });
  });

  describe("vibes", () => {
    it("saves a selection and answers it as current", async () => {
      const a = anon.fresh();
      const user = await signUp(a);
      expect((await a.get("/api/vibes/current")).body).toEqual({ vibes: [] });
      const saved = await a.post("/api/vibes", { vibes: ["Chill", "Cozy", "Chill"], isPrivate: false });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ vibes: ["Chill", "Cozy"], isPrivate: false });
      await a.post("/api/vibes", { vibes: ["Loud"], isPrivate: false });
      expect((await a.get("/api/vibes/current")).body).toEqual({ vibes: ["Loud"] });
      // with vibe sharing off, a selection is stored private whatever the client says
      await server.db.query("UPDATE users SET privacy_share_vibes = false WHERE id = $1", [user.id]);
      await server.ctx.changes.settle();
      expect((await a.post("/api/vibes", { vibes: ["Quiet"], isPrivate: false })).body.isPrivate).toBe(true);
      const [row] = await server.db.query<{ is_private: boolean }>(
        "SELECT is_private FROM vibe_selections WHERE user_id = $1 ORDER BY id DESC LIMIT 1",
        [user.id],
      );
      expect(row.is_private).toBe(true);
    });

    it("clearing every vibe is saved: current answers none until a new selection", async () => {
      const a = anon.fresh();
      await signUp(a);
      await a.post("/api/vibes", { vibes: ["Chill", "Cozy"], isPrivate: false });
      const cleared = await a.delete("/api/vibes/current");
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({ vibes: [] });
      expect((await a.get("/api/vibes/current")).body).toEqual({ vibes: [] });
      await a.post("/api/vibes", { vibes: ["Loud"], isPrivate: false });
      expect((await a.get("/api/vibes/current")).body).toEqual({ vibes: ["Loud"] });
      // POST still needs at least one vibe: clearing has its own call
      const empty = await a.post("/api/vibes", { vibes: [], isPrivate: false });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe("Select at least one vibe");
      // a guest has nothing saved to clear
      const guest = anon.fresh();
      await guest.post("/api/auth/dev-login");
      expect((await guest.delete("/api/vibes/current")).status).toBe(403);
      expect((await anon.fresh().delete("/api/vibes/current")).status).toBe(401);
    });

    it("needs a session, and an email to save", async () => {
      expect((await anon.fresh().get("/api/vibes/current")).status).toBe(401);
      expect((await anon.fresh().post("/api/vibes", { vibes: ["Chill"], isPrivate: true })).status).toBe(401);
      const guest = anon.fresh();
      await guest.post("/api/auth/dev-login");
      const res = await guest.post("/api/vibes", { vibes: ["Chill"], isPrivate: true });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Sign up with an email to save your vibes");
      expect((await guest.get("/api/vibes/current")).body).toEqual({ vibes: [] });
    });

    it.each([
      [{ vibes: [] }, "Select at least one vibe"],
      [{ vibes: ["Chill", "Cozy", "Loud", "Quiet", "Romantic", "Energetic"] }, "Select at most 5 vibes"],
      [{ vibes: ["Sleepy"] }, "Unknown vibe"],
      [{ vibes: "Chill" }, "vibes must be a list"],
      [{ vibes: [1] }, "Each vibe must be text"],
      [{ vibes: ["Chill"], isPrivate: "yes" }, "isPrivate must be true or false"],
    ])("refuses %j with 400", async (body, message) => {
      const a = anon.fresh();
      await signUp(a);
      const res = await a.post("/api/vibes", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });
});
