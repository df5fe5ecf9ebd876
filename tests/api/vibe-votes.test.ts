import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type VenueVibeVotes, venueVibeVotesSchema } from "@shared/contracts/vibe-votes";
import { venueDetailsSchema, type Venue } from "@shared/contracts/venues";
import { ALL_VIBES, TEXT, VIBE_VOTES } from "@shared/vocabulary";
import { RATE_LIMITS } from "../../src/server/http/rate-limits";
import { parseGooglePlace, type GooglePlace } from "../../src/server/providers/google-places";
import { reblendVenue, writeSourcePlaces } from "../../src/server/venues/sync";
import { analyzeVenueTexts } from "../../src/server/vibes/model";
import { owner, person, provenPerson, type Person } from "../helpers/factories";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";
import { staticSource } from "../fakes/synthetic-places";

/**
 * Crowd vibe votes (issue 25 section 1, docs/vibe-votes.md): one vote per person, venue and vibe,
 * changed and removed; who may vote and whose votes count (guests, unproven accounts, owners,
 * removed reviews, deleted accounts, blocks); the blend's weight (one Yes confirms a likely venue,
 * not a venue nothing speaks for), its decay at fixed instants, its evidence in words, the match
 * answer, bad input, and the request limit as documented.
 */
describe.each(dbTargets())("crowd vibe votes on %s", (target) => {
  let server: TestServer;
  let root: Agent;
  let admin: Agent;
  let run = 0;
  // venues of their own, far from the seed and from other files' venues on a shared database
  const lat = -30 - (process.pid % 1000) / 10_000;
  const lng = 40 + Math.floor(Math.random() * 1000) / 10_000;
  const near = `latitude=${lat}&longitude=${lng}&radius=5`;

  beforeAll(async () => {
    const adminEmail = uniqueEmail("votes-admin");
    server = await startServer(target, {}, { ADMIN_EMAILS: adminEmail });
    root = new Agent(server.url);
    admin = root.fresh();
    await signUpAdmin(server, admin, { email: adminEmail });
  });
  afterAll(async () => server?.close());

  /** A venue of ours, blended as a sync would blend it from its category and name. */
  async function venue(name: string, category: "Bar" | "Restaurant" = "Bar") {
    const externalId = `votetest:${process.pid}:${Date.now()}:${++run}`;
    const [row] = await server.db.query<{ id: number }>(
      `INSERT INTO venues (external_id, name, category, latitude, longitude, source, attribution)
       VALUES ($1, $2, $3, $4, $5, 'google', 'Google Maps') RETURNING id`,
      [externalId, name, category, lat + run / 100_000, lng],
    );
    await reblendVenue(server.db, row.id, [], analyzeVenueTexts);
    await server.ctx.changes.settle();
    return { id: row.id, externalId, path: `/api/venues/${encodeURIComponent(externalId)}/vibe-votes` };
  }
  type V = Awaited<ReturnType<typeof venue>>;

  const vote = (a: Agent, v: V, vibe: string, answer: unknown) =>
    a.put(`${v.path}/${encodeURIComponent(vibe)}`, { vote: answer });
  const unvote = (a: Agent, v: V, vibe: string) => a.delete(`${v.path}/${encodeURIComponent(vibe)}`);
  const votesOf = async (a: Agent, v: V): Promise<VenueVibeVotes> => {
    const res = await a.get(v.path);
    expect(res.status, res.text).toBe(200);
    return venueVibeVotesSchema.strict().parse(res.body);
  };
  const ok = (res: { status: number; text: string; body: unknown }) => {
    expect(res.status, res.text).toBe(200);
    return venueVibeVotesSchema.strict().parse(res.body);
  };
  const count = (answer: VenueVibeVotes, vibe: string) => answer.counts.find((c) => c.vibe === vibe);
  /** Where the venue is in a Romantic match: a confirmed match, a likely one (issue 25), or not there. */
  const romanticMatches = async (v: V) => {
    const res = await root.get<Venue[]>(`/api/venues/match-public?${near}&vibes=Romantic`);
    expect(res.status, res.text).toBe(200);
    const found = res.body.find((x) => x.id === v.id);
    return found ? (found.likely ? "likely" : "confirmed") : null;
  };
  const stored = async (v: V) => {
    const [row] = await server.db.query<{ vibe_scores: Record<string, number>; detected_vibes: string[] }>(
      "SELECT vibe_scores, detected_vibes FROM venues WHERE id = $1",
      [v.id],
    );
    return row;
  };

  it("takes one vote per person, venue and vibe: cast, changed, removed, with the counts and the blend", async () => {
    const v = await venue("Vesper Wine Bar");
    const vera = await provenPerson(server, { firstName: "Vera", lastName: "Voter" });
    // a wine bar's Romantic: plausible (0.12), not a match: a likely one (issue 25)
    expect((await stored(v)).vibe_scores.Romantic).toBe(0.12);
    expect(await romanticMatches(v)).toBe("likely");

    const yes = ok(await vote(vera.agent, v, "Romantic", "yes"));
    expect(count(yes, "Romantic")).toEqual({ vibe: "Romantic", yes: 1, no: 0 });
    expect(yes).toMatchObject({ mine: { Romantic: "yes" }, canVote: true, counted: true, notice: null });
    // one counted Yes moves it over the match threshold, in front of the person who voted
    expect(yes.vibeScores.Romantic).toBe(0.43);
    expect(yes.detectedVibes).toContain("Romantic");
    expect(await romanticMatches(v)).toBe("confirmed");
    expect(yes.counts.map((c) => c.vibe)).toEqual([...ALL_VIBES]);

    // the same person again: changed, not added
    const no = ok(await vote(vera.agent, v, "Romantic", "no"));
    expect(count(no, "Romantic")).toEqual({ vibe: "Romantic", yes: 0, no: 1 });
    expect(no.mine).toEqual({ Romantic: "no" });
    expect(no.vibeScores.Romantic).toBe(0.02);
    // voted down: neither a match nor a likely one
    expect(await romanticMatches(v)).toBe(null);
    const rows = await server.db.query("SELECT 1 FROM vibe_votes WHERE venue_id = $1", [v.id]);
    expect(rows).toHaveLength(1);

    // removed: back to the facts alone; removing again changes nothing
    const gone = ok(await unvote(vera.agent, v, "Romantic"));
    expect(count(gone, "Romantic")).toEqual({ vibe: "Romantic", yes: 0, no: 0 });
    expect(gone.mine).toEqual({});
    expect(gone.vibeScores.Romantic).toBe(0.12);
    expect(ok(await unvote(vera.agent, v, "Romantic")).vibeScores.Romantic).toBe(0.12);

    // others see the counts, without anyone's votes of their own
    ok(await vote(vera.agent, v, "Cozy", "yes"));
    const seen = await votesOf(root.fresh(), v);
    expect(count(seen, "Cozy")).toEqual({ vibe: "Cozy", yes: 1, no: 0 });
    expect(seen).toMatchObject({ mine: {}, canVote: false, counted: false, notice: VIBE_VOTES.signedOut });
  });

  it("one Yes where the facts say nothing is a guess; people agreeing make a match; the evidence says so", async () => {
    const v = await venue("Harbor Table", "Restaurant");
    const [a, b, c] = [await provenPerson(server), await provenPerson(server), await provenPerson(server)];
    expect((await stored(v)).vibe_scores.Romantic).toBe(0.06);
    const one = ok(await vote(a.agent, v, "romantic", "yes")); // any case
    expect(one.mine).toEqual({ Romantic: "yes" });
    expect(one.vibeScores.Romantic).toBe(0.26);
    expect(one.detectedVibes).not.toContain("Romantic");
    ok(await vote(b.agent, v, "Romantic", "yes"));
    const three = ok(await vote(c.agent, v, "Romantic", "no"));
    // 2 Yes, 1 No: 1.7 x 1 / sqrt(3) = 0.98 log-odds over 0.06
    expect(three.vibeScores.Romantic).toBe(0.14);
    ok(await vote(c.agent, v, "Romantic", "yes"));
    const details = venueDetailsSchema.parse(
      (await root.get(`/api/venues/${encodeURIComponent(v.externalId)}/details`)).body,
    );
    expect(details.vibeEvidence.Romantic[0]).toEqual({
      source: "vote",
      detail: "3 people on VIBE said Romantic in the last 90 days",
    });
    expect((await stored(v)).detected_vibes).toContain("Romantic");
    // a vibe with a space, as a path may spell it
    expect(ok(await vote(a.agent, v, "live-music", "no")).mine).toEqual({ Romantic: "yes", "Live Music": "no" });
  });

  it("refuses guests and unproven accounts with 403 saying why, signed-out callers with 401", async () => {
    const v = await venue("Gate Bar");
    const guest = root.fresh();
    expect((await guest.post("/api/auth/dev-login")).status).toBe(200);
    const g = await vote(guest, v, "Chill", "yes");
    expect(g.status).toBe(403);
    expect(g.body).toEqual({ message: VIBE_VOTES.guestRefused });
    expect((await unvote(guest, v, "Chill")).status).toBe(403);
    expect(await votesOf(guest, v)).toMatchObject({ canVote: false, notice: VIBE_VOTES.guestRefused, mine: {} });

    const unproven = await person(server, { firstName: "Una", lastName: "Proven" });
    const u = await vote(unproven.agent, v, "Chill", "yes");
    expect(u.status).toBe(403);
    expect(u.body).toEqual({ message: VIBE_VOTES.unprovenRefused });
    expect(await votesOf(unproven.agent, v)).toMatchObject({ canVote: false, notice: VIBE_VOTES.unprovenRefused });
    expect((await vote(root.fresh(), v, "Chill", "yes")).status).toBe(401);
    expect(await server.db.query("SELECT 1 FROM vibe_votes WHERE venue_id = $1", [v.id])).toEqual([]);

    // a provider sign-in vouches for the account as a proven email does
    await server.db.query("INSERT INTO user_identities (provider, subject, user_id) VALUES ('x', $1, $2)", [
      `votes-${unproven.id}`,
      unproven.id,
    ]);
    ok(await vote(unproven.agent, v, "Chill", "yes"));
  });

  it("answers bad input with 400 and a message, an unknown venue with 404, never 500", async () => {
    const v = await venue("Input Bar");
    const me = await provenPerson(server);
    for (const [vibe, body] of [
      ["Spooky", { vote: "yes" }],
      ["x".repeat(300), { vote: "yes" }],
      ["Chill", { vote: "maybe" }],
      ["Chill", { vote: true }],
      ["Chill", { vote: null }],
      ["Chill", {}],
    ] as const) {
      const res = await me.agent.put(`${v.path}/${encodeURIComponent(vibe)}`, body);
      expect(res.status, `${vibe} ${JSON.stringify(body)}`).toBe(400);
      expect([VIBE_VOTES.unknownVibe, VIBE_VOTES.badVote]).toContain(res.body.message);
    }
    const list = await me.agent.put(`${v.path}/Chill`, ["yes"]);
    expect(list.status).toBe(400);
    expect(list.body.message).toEqual(expect.any(String));
    expect((await unvote(me.agent, v, "Spooky")).body).toMatchObject({ message: VIBE_VOTES.unknownVibe });
    const nowhere = await me.agent.put("/api/venues/votetest%3Anone/vibe-votes/Chill", { vote: "yes" });
    expect(nowhere.status).toBe(404);
    expect((await root.get("/api/venues/votetest%3Anone/vibe-votes")).status).toBe(404);
    expect(await server.db.query("SELECT 1 FROM vibe_votes WHERE venue_id = $1", [v.id])).toEqual([]);
  });

  it("does not count a venue owner's votes on their own venue, even those cast before", async () => {
    const v = await venue("Owner Wine Bar");
    const boss = await owner(admin, v);
    await server.ctx.changes.settle();
    // owners here are not proven by the factory: prove this one, so only ownership is in the way
    await server.db.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [boss.id]);
    await server.ctx.changes.settle();
    const mine = ok(await vote(boss.agent, v, "Romantic", "yes"));
    expect(mine).toMatchObject({ mine: { Romantic: "yes" }, canVote: true, counted: false });
    expect(mine.notice).toBe(VIBE_VOTES.ownerNotCounted);
    expect(count(mine, "Romantic")).toEqual({ vibe: "Romantic", yes: 0, no: 0 });
    expect(mine.vibeScores.Romantic).toBe(0.12);

    // someone who voted, then became the owner: the venue's blend drops the vote at once
    const w = await venue("Later Wine Bar");
    const fan = await provenPerson(server, { firstName: "Fay", lastName: "Fan" });
    expect(ok(await vote(fan.agent, w, "Romantic", "yes")).vibeScores.Romantic).toBe(0.43);
    expect((await admin.post(`/api/admin/venues/${w.id}/owner`, { email: fan.email })).status).toBe(201);
    expect((await stored(w)).vibe_scores.Romantic).toBe(0.12);
    expect(await votesOf(fan.agent, w)).toMatchObject({ counted: false, notice: VIBE_VOTES.ownerNotCounted });
  });

  it("drops the votes of a deleted account and of a person whose review VIBE removed; a block drops none", async () => {
    const v = await venue("Moderated Wine Bar");
    const [gone, rude, blocked, blocker] = await Promise.all(
      ["Gone", "Rude", "Blocked", "Blocker"].map((firstName) => provenPerson(server, { firstName, lastName: "Voter" })),
    );
    for (const p of [gone, rude, blocked]) ok(await vote(p.agent, v, "Romantic", "yes"));
    const start = await votesOf(root, v);
    expect(count(start, "Romantic")).toEqual({ vibe: "Romantic", yes: 3, no: 0 });

    // a block between two people is theirs: the blocked person's vote still counts for the place
    expect((await blocker.agent.post("/api/blocks", { userId: blocked.id })).status).toBe(201);
    expect(count(await votesOf(blocker.agent, v), "Romantic")).toEqual({ vibe: "Romantic", yes: 3, no: 0 });

    // VIBE removes a person's review of the place: their votes on it stop counting
    const review = await rude.agent.put(`/api/venues/${encodeURIComponent(v.externalId)}/reviews/mine`, {
      rating: 1,
      text: "Rude words",
    });
    expect(review.status, review.text).toBe(201);
    expect((await admin.post(`/api/admin/reviews/${review.body.id}/remove`, { reason: "Abusive" })).status).toBe(200);
    expect(count(await votesOf(root, v), "Romantic")).toEqual({ vibe: "Romantic", yes: 2, no: 0 });
    expect(await votesOf(rude.agent, v)).toMatchObject({
      mine: { Romantic: "yes" },
      counted: false,
      notice: VIBE_VOTES.removedNotCounted,
    });
    const twoYes = (await stored(v)).vibe_scores.Romantic;

    // an account deleted (by an operator: there is no route for it) takes its votes with it, and
    // the venue is blended again without any request about it (migration 020's queue)
    expect(twoYes).toBeGreaterThan(0.42);
    await server.db.query("DELETE FROM users WHERE id = $1", [gone.id]);
    // the feed's settle returns once this instance has handled the announcement (its blend included)
    await server.ctx.changes.settle();
    // one Yes left (the blocked person's): 0.43, as one Yes on a wine bar
    expect((await stored(v)).vibe_scores.Romantic).toBe(0.43);
    expect(count(await votesOf(root, v), "Romantic")).toEqual({ vibe: "Romantic", yes: 1, no: 0 });
    expect(await server.db.query("SELECT 1 FROM venue_reblends WHERE venue_id = $1", [v.id])).toEqual([]);
  });

  it("claims a queued venue in the transaction of its blend: a failed blend leaves it queued", async () => {
    const v = await venue("Queued Wine Bar");
    // a review's words, so the blend reads texts (and the failing analysis below is called)
    const critic = await provenPerson(server, { firstName: "Cleo", lastName: "Critic" });
    const review = await critic.agent.put(`/api/venues/${encodeURIComponent(v.externalId)}/reviews/mine`, {
      rating: 5,
      text: "Candle-lit and quiet, a date night place",
    });
    expect(review.status, review.text).toBe(201);
    const queue = () => server.db.query("SELECT 1 FROM venue_reblends WHERE venue_id = $1", [v.id]);
    // not queued: nothing to claim, nothing blended (another instance took it and committed)
    expect(await reblendVenue(server.db, v.id, [], analyzeVenueTexts, new Date(), { queued: true })).toBe(false);
    // queued without an announcement (no instance hears of it), so only this test's calls touch it
    await server.db.query("INSERT INTO venue_reblends (venue_id) VALUES ($1)", [v.id]);
    const failing = () => {
      throw new Error("the analysis failed");
    };
    await expect(reblendVenue(server.db, v.id, [], failing, new Date(), { queued: true })).rejects.toThrow(
      "the analysis failed",
    );
    expect(await queue()).toEqual([{ "?column?": 1 }]);
    await reblendVenue(server.db, v.id, [], analyzeVenueTexts, new Date(), { queued: true });
    expect(await queue()).toEqual([]);
  });

  it("is one blend with a sync: a sync keeps the votes, a vote keeps the synced facts", async () => {
    const base = server.ctx.config.googlePlacesUrl || undefined;
    const raw: GooglePlace = {
      id: `votesync${process.pid}x${++run}`,
      displayName: { text: "Lantern Wine Bar" },
      location: { latitude: lat - 0.004, longitude: lng },
      primaryType: "bar",
      types: ["bar"],
      outdoorSeating: true,
    };
    const place = parseGooglePlace(raw, base)!;
    const source = staticSource(
      "google",
      () => [place],
      (d) => parseGooglePlace(d as GooglePlace, base),
    );
    const sync = async () => {
      await writeSourcePlaces(server.db, [[place]], { latitude: lat - 0.004, longitude: lng, radius: 100 }, [source], {
        analyzeTexts: analyzeVenueTexts,
      });
      await server.ctx.changes.settle();
    };
    await sync();
    const [row] = await server.db.query<{ id: number }>("SELECT id FROM venues WHERE external_id = $1", [
      place.externalId,
    ]);
    const v = {
      id: row.id,
      externalId: place.externalId,
      path: `/api/venues/${encodeURIComponent(place.externalId)}/vibe-votes`,
    };
    const me = await provenPerson(server);
    const voted = ok(await vote(me.agent, v, "Romantic", "yes"));
    expect(voted.vibeScores.Romantic).toBe(0.43);
    expect(voted.vibeScores.Relaxed).toBeGreaterThan(0.25); // Google's outdoor seating, kept by the vote's blend
    await sync();
    expect((await stored(v)).vibe_scores).toEqual(voted.vibeScores);
  });

  it("decays votes as VIBE reviews, at fixed instants: half at 90 days, none past two years", async () => {
    const v = await venue("Decay Wine Bar");
    const [a, b] = [await provenPerson(server), await provenPerson(server)];
    ok(await vote(a.agent, v, "Romantic", "yes"));
    const at = new Date("2027-01-15T20:00:00Z");
    const age = async (days: number, who: Person = a) => {
      await server.db.query(
        "UPDATE vibe_votes SET updated_at = $3::timestamptz - make_interval(days => $4) " +
          "WHERE venue_id = $1 AND user_id = $2",
        [v.id, who.id, at.toISOString(), days],
      );
      await reblendVenue(server.db, v.id, [], analyzeVenueTexts, at);
      return (await stored(v)).vibe_scores.Romantic;
    };
    // hand-worked: a Yes on a likely vibe counts from at least 0.12 (logit -1.992, LIKELY_PLAUSIBLE); + 1.7 x weight
    expect(await age(0)).toBe(0.43);
    expect(await age(90)).toBe(0.24); // weight 0.5
    expect(await age(180)).toBe(0.17); // weight 0.25
    expect(await age(731)).toBe(0.12); // not counted
    // an old No and a fresh Yes: (1 - 0.5) x 1.7 / sqrt(1.5) = 0.69 log-odds
    ok(await vote(b.agent, v, "Romantic", "no"));
    await age(0, b);
    expect(await age(0)).toBe(0.12); // one Yes, one No, both fresh
    expect(await age(90, b)).toBe(0.21);
  });

  it("limits writes as documented: 60 votes and 60 removals a minute per person, then 429", async () => {
    const key = "PUT /api/venues/:externalId/vibe-votes/:vibe";
    const del = "DELETE /api/venues/:externalId/vibe-votes/:vibe";
    expect(RATE_LIMITS[key]).toEqual({ max: 60, windowMs: 60_000 });
    expect(RATE_LIMITS[del]).toEqual({ max: 60, windowMs: 60_000 });
    const doc = readFileSync("docs/social.md", "utf8");
    // the table of docs/social.md says the same figure
    const row = doc.split("\n").find((line) => line.startsWith("| `PUT /api/venues/:externalId/vibe-votes/:vibe`"));
    expect(row).toMatch(/`DELETE …\/vibe-votes\/:vibe` .*\| 60 each \|$/);

    const limited = await startServer(target, {}, { RATE_LIMIT_SCALE: "1" }, {}, { db: server.db });
    try {
      const v = await venue("Limit Bar");
      const me = await provenPerson(limited);
      const vibes = [...ALL_VIBES];
      for (let i = 0; i < 60; i++) {
        const res = await me.agent.put(`${v.path}/${encodeURIComponent(vibes[i % vibes.length])}`, {
          vote: i % 2 ? "yes" : "no",
        });
        expect(res.status, `vote ${i + 1}: ${res.text}`).toBe(200);
      }
      const refused = await me.agent.put(`${v.path}/Chill`, { vote: "yes" });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: TEXT.tooManyRequests });
      // taking votes back has a limit of its own: the PUTs spent none of it, and it ends at 60 too
      for (let i = 0; i < 60; i++) {
        const res = await me.agent.delete(`${v.path}/${encodeURIComponent(vibes[i % vibes.length])}`);
        expect(res.status, `removal ${i + 1}: ${res.text}`).toBe(200);
      }
      const gone = await votesOf(me.agent, v);
      expect(gone.mine).toEqual({});
      const refusedDelete = await me.agent.delete(`${v.path}/Chill`);
      expect(refusedDelete.status).toBe(429);
      expect(refusedDelete.body).toEqual({ message: TEXT.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
