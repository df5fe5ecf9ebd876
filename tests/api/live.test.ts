import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { venueStatsSchema } from "@shared/contracts/business";
import type { Venue } from "@shared/contracts/venues";
import type { BusEvent } from "../../src/server/realtime/bus";
import { venue as freshVenue, owner as newOwner } from "../helpers/factories";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;
const update = {
  capacityStatus: "Full",
  noiseLevel: "Loud",
  currentVibes: ["Energetic", "Loud"],
  specialNotes: "DJ set tonight",
  isOpen: true,
};

describe.each(dbTargets())("live venues on %s", (target) => {
  let server: TestServer;
  let root: Agent;
  let admin: Agent;
  const adminEmail = uniqueEmail("admin");

  beforeAll(async () => {
    // its own database: the owner's figures count other files' searches that show the venue on a shared one
    server = await startServer(target, {}, { ADMIN_EMAILS: adminEmail }, {}, { ownDatabase: true });
    root = new Agent(server.url);
    admin = root.fresh();
    await signUpAdmin(server, admin, { email: adminEmail });
  });
  afterAll(async () => server?.close());

  /**
   * A venue no test has touched (no owner, update, post or favourite), within 5 km of the default
   * point and with a detected vibe, as the API shows it: tests do not share live state.
   */
  async function venue(): Promise<Venue> {
    const v = await freshVenue(server.db, { fresh: true, withinM: 5000, withVibes: true });
    const res = await root.get<Venue>(`/api/venues/${encodeURIComponent(v.externalId)}`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }
  const owner = (v: Venue) => newOwner(admin, v);

  describe("ownership", () => {
    it("only admins make owners: 401 signed out, 403 for others", async () => {
      const v = await venue();
      const someone = root.fresh();
      const user = await signUp(someone);
      expect((await root.fresh().post(`/api/admin/venues/${v.id}/owner`, { email: user.email })).status).toBe(401);
      const res = await someone.post(`/api/admin/venues/${v.id}/owner`, { email: user.email });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Admins only");
      expect((await someone.get("/api/my-venues")).body).toEqual([]);
    });

    it.each([
      ["unknown venue", "/api/admin/venues/99999999/owner", { email: "x@example.com" }, 404, "Venue not found"],
      ["bad id", "/api/admin/venues/abc/owner", { email: "x@example.com" }, 400, "Venue id must be a number"],
      ["bad email", "/api/admin/venues/1/owner", { email: "nope" }, 400, "Invalid email address"],
      [
        "unknown email",
        "/api/admin/venues/1/owner",
        { email: "nobody-here@example.com" },
        404,
        "No account with that email",
      ],
    ])("refuses %s", async (_name, path, body, status, message) => {
      const res = await admin.post(path, body);
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    });

    it("the owner sees the venue in my-venues", async () => {
      const v = await venue();
      const o = await owner(v);
      const mine = await o.agent.get<Venue[]>("/api/my-venues");
      expect(mine.body.map((x) => x.id)).toEqual([v.id]);
    });
  });

  describe("broadcasts", () => {
    it("stores an owner's update as history, shows it as latestUpdate everywhere and broadcasts it", async () => {
      const v = await venue();
      const o = await owner(v);
      const events: BusEvent[] = [];
      const stop = server.ctx.bus.subscribe((e) => events.push(e));
      const res = await o.agent.post(`/api/venues/${v.id}/updates`, update);
      stop();
      expect(res.status).toBe(201);
      expect(res.body.latestUpdate).toMatchObject({
        capacityStatus: "Full",
        noiseLevel: "Loud",
        isOpen: true,
        specialNotes: "DJ set tonight",
        currentVibes: ["Energetic", "Loud"],
        statusMessage: "Live from the venue",
      });
      expect(Date.now() - Date.parse(res.body.latestUpdate.createdAt)).toBeLessThan(60_000);
      expect(events).toEqual([
        {
          to: "all",
          message: expect.objectContaining({ type: "venue_update", venueId: v.id, externalId: v.externalId }),
        },
      ]);
      const matched = (await root.get<Venue[]>(`/api/venues/match-public?${here}&radius=10&vibes=all`)).body.find(
        (x) => x.id === v.id,
      );
      const near = (await root.get<Venue[]>(`/api/venues/nearby?${here}&radius=10&limit=100`)).body.find(
        (x) => x.id === v.id,
      );
      const mine = (await o.agent.get<Venue[]>("/api/my-venues")).body[0];
      for (const x of [matched, near, mine]) expect(x?.latestUpdate?.capacityStatus).toBe("Full");
      // a second update becomes the latest; both are kept
      await o.agent.post(`/api/venues/${v.id}/updates`, { ...update, capacityStatus: "Empty", specialNotes: null });
      expect((await o.agent.get<Venue[]>("/api/my-venues")).body[0].latestUpdate).toMatchObject({
        capacityStatus: "Empty",
        specialNotes: null,
      });
      const [{ n }] = await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM venue_updates WHERE venue_id = $1",
        [v.id],
      );
      expect(n).toBe(2);
    });

    it("refuses everyone but the venue's owners with 403", async () => {
      const [v, w] = [await venue(), await venue()];
      const o = await owner(v);
      const stranger = root.fresh();
      await signUp(stranger);
      expect((await stranger.post(`/api/venues/${v.id}/updates`, update)).status).toBe(403);
      const other = await o.agent.post(`/api/venues/${w.id}/updates`, update);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe("Only this venue's owners can broadcast updates");
      expect((await admin.post(`/api/venues/${v.id}/updates`, update)).status).toBe(403);
      expect((await root.fresh().post(`/api/venues/${v.id}/updates`, update)).status).toBe(401);
      expect((await o.agent.post("/api/venues/99999999/updates", update)).status).toBe(404);
    });

    it.each([
      [{ ...update, currentVibes: ["Chill", "Cozy", "Quiet", "Romantic"] }, "At most 3 vibes"],
      [{ ...update, capacityStatus: "Packed" }, "capacityStatus must be Empty, Moderate or Full"],
      [{ ...update, noiseLevel: "Deafening" }, "noiseLevel must be Quiet, Conversational or Loud"],
      [{ ...update, currentVibes: ["Sleepy"] }, "Unknown vibe"],
      // a contradictory pair is refused, never half-sent (issue 26)
      [{ ...update, currentVibes: ["Loud", "Quiet"] }, "Loud and Quiet contradict each other: choose one of them"],
      [
        { ...update, currentVibes: ["Chill", "Loud", "Adventurous"] },
        "Chill and Loud contradict each other: choose one of them",
      ],
      [{ ...update, specialNotes: "x".repeat(281) }, "specialNotes can be at most 280 characters"],
      [{ ...update, isOpen: "yes" }, "isOpen must be true or false"],
      [{ capacityStatus: "Full" }, "noiseLevel must be Quiet, Conversational or Loud"],
    ])("refuses %j with 400 and stores nothing", async (body, message) => {
      const v = await venue();
      const o = await owner(v);
      const res = await o.agent.post(`/api/venues/${v.id}/updates`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await server.db.query("SELECT 1 FROM venue_updates WHERE venue_id = $1", [v.id])).toEqual([]);
    });
  });

  describe("crowd vibe and figures", () => {
    it("check-ins make a live vibe that ranks the venue for a vibe search", async () => {
      const v = await venue();
      const people = await Promise.all(
        [1, 2, 3].map(async () => {
          const a = root.fresh();
          await signUp(a);
          return a;
        }),
      );
      for (const p of people)
        expect((await p.post("/api/posts", { venueId: v.id, vibes: ["Romantic", "Cozy"] })).status).toBe(201);
      const near = (await root.get<Venue[]>(`/api/venues/nearby?${here}&radius=10&limit=100`)).body.find(
        (x) => x.id === v.id,
      )!;
      expect(near.latestUpdate).toMatchObject({
        capacityStatus: null,
        currentVibes: ["Cozy", "Romantic"],
        statusMessage: "Live from 3 recent check-ins",
      });
    });

    it("answers the owner's measured figures, and only to owners and admins", async () => {
      const v = await venue();
      const o = await owner(v);
      const fan = root.fresh();
      await signUp(fan);
      await fan.post(`/api/favorites/${v.id}`);
      await fan.post("/api/posts", { venueId: v.id, vibes: ["Chill"] });
      await fan.post("/api/posts", { venueId: v.id, vibes: ["Cozy"] });
      // a 10 m circle around the venue: on the first page whatever the hour (a 1 km one in a dense
      // part of the city put open venues first, and it off the page, before dawn in Los Angeles)
      const at = `latitude=${v.latitude}&longitude=${v.longitude}`;
      const shown = await root.get<Venue[]>(`/api/venues/match-public?${at}&radius=0.01&vibes=${v.detectedVibes[0]}`);
      expect(shown.body.map((x) => x.id)).toContain(v.id);
      await server.ctx.matchCounter.flush();
      const res = await o.agent.get(`/api/my-venues/${v.id}/stats`);
      expect(res.status).toBe(200);
      expect(venueStatsSchema.strict().parse(res.body)).toMatchObject({
        venueId: v.id,
        checkInsToday: 2,
        checkInsThisWeek: 2,
        visitorsToday: 1,
        saves: 1,
        searchMatchesToday: 1,
        rating: null,
      });
      expect(res.body.recentCheckIns.map((c: { vibes: string[] }) => c.vibes)).toEqual([["Cozy"], ["Chill"]]);
      expect((await fan.get(`/api/my-venues/${v.id}/stats`)).status).toBe(403);
      expect((await admin.get(`/api/my-venues/${v.id}/stats`)).status).toBe(200);
    });
  });
});
