import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sortVenues } from "@client/features/venues/lib/sort-venues";
import { myReviewSchema, venueReviewsSchema } from "@shared/contracts/reviews";
import { type Venue, venueDetailsSchema, venueSchema } from "@shared/contracts/venues";
import { REVIEWS } from "@shared/vocabulary";
import { parseGooglePlace, type GooglePlace } from "../../src/server/providers/google-places";
import { writeSourcePlaces } from "../../src/server/venues/sync";
import { analyzeVenueTexts } from "../../src/server/vibes/model";
import type { VibeAnalysis } from "../../src/server/vibes/types";
import { staticSource } from "../fakes/synthetic-places";
import { person, post } from "../helpers/factories";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Ratings and reviews by VIBE's people (issue 18, docs/reviews.md): one per person per venue,
 * guests refused, edit and delete, privacy and blocks, the rating maths with a provider's rating,
 * admin removal seen by the author, the vibes review texts give, and Top Rated's order.
 */
describe.each(dbTargets())("reviews on %s", (target) => {
  let server: TestServer;
  let root: Agent;
  let admin: Agent;
  let run = 0;
  // venues of their own, far from the seed (and from other files' venues on a shared database)
  const lat = 10 + (process.pid % 1000) / 10_000;
  const lng = 20 + Math.floor(Math.random() * 1000) / 10_000;
  const near = `latitude=${lat}&longitude=${lng}`;

  beforeAll(async () => {
    const adminEmail = uniqueEmail("reviews-admin");
    server = await startServer(target, {}, { ADMIN_EMAILS: adminEmail });
    root = new Agent(server.url);
    admin = root.fresh();
    await signUpAdmin(server, admin, { email: adminEmail });
  });
  afterAll(async () => server?.close());

  async function venue(name: string, extra: { rating?: number; reviewCount?: number } = {}) {
    const externalId = `reviewtest:${process.pid}:${Date.now()}:${++run}`;
    const [row] = await server.db.query<{ id: number }>(
      `INSERT INTO venues (external_id, name, category, latitude, longitude, rating, review_count, source, attribution)
       VALUES ($1, $2, 'Bar', $3, $4, $5, $6, 'google', 'Google Maps') RETURNING id`,
      [externalId, name, lat + run / 100_000, lng, extra.rating ?? null, extra.reviewCount ?? null],
    );
    await server.ctx.changes.settle();
    return { id: row.id, externalId, path: `/api/venues/${encodeURIComponent(externalId)}` };
  }
  type V = Awaited<ReturnType<typeof venue>>;
  // the default reviewer, whose name the lists show as "Riley S."
  const RILEY = { firstName: "Riley", lastName: "Stone" };

  const rate = (a: Agent, v: V, rating: number, text?: string) =>
    a.put(`${v.path}/reviews/mine`, text === undefined ? { rating } : { rating, text });
  const reviewsOf = async (a: Agent, v: V) => {
    const res = await a.get(`${v.path}/reviews`);
    expect(res.status, res.text).toBe(200);
    return venueReviewsSchema.strict().parse(res.body);
  };
  const listed = async (a: Agent, v: V) => {
    const res = await a.get(`${v.path}?${near}`);
    expect(res.status, res.text).toBe(200);
    return venueSchema.strict().parse(res.body);
  };

  it("lets a person rate a venue once: a second rating replaces the first", async () => {
    const v = await venue("Once Bar");
    const me = await person(server, RILEY);
    const first = await rate(me.agent, v, 4, "  Good beer.  ");
    expect(first.status, first.text).toBe(201);
    expect(myReviewSchema.strict().parse(first.body)).toMatchObject({ rating: 4, text: "Good beer.", removed: null });
    const again = await rate(me.agent, v, 2);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, rating: 2, text: "" });
    const list = await reviewsOf(me.agent, v);
    expect(list.reviews).toHaveLength(1);
    expect(list.reviews[0]).toMatchObject({ source: "VIBE", rating: 2, mine: true, author: "Riley S." });
    expect(list.mine).toMatchObject({ rating: 2 });
    expect(await listed(me.agent, v)).toMatchObject({ rating: 2, reviewCount: 1, ratingSource: "VIBE" });
  });

  it("refuses guests with 403 and a message, and signed-out callers with 401", async () => {
    const v = await venue("Guest Bar");
    const guest = root.fresh();
    expect((await guest.post("/api/auth/dev-login")).status).toBe(200);
    const res = await rate(guest, v, 5);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: REVIEWS.guestRefused });
    expect((await guest.delete(`${v.path}/reviews/mine`)).status).toBe(403);
    expect((await rate(root.fresh(), v, 5)).status).toBe(401);
    // a guest's check-in with a rating is refused whole
    const post = await guest.post("/api/posts", { venueId: v.id, vibes: ["Chill"], rating: 4 });
    expect(post.status).toBe(403);
  });

  it("answers bad input with 400 and the field's message, an unknown venue with 404", async () => {
    const v = await venue("Bad Input Bar");
    const me = await person(server, RILEY);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: "5" }, {}, { rating: 3, text: 7 }]) {
      const res = await me.agent.put(`${v.path}/reviews/mine`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/rating|Review/);
    }
    const long = await rate(me.agent, v, 3, "x".repeat(REVIEWS.textMax + 1));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(`Review can be at most ${REVIEWS.textMax} characters`);
    expect((await me.agent.put("/api/venues/reviewtest:none/reviews/mine", { rating: 3 })).status).toBe(404);
  });

  it("deletes one's own review; deleting again is 404", async () => {
    const v = await venue("Delete Bar");
    const me = await person(server, RILEY);
    expect((await rate(me.agent, v, 5, "Lovely")).status).toBe(201);
    const del = await me.agent.delete(`${v.path}/reviews/mine`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true });
    expect((await reviewsOf(me.agent, v)).reviews).toEqual([]);
    expect(await listed(me.agent, v)).toMatchObject({ rating: null, reviewCount: null, ratingSource: null });
    const again = await me.agent.delete(`${v.path}/reviews/mine`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: REVIEWS.noReview });
  });

  it("shows the name only to those the person's privacy settings allow: otherwise 'A VIBE member'", async () => {
    const v = await venue("Privacy Bar");
    const shy = await person(server, { firstName: "Shy", lastName: "Person" });
    expect((await shy.agent.patch("/api/users/privacy", { privacyActivityFeed: false })).status).toBe(200);
    expect((await rate(shy.agent, v, 4, "Quiet corner")).status).toBe(201);
    const other = await person(server, { firstName: "Olly", lastName: "Other" });
    const [review] = (await reviewsOf(other.agent, v)).reviews;
    expect(review).toMatchObject({ author: REVIEWS.anonymousAuthor, rating: 4, mine: false });
    expect(JSON.stringify(await reviewsOf(root.fresh(), v))).not.toContain("Shy");
    // the details show the same list
    const details = venueDetailsSchema.strict().parse((await other.agent.get(`${v.path}/details`)).body);
    expect(details.reviews[0].author).toBe(REVIEWS.anonymousAuthor);
  });

  it("hides reviews between people who blocked each other, either way", async () => {
    const v = await venue("Block Bar");
    const a = await person(server, { firstName: "Ana", lastName: "Blocker" });
    const b = await person(server, { firstName: "Ben", lastName: "Blocked" });
    const c = await person(server, { firstName: "Cat", lastName: "Bystander" });
    expect((await rate(a.agent, v, 5, "Great")).status).toBe(201);
    expect((await rate(b.agent, v, 1, "Awful")).status).toBe(201);
    expect((await a.agent.post("/api/blocks", { userId: b.id })).status).toBe(201);
    const seenBy = async (p: { agent: Agent }) => (await reviewsOf(p.agent, v)).reviews.map((r) => r.text).sort();
    expect(await seenBy(a)).toEqual(["Great"]);
    expect(await seenBy(b)).toEqual(["Awful"]);
    expect(await seenBy(c)).toEqual(["Awful", "Great"]);
    const details = (await b.agent.get(`${v.path}/details`)).body;
    expect(details.reviews.map((r: { text: string }) => r.text)).toEqual(["Awful"]);
  });

  it("combines VIBE's ratings with the provider's, weighted by counts, and names both", async () => {
    const v = await venue("Maths Bar", { rating: 4, reviewCount: 8 });
    expect(await listed(root, v)).toMatchObject({ rating: 4, reviewCount: 8, ratingSource: "Google" });
    const [p, q] = [await person(server, RILEY), await person(server, RILEY)];
    await rate(p.agent, v, 5);
    await rate(q.agent, v, 5);
    // (4 × 8 + 5 + 5) / 10 = 4.2
    expect(await listed(root, v)).toMatchObject({ rating: 4.2, reviewCount: 10, ratingSource: "Google + VIBE" });
    const { ratings } = await reviewsOf(root, v);
    expect(ratings).toEqual([
      { source: "Google", rating: 4, reviewCount: 8 },
      { source: "VIBE", rating: 5, reviewCount: 2 },
    ]);
    // without the provider's count they are not mixed
    const w = await venue("No Count Bar", { rating: 4.4 });
    await rate(p.agent, w, 1);
    expect(await listed(root, w)).toMatchObject({ rating: 4.4, reviewCount: null, ratingSource: "Google" });
    expect((await reviewsOf(root, w)).ratings.map((r) => r.source)).toEqual(["Google", "VIBE"]);
  });

  it("lists VIBE's and the provider's reviews together, newest first, each with its source", async () => {
    const v = await venue("Mixed Bar", { rating: 4.5, reviewCount: 3 });
    await server.db.query(
      `INSERT INTO venue_reviews (venue_id, source, author, rating, text, time)
       VALUES ($1, 'google', 'Gina', 4, 'Old review', now() - interval '2 days')`,
      [v.id],
    );
    const me = await person(server, { firstName: "Newt", lastName: "Newer" });
    await rate(me.agent, v, 3, "New review");
    const { reviews } = await reviewsOf(root, v);
    expect(reviews.map((r) => [r.source, r.text])).toEqual([
      ["VIBE", "New review"],
      ["Google", "Old review"],
    ]);
  });

  it("lets an admin remove a review with a reason: gone for others, its author sees why", async () => {
    const v = await venue("Removal Bar");
    const me = await person(server, { firstName: "Rex", lastName: "Removed" });
    const written = await rate(me.agent, v, 1, "Rude words");
    const id = written.body.id as number;
    // not an admin: 403; no reason: 400
    expect((await me.agent.post(`/api/admin/reviews/${id}/remove`, { reason: "mine" })).status).toBe(403);
    expect((await admin.post(`/api/admin/reviews/${id}/remove`, { reason: "  " })).status).toBe(400);
    const res = await admin.post(`/api/admin/reviews/${id}/remove`, { reason: "Abusive language" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id, removed: true });
    expect((await admin.post(`/api/admin/reviews/${id}/remove`, { reason: "again" })).status).toBe(409);
    expect((await admin.post("/api/admin/reviews/999999999/remove", { reason: "x" })).status).toBe(404);
    expect((await reviewsOf(root, v)).reviews).toEqual([]);
    expect(await listed(root, v)).toMatchObject({ rating: null, ratingSource: null });
    const mine = await reviewsOf(me.agent, v);
    expect(mine.reviews).toEqual([]);
    expect(mine.mine?.removed).toMatchObject({ reason: "Abusive language" });
    // kept: neither edited nor deleted by its author
    expect((await rate(me.agent, v, 5)).status).toBe(409);
    expect((await me.agent.delete(`${v.path}/reviews/mine`)).status).toBe(409);
  });

  it("takes a check-in's rating as the person's review, keeping a text already written", async () => {
    const v = await venue("Check-in Bar");
    const me = await person(server, RILEY);
    await post(me, v.id, { rating: 4 });
    expect((await reviewsOf(me.agent, v)).mine).toMatchObject({ rating: 4, text: "Nice spot" });
    await post(me, v.id, { content: "Again", rating: 2 });
    expect((await reviewsOf(me.agent, v)).mine).toMatchObject({ rating: 2, text: "Nice spot" });
    const noVenue = await me.agent.post("/api/posts", { vibes: ["Chill"], rating: 3 });
    expect(noVenue.status).toBe(400);
  });

  it("keeps a check-in's caption and time out of the reviews when location sharing is off (issue 27)", async () => {
    const v = await venue("Window Table Bar");
    const me = await person(server, { firstName: "Priya", lastName: "Patel" });
    expect((await me.agent.patch("/api/users/privacy", { privacyShareLocation: false })).status).toBe(200);
    const caption = "just got here, table by the window";
    await post(me, v.id, { content: caption, rating: 4 });
    // the rating counts in the venue's rating...
    expect(await listed(root.fresh(), v)).toMatchObject({ rating: 4, reviewCount: 1, ratingSource: "VIBE" });
    // ...but nobody else sees a review saying who is there now, signed out or signed in
    expect((await reviewsOf(root.fresh(), v)).reviews).toEqual([]);
    const other = await person(server, RILEY);
    expect((await reviewsOf(other.agent, v)).reviews).toEqual([]);
    // its author sees their rating, without the caption (which stays in the friends-only post)
    const mine = await reviewsOf(me.agent, v);
    expect(mine.mine).toMatchObject({ rating: 4, text: "" });
    expect(mine.reviews).toMatchObject([{ rating: 4, mine: true }]);

    // a review written on purpose stays listed; a later check-in changes only its rating
    const w = await venue("Written Review Bar");
    const sam = await person(server, RILEY);
    expect((await rate(sam.agent, w, 5, "Lovely beer garden")).status).toBe(201);
    const before = (await reviewsOf(root.fresh(), w)).reviews[0];
    expect((await sam.agent.patch("/api/users/privacy", { privacyShareLocation: false })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    await post(sam, w.id, { content: "here right now", rating: 3 });
    const after = (await reviewsOf(root.fresh(), w)).reviews[0];
    expect(after).toMatchObject({ rating: 3, text: "Lovely beer garden", time: before.time });
    // with location sharing on, a check-in's rating is a review as before (its time is now)
    expect((await sam.agent.patch("/api/users/privacy", { privacyShareLocation: true })).status).toBe(200);
    await post(sam, w.id, { content: "back again", rating: 4 });
    const shared = (await reviewsOf(root.fresh(), w)).reviews[0];
    expect(shared.rating).toBe(4);
    expect(String(shared.time) > String(before.time)).toBe(true);
  });

  it("feeds review texts into the venue's vibes with evidence", async () => {
    const v = await venue("Vibe Bar");
    for (let i = 0; i < 3; i++) {
      const p = await person(server, RILEY);
      expect((await rate(p.agent, v, 5, "Amazing live music and a live band every night")).status).toBe(201);
    }
    const venueNow = await listed(root, v);
    expect(venueNow.vibeScores["Live Music"]).toBeGreaterThan(0);
    const details = (await root.get(`${v.path}/details`)).body;
    expect(details.vibeEvidence["Live Music"]?.[0]).toEqual({
      source: "review",
      detail: "3 reviews on VIBE mention live music",
    });
  });

  it("one blend: syncs keep VIBE's reviews, reviews keep the synced facts and photo, old reviews fade", async () => {
    const base = server.ctx.config.googlePlacesUrl || undefined;
    const raw: GooglePlace = {
      id: `blendrev${process.pid}x${++run}`,
      displayName: { text: "Harbor Lantern" },
      location: { latitude: lat + 0.004, longitude: lng },
      primaryType: "bar",
      types: ["bar"],
      outdoorSeating: true,
      photos: [{ name: `places/blendrev${process.pid}/photos/p1` }],
    };
    const place = parseGooglePlace(raw, base)!;
    const source = staticSource(
      "google",
      () => [place],
      (d) => parseGooglePlace(d as GooglePlace, base),
    );
    const cozy: VibeAnalysis = {
      method: "image-stats-v1",
      vibes: [{ vibe: "Cozy", confidence: 0.9 }],
      evidence: { Cozy: ["dim, warm light"] },
    };
    const area = { latitude: lat + 0.004, longitude: lng, radius: 100 };
    const sync = (withPhotos: boolean) =>
      writeSourcePlaces(server.db, [[place]], area, [source], {
        analyzeTexts: analyzeVenueTexts,
        analyzePhoto: withPhotos ? async () => cozy : undefined,
      });
    await sync(true);
    await server.ctx.changes.settle();
    const v = { externalId: place.externalId, path: `/api/venues/${encodeURIComponent(place.externalId)}` };
    const evidence = async () => {
      const res = await root.get(`${v.path}/details`);
      expect(res.status, res.text).toBe(200);
      return venueDetailsSchema.parse(res.body).vibeEvidence ?? {};
    };
    const photo = { source: "photo", detail: "Photo: dim, warm light" };
    const outdoor = { source: "google", detail: "Google: outdoor seating" };
    expect((await evidence()).Cozy).toContainEqual(photo);

    for (let i = 0; i < 3; i++) {
      const p = await person(server, RILEY);
      expect((await rate(p.agent, v as V, 5, "Amazing live music and a live band every night")).status).toBe(201);
    }
    let ev = await evidence();
    const reviewed = { source: "review", detail: "3 reviews on VIBE mention live music" };
    expect(ev["Live Music"]?.[0]).toEqual(reviewed);
    expect(ev.Cozy).toContainEqual(photo);
    expect(ev.Relaxed).toContainEqual(outdoor);
    const withReviews = (await listed(root, v as V)).vibeScores;

    // a sync that reads no photos writes the same blend: reviews and photo kept
    await sync(false);
    await server.ctx.changes.settle();
    ev = await evidence();
    expect(ev["Live Music"]?.[0]).toEqual(reviewed);
    expect(ev.Cozy).toContainEqual(photo);
    expect((await listed(root, v as V)).vibeScores).toEqual(withReviews);

    // reviews last written more than two years ago count for nothing at the next change
    await server.db.query(
      "UPDATE member_reviews SET updated_at = now() - interval '800 days' " +
        "WHERE venue_id = (SELECT id FROM venues WHERE external_id = $1)",
      [place.externalId],
    );
    const late = await person(server, RILEY);
    expect((await rate(late.agent, v as V, 4)).status).toBe(201);
    ev = await evidence();
    expect(ev["Live Music"] ?? []).not.toContainEqual(expect.objectContaining({ source: "review" }));
    expect((await listed(root, v as V)).vibeScores["Live Music"] ?? 0).toBeLessThan(withReviews["Live Music"]);
    expect(ev.Cozy).toContainEqual(photo);
  });

  it("orders Top Rated by real ratings once a venue is rated", async () => {
    const low = await venue("Top Low");
    const high = await venue("Top High");
    const [p, q] = [await person(server, RILEY), await person(server, RILEY)];
    await rate(p.agent, low, 2);
    await rate(p.agent, high, 3);
    const ids = [low.id, high.id];
    // Top Rated asks with sort=rating and orders what it loaded with sortVenues (Home and Explore)
    const ranked = async () => {
      const res = await root.get<Venue[]>(`/api/venues/match-public?${near}&radius=5&vibes=all&sort=rating`);
      return sortVenues(res.body, "rating")
        .filter((x) => ids.includes(x.id))
        .map((x) => x.name);
    };
    expect(await ranked()).toEqual(["Top High", "Top Low"]);
    await rate(q.agent, low, 5);
    await rate(p.agent, low, 5);
    // low: (5 + 5) / 2 = 5 > high's 3
    expect(await ranked()).toEqual(["Top Low", "Top High"]);
  });
});
