import { createHmac } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useUnitDb, uniqueEmail } from "../../../tests/helpers/unit-db";
import { dbTargets } from "../../../tests/helpers/targets";
import type { ChangeFeed, Changed } from "../db/changes";
import type { Queryable } from "../db/client";
import { createSessionStore } from "./sessions";

/**
 * Sessions as docs/sign-in.md ("Sessions") describes them, in process on each database: a 256-bit
 * token in the cookie (43 base64url characters) and only its HMAC (keyed by SESSION_SECRET) in
 * `sessions`; the end at SESSION_TTL_DAYS (30) after sign-in or SESSION_IDLE_DAYS (14) without use,
 * whichever comes first; the last use written at most once an hour; `__Host-vibe_session` over
 * https, `vibe_session` over http; log out, sign out everywhere. The values are the document's.
 * Mutation testing (bench/results/mutation.txt, issue 29) found no unit test of sessions.ts: every
 * one of its 141 mutants went unnoticed by the unit tests.
 */
const SECRET = "unit-test-session-secret-unit-test-session-secret";
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const hmac = (token: string) => createHmac("sha256", SECRET).update(token).digest("base64url");

interface Cookie {
  name: string;
  value?: string;
  opts: Record<string, unknown>;
}
const request = (cookies: Record<string, string> = {}, method = "GET", protocol = "http") =>
  ({ cookies, method, protocol }) as unknown as FastifyRequest;
