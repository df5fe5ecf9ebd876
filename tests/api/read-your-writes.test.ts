import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import type { Db } from "../../src/server/db/client";
import { person, post, venue, type Person } from "../helpers/factories";
import { openTestDb, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Issue 29, item 5: read-your-own-writes (docs/ARCHITECTURE.md, "The read model"). Every request
 * other than GET and HEAD is answered only once this instance's read model reflects what it
 * committed (settleEveryWrite). Here the change feed reaches the instance DELAY_MS late, as on a
 * loaded database, so an answer that did not wait would be followed by a read from before the
 * change, every time: each test writes, then at once reads back on the same instance, one part
 * of the read model per test (sessions, favourites, catalog, live inputs).
 */
const DELAY_MS = 400;

/**
 * The same database, its notifications handed on DELAY_MS late (in their order: equal delays), or
 * held until `release()` while `held` is set.
 */
function withLateFeed(db: Db) {
  const feed = { db: Object.create(db) as Db, held: false, queue: [] as (() => void)[] };
  feed.db.listen = (channel, onMessage, onGap) =>
    db.listen(
      channel,
      (payload) => {
        const deliver = () => onMessage(payload);
        if (feed.held) feed.queue.push(deliver);
        else setTimeout(deliver, DELAY_MS);
      },
      onGap,
    );
  return {
    db: feed.db,
    hold: () => void (feed.held = true),
    release() {
      feed.held = false;
      for (const deliver of feed.queue.splice(0)) deliver();
    },
  };
}

describe.each(dbTargets())("read-your-own-writes with a late change feed on %s", (target) => {
  let db: Db;
  let feed: ReturnType<typeof withLateFeed>;
  let server: TestServer;
  let me: Person;

  beforeAll(async () => {
    // its own database: the venues chosen are not touched by other files running beside it
    db = await openTestDb(target, { ownDatabase: true });
    feed = withLateFeed(db);
    server = await startServer(target, {}, {}, {}, { db: feed.db });
    me = await person(server, { firstName: "Rita" });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  /** The venue as the catalog answers a match around it (no text search: the instance's memory). */
  async function matched(v: { id: number; latitude: number; longitude: number }): Promise<Venue | undefined> {
    const res = await me.agent.get<Venue[]>(
      `/api/venues/match-public?latitude=${v.latitude}&longitude=${v.longitude}&radius=0.5&vibes=all&limit=100`,
    );
    expect(res.status).toBe(200);
    return res.body.find((x) => x.id === v.id);
  }

  it("the instance reads its memory: a change it has not heard of yet is not seen", async () => {
    const v = await venue(db, { fresh: true, rated: false });
    feed.hold();
    try {
      await db.query("UPDATE venues SET description = 'late feed check' WHERE id = $1", [v.id]);
      expect((await matched(v))?.description).not.toBe("late feed check");
    } finally {
      feed.release();
    }
    await server.ctx.readModel.settle();
    expect((await matched(v))?.description).toBe("late feed check");
  });

  it("sessions: preferences saved are in the next /api/auth/me", async () => {
    expect((await me.agent.get("/api/auth/me")).body.preferredVibes).toEqual([]);
    const saved = await me.agent.patch("/api/users/preferences", { preferredVibes: ["Quiet", "Cozy"] });
    expect(saved.status).toBe(200);
    expect((await me.agent.get("/api/auth/me")).body.preferredVibes).toEqual(["Quiet", "Cozy"]);
  });

  it("favourites: a saved venue is marked in the next match", async () => {
    const v = await venue(db, { fresh: true });
    expect((await matched(v))?.isFavorite).toBe(false);
    expect((await me.agent.post(`/api/favorites/${v.id}`)).body).toEqual({ favorited: true });
    expect((await matched(v))?.isFavorite).toBe(true);
    expect((await me.agent.post(`/api/favorites/${v.id}`)).body).toEqual({ favorited: false });
    expect((await matched(v))?.isFavorite).toBe(false);
  });

  it("catalog: a review's rating is on the venue's card in the next match", async () => {
    const v = await venue(db, { fresh: true, rated: false });
    expect(await matched(v)).toMatchObject({ rating: null, reviewCount: null });
    const path = `/api/venues/${encodeURIComponent(v.externalId)}/reviews/mine`;
    expect((await me.agent.put(path, { rating: 4, text: "Quiet corner" })).status).toBe(201);
    expect(await matched(v)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect((await me.agent.delete(path)).status).toBe(200);
    expect(await matched(v)).toMatchObject({ rating: null, reviewCount: null });
  });

  it("live inputs: a check-in is the venue's live update in the next read", async () => {
    const v = await venue(db, { fresh: true });
    const shown = async () =>
      (await me.agent.get<Venue>(`/api/venues/${encodeURIComponent(v.externalId)}`)).body.latestUpdate ?? null;
    expect(await shown()).toBeNull();
    await post(me, v.id, { vibes: ["Chill"], content: "Checked in" });
    expect((await shown())?.statusMessage).toBe("Live from 1 recent check-in");
  });
});
