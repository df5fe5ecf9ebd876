import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openUnitDb, uniqueEmail } from "../../../tests/helpers/unit-db";
import type { Db } from "../db/client";
import { createReadModel, type ReadModel, SETTLE_BOUND_MS, settleEveryWrite } from "./index";

/**
 * The read model (docs/ARCHITECTURE.md, "The read model"), in process: one module creates the
 * catalog, the live store, the favourites and the sessions from one change feed and closes them
 * together; `write(work)` returns once this instance reflects what `work` committed; every request
 * other than GET and HEAD is answered only once the same holds (`settleEveryWrite`), bounded at
 * 5 s so a lost feed never holds an answer. Mutation testing (issue 29) found no unit test of
 * readmodel/index.ts: its 34 mutants went unnoticed.
 */
vi.setConfig({ testTimeout: 30_000 });

/** The onSend hook settleEveryWrite adds, and a request of `method` with a logger that records warnings. */
const hookOf = (settle: () => Promise<void>) => {
  let hook: ((req: FastifyRequest) => Promise<void>) | undefined;
  const app = {
    addHook(name: string, fn: (req: FastifyRequest) => Promise<void>) {
      expect(name).toBe("onSend");
      hook = fn;
    },
  } as unknown as FastifyInstance;
  const calls = { settle: 0 };
  settleEveryWrite(app, {
    settle: () => {
      calls.settle++;
      return settle();
    },
  });
  const warnings: unknown[][] = [];
  const req = (method: string) =>
    ({ method, log: { warn: (...a: unknown[]) => warnings.push(a) } }) as unknown as FastifyRequest;
  return { run: (method: string) => hook!(req(method)), calls, warnings };
};

/** Whether `p` has settled after the pending microtasks ran. */
const settled = async (p: Promise<unknown>) => {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
};

describe("settleEveryWrite", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the bound is 5 seconds", () => {
    expect(SETTLE_BOUND_MS).toBe(5000);
  });

  it("a GET or HEAD is answered at once: nothing to settle", async () => {
    const { run, calls } = hookOf(() => new Promise(() => {}));
    await run("GET");
    await run("HEAD");
    expect(calls.settle).toBe(0);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])(
    "a %s is answered only once the read model has settled",
    async (method) => {
      vi.useFakeTimers();
      let release!: () => void;
      const { run, calls } = hookOf(() => new Promise<void>((r) => (release = r)));
      const answer = run(method);
      expect(calls.settle).toBe(1);
      expect(await settled(answer)).toBe(false);
      release();
      expect(await settled(answer)).toBe(true);
      // its bound's timer is cleared, not left to fire
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it("a feed that does not answer holds the answer 5 seconds, no longer", async () => {
    vi.useFakeTimers();
    const { run, warnings } = hookOf(() => new Promise(() => {}));
    const answer = run("POST");
    await vi.advanceTimersByTimeAsync(4999);
    expect(await settled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(answer)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it("a database that is away does not hold the answer back: the failure is logged", async () => {
    vi.useFakeTimers();
    const err = new Error("connection refused");
    const { run, warnings } = hookOf(() => Promise.reject(err));
    await run("POST");
    expect(warnings).toEqual([[{ err }, "could not wait for the read model after a write"]]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("createReadModel on pglite", () => {
  let db: Db;
  let rm: ReadModel;
  const errors: [string, unknown][] = [];
  const SECRET = "unit-test-session-secret-unit-test-session-secret";
  beforeAll(async () => {
    db = await openUnitDb("pglite");
  }, 120_000);
  // Each test makes its own read model: what createReadModel does runs inside the test (mutation
  // testing activates a mutant for the test only, not for a beforeAll).
  beforeEach(async () => {
    rm = await createReadModel(db, {
      sessions: { secret: SECRET, ttlDays: 30, idleDays: 14, adminEmails: [] },
      onError: (what, err) => errors.push([what, err]),
    });
  });
  afterEach(async () => {
    await rm?.close();
  });
  afterAll(async () => {
    await db?.close();
  });

  const signIn = async () => {
    const [{ id }] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [
      uniqueEmail("rm"),
    ]);
    let token = "";
    const reply = {
      setCookie: (_n: string, value: string, opts: { expires: Date }) => {
        token = value;
        expect(opts.expires.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
      },
    } as unknown as FastifyReply;
    await rm.sessions.start({ cookies: {}, protocol: "http", method: "POST" } as unknown as FastifyRequest, reply, id);
    const get = { cookies: { vibe_session: token }, protocol: "http", method: "GET" } as unknown as FastifyRequest;
    return { id, get };
  };

  it("holds the catalog, the live store, the favourites and the sessions", () => {
    expect(rm.catalog.size).toBeGreaterThanOrEqual(0);
    for (const part of [rm.changes, rm.catalog, rm.live, rm.favorites, rm.sessions]) expect(part).toBeTruthy();
  });

  it("write(work) answers work's result once the sessions kept in memory reflect it", async () => {
    const { id, get } = await signIn();
    expect((await rm.sessions.user(get))?.role).toBe("user"); // now kept in memory (a GET)
    const out = await rm.write(async () => {
      await db.query("UPDATE users SET role = 'admin' WHERE id = $1", [id]);
      return 42;
    });
    expect(out).toBe(42);
    // the very next GET, answered from memory if anything were kept, sees the change
    expect((await rm.sessions.user(get))?.role).toBe("admin");
  });

  it("write and settle wait for the change feed's settle", async () => {
    const settle = vi.spyOn(rm.changes, "settle");
    let release!: () => void;
    settle.mockImplementationOnce(() => new Promise<void>((r) => (release = r)));
    const written = rm.write(async () => "done");
    expect(await settled(written)).toBe(false);
    release();
    expect(await written).toBe("done");
    settle.mockImplementationOnce(() => new Promise<void>((r) => (release = r)));
    const s = rm.settle();
    expect(await settled(s)).toBe(false);
    release();
    await s;
    expect(settle).toHaveBeenCalledTimes(2);
    settle.mockRestore();
  });

  it("a change handler that fails is reported to onError, and the feed goes on", async () => {
    const boom = new Error("handler failed");
    const stop = rm.changes.on("users", () => {
      throw boom;
    });
    try {
      const { id, get } = await signIn();
      await rm.write(() => db.query("UPDATE users SET first_name = 'Ada' WHERE id = $1", [id]));
      expect(errors).toContainEqual(["a change handler failed", boom]);
      expect((await rm.sessions.user(get))?.first_name).toBe("Ada");
    } finally {
      stop();
      errors.length = 0;
    }
  });

  it("closes every part together", async () => {
    const other = await createReadModel(db, { sessions: { secret: SECRET, ttlDays: 30 } });
    const spies = [
      vi.spyOn(other.catalog, "close"),
      vi.spyOn(other.sessions, "close"),
      vi.spyOn(other.live, "close"),
      vi.spyOn(other.favorites, "close"),
      vi.spyOn(other.changes, "close"),
    ];
    await other.close();
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
  });
});