const replyRecorder = () => {
  const set: Cookie[] = [];
  const cleared: Cookie[] = [];
  const reply = {
    setCookie(name: string, value: string, opts: Record<string, unknown>) {
      set.push({ name, value, opts });
      return reply;
    },
    clearCookie(name: string, opts: Record<string, unknown>) {
      cleared.push({ name, opts });
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, set, cleared };
};

/** A change feed the test drives: `emit` is what the database announces on commit (migration 008). */
const fakeFeed = () => {
  const handlers = new Map<string, (changed: Changed) => void>();
  let stopped = 0;
  const feed = {
    on(kind: string, handler: (changed: Changed) => void) {
      handlers.set(kind, handler);
      return () => {
        stopped++;
        handlers.delete(kind);
      };
    },
    settle: async () => {},
    close: async () => {},
  } as unknown as ChangeFeed;
  return { feed, emit: (kind: string, changed: Changed) => handlers.get(kind)?.(changed), stopped: () => stopped };
};

/** The database with every statement it is sent written down. */
const recording = (db: Queryable) => {
  const sql: string[] = [];
  const q: Queryable = {
    query: (s, p) => {
      sql.push(s);
      return db.query(s, p);
    },
    exec: (s) => db.exec(s),
  };
  return { q, sql, touches: () => sql.filter((s) => s.startsWith("UPDATE sessions SET last_seen_at")).length };
};

// statements on a loaded, shared machine (and under Stryker's instrumentation) may take a while
vi.setConfig({ testTimeout: 30_000 });

describe.each(dbTargets())("sessions on %s", (target) => {
  const db = useUnitDb(target);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const newUser = async (email = uniqueEmail("s"), proof: string | null = null) => {
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO users (email, email_verified_at, email_proof) VALUES ($1, $2, $3) RETURNING id",
      [email, proof ? new Date() : null, proof],
    );
    return row.id;
  };
  const store = (extra: Partial<Parameters<typeof createSessionStore>[1]> = {}, q: Queryable = db) =>
    createSessionStore(q, { secret: SECRET, ttlDays: 30, idleDays: 14, ...extra });
  /** Signs `userId` in over `protocol`; answers the cookie set. */
  const signIn = async (s: ReturnType<typeof store>, userId: string, protocol = "http", cookies = {}) => {
    const { reply, set } = replyRecorder();
    await s.start(request(cookies, "POST", protocol), reply, userId);
    expect(set).toHaveLength(1);
    return set[0];
  };
  /** Who a POST carrying `cookie` as its session is signed in as (null: no one). */
  const userOf = (s: ReturnType<typeof store>, cookie: { value?: string }) =>
    s.user(request({ vibe_session: cookie.value! }, "POST"));
  const rowsOf = (userId: string) =>
    db.query<{ token_hash: string; expires_at: Date; last_seen_at: Date }>(
      "SELECT token_hash, expires_at, last_seen_at FROM sessions WHERE user_id = $1",
      [userId],
    );

  it("start: a 43-character token in an httpOnly, lax cookie ending in 30 days; only its HMAC is stored", async () => {
    const s = store();
    const id = await newUser();
    const before = Date.now();
    const cookie = await signIn(s, id);
    expect(cookie.name).toBe("vibe_session");
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.opts).toMatchObject({ path: "/", httpOnly: true, sameSite: "lax", secure: false });
    const expires = (cookie.opts.expires as Date).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hmac(cookie.value!));
    expect(rows[0].token_hash).not.toContain(cookie.value!);
    expect(new Date(rows[0].expires_at).getTime()).toBe(expires);
    expect(s.hashOf(request({ vibe_session: cookie.value! }))).toBe(hmac(cookie.value!));
    const user = await s.user(request({ vibe_session: cookie.value! }));
    expect(user?.id).toBe(id);
  });

  it("over https the cookie is __Host-vibe_session, Secure, and only that name is read", async () => {
    const s = store();
    const id = await newUser();
    const cookie = await signIn(s, id, "https");
    expect(cookie.name).toBe("__Host-vibe_session");
    expect(cookie.opts).toMatchObject({ path: "/", httpOnly: true, sameSite: "lax", secure: true });
    expect((await s.user(request({ __Host_x: "" }, "POST", "https")))?.id).toBeUndefined();
    expect((await s.user(request({ "__Host-vibe_session": cookie.value! }, "POST", "https")))?.id).toBe(id);
    // the plain-http name is not read over https, nor the https name over http
    expect(await s.user(request({ vibe_session: cookie.value! }, "POST", "https"))).toBeNull();
    expect(await s.user(request({ "__Host-vibe_session": cookie.value! }, "POST", "http"))).toBeNull();
    expect(s.hashOf(request({ vibe_session: cookie.value! }, "GET", "https"))).toBeNull();
  });

  it("no cookie, or one that is not a token, is nobody (and nothing is asked of the database)", async () => {
    const { q, sql } = recording(db);
    const s = store({}, q);
    expect(await s.user(request())).toBeNull();
    expect(await s.user(request({ vibe_session: "x".repeat(42) }))).toBeNull();
    expect(await s.user(request({ vibe_session: "x".repeat(44) }))).toBeNull();
    expect(await s.user(request({ vibe_session: `${"x".repeat(42)}=` }))).toBeNull();
    expect(sql).toEqual([]);
    expect(s.hashOf(request())).toBeNull();
    expect(s.hashOf(request({ vibe_session: "short" }))).toBeNull();
    // a well-formed token nobody was given
    expect(await s.user(request({ vibe_session: "A".repeat(43) }))).toBeNull();
  });

  it("signing in again from the same browser ends its previous session", async () => {
    const s = store();
    const a = await newUser();
    const b = await newUser();
    const first = await signIn(s, a);
    const second = await signIn(s, b, "http", { vibe_session: first.value! });
    expect(await rowsOf(a)).toHaveLength(0);
    expect(await userOf(s, first)).toBeNull();
    expect((await userOf(s, second))?.id).toBe(b);
  });

  it("ends 30 days after sign-in, even in use", async () => {
    const s = store();
    const id = await newUser();
    const cookie = await signIn(s, id);
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [id]);
    expect(await userOf(s, cookie)).toBeNull();
    expect(await s.live([hmac(cookie.value!)])).toEqual(new Map());
  });

  it("ends after 14 days without use, and not before", async () => {
    const s = store();
    const id = await newUser();
    const cookie = await signIn(s, id);
    const req = request({ vibe_session: cookie.value! }, "POST");
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '13 days 23 hours' WHERE user_id = $1", [id]);
    expect((await s.user(req))?.id).toBe(id);
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '14 days 1 minute' WHERE user_id = $1", [id]);
    expect(await s.user(req)).toBeNull();
    expect(await s.live([hmac(cookie.value!)])).toEqual(new Map());
  });

  it("without SESSION_IDLE_DAYS a session lasts to its absolute end, however long unused", async () => {
    const s = createSessionStore(db, { secret: SECRET, ttlDays: 30 });
    const id = await newUser();
    const cookie = await signIn(s, id);
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '29 days' WHERE user_id = $1", [id]);
    expect((await userOf(s, cookie))?.id).toBe(id);
  });

  it("writes its last use when it was written more than an hour ago, and only then", async () => {
    const { q, touches } = recording(db);
    const s = store({}, q);
    const id = await newUser();
    const cookie = await signIn(s, id);
    const req = request({ vibe_session: cookie.value! }, "POST");
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '50 minutes' WHERE user_id = $1", [id]);
    expect((await s.user(req))?.id).toBe(id);
    expect(touches()).toBe(0);
    const [{ last_seen_at: kept }] = await rowsOf(id);
    expect(Date.now() - new Date(kept).getTime()).toBeGreaterThan(49 * 60_000);
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '2 days' WHERE user_id = $1", [id]);
    expect((await s.user(req))?.id).toBe(id);
    expect(touches()).toBe(1);
    const [{ last_seen_at: moved }] = await rowsOf(id);
    expect(Date.now() - new Date(moved).getTime()).toBeLessThan(60_000);
  });

  it("with an idle time under a day, writes its last use every 24th of it", async () => {
    const { q, touches } = recording(db);
    // idleDays 0.5: 12 hours without use ends it; its last use is written every 30 minutes
    const s = store({ idleDays: 0.5 }, q);
    const id = await newUser();
    const cookie = await signIn(s, id);
    const req = request({ vibe_session: cookie.value! }, "POST");
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '25 minutes' WHERE user_id = $1", [id]);
    await s.user(req);
    expect(touches()).toBe(0);
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '35 minutes' WHERE user_id = $1", [id]);
    await s.user(req);
    expect(touches()).toBe(1);
    const [{ last_seen_at: moved }] = await rowsOf(id);
    expect(Date.now() - new Date(moved).getTime()).toBeLessThan(60_000);
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '12 hours 1 minute' WHERE user_id = $1", [id]);
    expect(await s.user(req)).toBeNull();
  });

  it("log out ends this session only and clears its cookie with the options it was set with", async () => {
    const s = store();
    const id = await newUser();
    const one = await signIn(s, id);
    const two = await signIn(s, id);
    const { reply, cleared } = replyRecorder();
    await s.end(request({ vibe_session: one.value! }, "GET"), reply);
    expect(cleared).toEqual([
      { name: "vibe_session", opts: { path: "/", httpOnly: true, sameSite: "lax", secure: false } },
    ]);
    expect(await userOf(s, one)).toBeNull();
    expect((await userOf(s, two))?.id).toBe(id);
    expect((await rowsOf(id)).map((r) => r.token_hash)).toEqual([hmac(two.value!)]);
    // without a session, the cookie is still cleared (over https, the __Host- one)
    const https = replyRecorder();
    await s.end(request({}, "GET", "https"), https.reply);
    expect(https.cleared).toEqual([
      { name: "__Host-vibe_session", opts: { path: "/", httpOnly: true, sameSite: "lax", secure: true } },
    ]);
  });

  it("sign out everywhere ends every session of the person, and no one else's", async () => {
    const s = store();
    const id = await newUser();
    const other = await newUser();
    const one = await signIn(s, id);
    const two = await signIn(s, id);
    const theirs = await signIn(s, other);
    await s.endAll(id);
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await userOf(s, one)).toBeNull();
    expect(await userOf(s, two)).toBeNull();
    expect((await userOf(s, theirs))?.id).toBe(other);
  });

  it("live: the sessions still live, each with the time left (its absolute or idle end, the sooner)", async () => {
    const s = store();
    const id = await newUser();
    const fresh = await signIn(s, id);
    const idle = await signIn(s, id);
    const ended = await signIn(s, id);
    const [fh, ih, eh] = [fresh, idle, ended].map((c) => hmac(c.value!));
    // used 13 days ago: 1 day left before the idle end (its absolute end is 30 days away)
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '13 days' WHERE token_hash = $1", [ih]);
    await s.end(request({ vibe_session: ended.value! }), replyRecorder().reply);
    const live = await s.live([fh, ih, eh, hmac("A".repeat(43))]);
    expect([...live.keys()].sort()).toEqual([fh, ih].sort());
    // a fresh session: 14 days to its idle end, sooner than its absolute end in 30
    expect(live.get(fh)).toBeGreaterThan(14 * DAY_MS - 60_000);
    expect(live.get(fh)).toBeLessThanOrEqual(14 * DAY_MS);
    expect(live.get(ih)).toBeGreaterThan(DAY_MS - 60_000);
    expect(live.get(ih)).toBeLessThanOrEqual(DAY_MS);
    // near its absolute end: what is left of that
    await db.query("UPDATE sessions SET expires_at = now() + interval '2 hours' WHERE token_hash = $1", [fh]);
    const soon = (await s.live([fh])).get(fh)!;
    expect(soon).toBeGreaterThan(2 * HOUR_MS - 60_000);
    expect(soon).toBeLessThanOrEqual(2 * HOUR_MS);
    expect(await s.live([])).toEqual(new Map());
  });

  it("answers the role that applies: admin for a proven email in ADMIN_EMAILS, not an unproven one", async () => {
    const proven = uniqueEmail("proven");
    const typed = uniqueEmail("typed");
    const s = store({ adminEmails: [proven, typed] });
    const p = await signIn(s, await newUser(proven, "link"));
    const t = await signIn(s, await newUser(typed));
    expect((await userOf(s, p))?.role).toBe("admin");
    expect((await userOf(s, t))?.role).toBe("user");
    // from memory too (a GET answered from what was kept)
    const { feed } = fakeFeed();
    const cached = store({ adminEmails: [proven], changes: feed });
    const c = await signIn(
      cached,
      (await db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [proven]))[0].id,
    );
    expect((await cached.user(request({ vibe_session: c.value! })))?.role).toBe("admin");
    expect((await cached.user(request({ vibe_session: c.value! })))?.role).toBe("admin");
  });

  it("sweeps expired and idle sessions of anyone now and then, on the way in", async () => {
    const s = store();
    const id = await newUser();
    const expired = await signIn(s, id);
    const idle = await signIn(s, id);
    const live = await signIn(s, id);
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [
      hmac(expired.value!),
    ]);
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '15 days' WHERE token_hash = $1", [
      hmac(idle.value!),
    ]);
    vi.spyOn(Math, "random").mockReturnValue(0.99); // no sweep this time
    await signIn(s, await newUser());
    expect(await rowsOf(id)).toHaveLength(3);
    vi.spyOn(Math, "random").mockReturnValue(0.01); // a sweep (1 sign-in in 20)
    await signIn(s, await newUser());
    expect((await rowsOf(id)).map((r) => r.token_hash)).toEqual([hmac(live.value!)]);
  });

  describe("kept in memory (with a change feed)", () => {
    it("answers a GET from memory for 30 seconds; a state change always reads the database", async () => {
      const { feed } = fakeFeed();
      const { q, sql } = recording(db);
      const s = store({ changes: feed }, q);
      const id = await newUser();
      const cookie = await signIn(s, id);
      const get = request({ vibe_session: cookie.value! }, "GET");
      expect((await s.user(get))?.id).toBe(id);
      const reads = sql.length;
      expect((await s.user(get))?.id).toBe(id);
      expect((await s.user(request({ vibe_session: cookie.value! }, "HEAD")))?.id).toBe(id);
      expect(sql.length).toBe(reads);
      // the row goes behind the store's back (and no change is announced): a POST sees it, a GET
      // is still answered from memory until the change is heard or the 30 seconds pass
      await db.query("DELETE FROM sessions WHERE user_id = $1", [id]);
      expect(await userOf(s, cookie)).toBeNull();
      expect((await s.user(get))?.id).toBe(id);
      vi.spyOn(Date, "now").mockReturnValue(Date.now() + 31_000);
      expect(await s.user(get)).toBeNull();
    });

    it("forgets a user's sessions when the database announces a change of them, or of everyone", async () => {
      const { feed, emit } = fakeFeed();
      const s = store({ changes: feed });
      const id = await newUser();
      const other = await newUser();
      const cookie = await signIn(s, id);
      const theirs = await signIn(s, other);
      const get = request({ vibe_session: cookie.value! });
      const getTheirs = request({ vibe_session: theirs.value! });
      await s.user(get);
      await s.user(getTheirs);
      await db.query("DELETE FROM sessions WHERE user_id = ANY($1::uuid[])", [[id, other]]);
      emit("users", [other]);
      expect((await s.user(get))?.id).toBe(id); // not announced: still kept
      expect(await s.user(getTheirs)).toBeNull();
      emit("users", "*");
      expect(await s.user(get)).toBeNull();
    });

    it("forgets on its own when it ends or starts a session, or is told to", async () => {
      const { feed } = fakeFeed();
      const s = store({ changes: feed });
      const id = await newUser();
      const one = await signIn(s, id);
      const two = await signIn(s, id);
      await s.user(request({ vibe_session: one.value! }));
      await s.user(request({ vibe_session: two.value! }));
      // log out of one: that session is gone from memory too
      await s.end(request({ vibe_session: one.value! }), replyRecorder().reply);
      expect(await s.user(request({ vibe_session: one.value! }))).toBeNull();
      // (ending one drops all the person kept, as any change of them does; read the other again)
      expect((await s.user(request({ vibe_session: two.value! })))?.id).toBe(id);
      // the other one's row goes behind its back; `forget` drops what is kept of the person
      await db.query("DELETE FROM sessions WHERE token_hash = $1", [hmac(two.value!)]);
      expect((await s.user(request({ vibe_session: two.value! })))?.id).toBe(id);
      s.forget(id);
      expect(await s.user(request({ vibe_session: two.value! }))).toBeNull();
      // sign out everywhere
      const three = await signIn(s, id);
      await s.user(request({ vibe_session: three.value! }));
      await s.endAll(id);
      expect(await s.user(request({ vibe_session: three.value! }))).toBeNull();
      // a new sign-in of the person drops what was kept of them
      const four = await signIn(s, id);
      await s.user(request({ vibe_session: four.value! }));
      await db.query("DELETE FROM sessions WHERE token_hash = $1", [hmac(four.value!)]);
      await signIn(s, id);
      expect(await s.user(request({ vibe_session: four.value! }))).toBeNull();
      // signing in again from the browser ends the session it had, kept or not
      const five = await signIn(s, id);
      await s.user(request({ vibe_session: five.value! }));
      await signIn(s, await newUser(), "http", { vibe_session: five.value! });
      expect(await s.user(request({ vibe_session: five.value! }))).toBeNull();
    });

    it("a session kept in memory still ends at its absolute or idle end", async () => {
      const { feed } = fakeFeed();
      const s = store({ changes: feed, cacheMs: 40 * DAY_MS });
      const id = await newUser();
      const cookie = await signIn(s, id);
      const get = request({ vibe_session: cookie.value! });
      await s.user(get);
      const now = Date.now();
      // 13 days later without use (kept all along): still live, and its use is written
      vi.spyOn(Date, "now").mockReturnValue(now + 13 * DAY_MS);
      expect((await s.user(get))?.id).toBe(id);
      // 15 days after the last use the store itself knows: ended, whatever memory held
      vi.spyOn(Date, "now").mockReturnValue(now + 13 * DAY_MS + 14 * DAY_MS + 60_000);
      await db.query("UPDATE sessions SET last_seen_at = now() - interval '15 days' WHERE user_id = $1", [id]);
      expect(await s.user(get)).toBeNull();
    });

    it("writes the last use of a session kept in memory at most once an hour", async () => {
      const { feed } = fakeFeed();
      const { q, touches } = recording(db);
      const s = store({ changes: feed, cacheMs: DAY_MS }, q);
      const id = await newUser();
      const cookie = await signIn(s, id);
      const get = request({ vibe_session: cookie.value! });
      await s.user(get);
      const now = Date.now();
      vi.spyOn(Date, "now").mockReturnValue(now + 50 * 60_000);
      await s.user(get);
      expect(touches()).toBe(0);
      vi.spyOn(Date, "now").mockReturnValue(now + 61 * 60_000);
      await s.user(get);
      expect(touches()).toBe(1);
      // written just now (as the store counts time): not again within the hour
      vi.spyOn(Date, "now").mockReturnValue(now + 100 * 60_000);
      await s.user(get);
      expect(touches()).toBe(1);
    });

    it("one person's log out drops what is kept of them, not of anyone else", async () => {
      const { feed } = fakeFeed();
      const { q, sql } = recording(db);
      const s = store({ changes: feed }, q);
      const id = await newUser();
      const mine = await signIn(s, id);
      const theirs = await signIn(s, await newUser());
      await s.user(request({ vibe_session: mine.value! }));
      await s.user(request({ vibe_session: theirs.value! }));
      await s.end(request({ vibe_session: mine.value! }), replyRecorder().reply);
      const asked = sql.length;
      expect(await s.user(request({ vibe_session: theirs.value! }))).not.toBeNull();
      expect(sql.length).toBe(asked); // still answered from memory
    });

    it("a session read from the database counts its last use from the database's time", async () => {
      const { feed } = fakeFeed();
      const { q, touches } = recording(db);
      const s = store({ changes: feed, cacheMs: DAY_MS }, q);
      const id = await newUser();
      const cookie = await signIn(s, id);
      const get = request({ vibe_session: cookie.value! });
      // last used 50 minutes ago: not written now, but 11 minutes later it is an hour old
      await db.query("UPDATE sessions SET last_seen_at = now() - interval '50 minutes' WHERE user_id = $1", [id]);
      await s.user(get);
      expect(touches()).toBe(0);
      vi.spyOn(Date, "now").mockReturnValue(Date.now() + 11 * 60_000);
      await s.user(get);
      expect(touches()).toBe(1);
    });

    it("an expired session kept in memory is not answered, and is read again", async () => {
      const { feed } = fakeFeed();
      const s = store({ changes: feed, cacheMs: 40 * DAY_MS });
      const id = await newUser();
      const cookie = await signIn(s, id);
      const get = request({ vibe_session: cookie.value! });
      await s.user(get);
      const now = Date.now();
      // kept, used every 10 days or so, until past its 30 days
      for (const day of [10, 20, 29]) {
        vi.spyOn(Date, "now").mockReturnValue(now + day * DAY_MS);
        expect((await s.user(get))?.id).toBe(id);
      }
      vi.spyOn(Date, "now").mockReturnValue(now + 30 * DAY_MS + 60_000);
      await db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [id]);
      expect(await s.user(get)).toBeNull();
    });

    it("without a change feed nothing is kept; close stops listening", async () => {
      const { q, sql } = recording(db);
      const s = store({}, q);
      const id = await newUser();
      const cookie = await signIn(s, id);
      const get = request({ vibe_session: cookie.value! });
      await s.user(get);
      const reads = sql.length;
      await s.user(get);
      expect(sql.length).toBe(reads + 1);
      expect(() => s.close()).not.toThrow();
      // live() of no sessions asks nothing
      const asked = sql.length;
      expect(await s.live([])).toEqual(new Map());
      expect(sql.length).toBe(asked);
      const { feed, stopped } = fakeFeed();
      const withFeed = store({ changes: feed });
      withFeed.close();
      expect(stopped()).toBe(1);
    });
  });
});
