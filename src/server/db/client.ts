import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The one database interface the server uses. Both back ends speak the same PostgreSQL SQL with
 * `$1`-style parameters, so every query runs unchanged on the embedded PGlite and on a real server.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements separated by semicolons (migrations); no parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction; a thrown error rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel`: `onMessage` gets each NOTIFY payload (sent on commit, in commit order).
   * When the listening connection was lost and is back, notifications may have been missed in
   * between: `onGap` is called then. Resolves, once listening, to a function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Channel names are written in this code base; only plain identifiers are accepted. */
function listenStatement(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return `LISTEN ${channel}`;
}

/** How long a lost listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000;

/**
 * One connection of its own per LISTEN (a pooled connection cannot keep one): if it drops
 * (PostgreSQL restarted), it connects again every LISTEN_RETRY_MS and then reports the gap.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void, onGap?: () => void) {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  const connect = async (again: boolean) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    c.on("notification", (n) => {
      if (n.channel === channel) onMessage(n.payload ?? "");
    });
    c.on("error", () => {}); // "end" follows
    c.on("end", () => {
      if (current !== c) return;
      current = null;
      schedule();
    });
    try {
      await c.connect();
      await c.query(listenStatement(channel));
    } catch (err) {
      c.end().catch(() => {});
      if (!again) throw err;
      schedule();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    current = c;
    if (again) onGap?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = current;
    current = null;
    await c?.end().catch(() => {});
  };
}

// PostgreSQL returns int8 and numeric as strings by default; counts and ratings are numbers here.
pg.types.setTypeParser(20, (v) => Number(v)); // int8
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric

// Every statement the app sends is prepared once per connection under a name derived from its
// text, so PostgreSQL parses and plans it once instead of on every request (the feed's plan alone
// took 2-3 ms). The statements are a fixed set written in this code base, so the cache is small.
const statementNames = new Map<string, string>();
let generation = 0;
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${generation}_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * A migration run by another instance can change a table under a statement this connection
 * prepared (PostgreSQL then refuses it: "cached plan must not change result type"); such a
 * statement is sent once more unprepared.
 */
async function runPrepared<T>(run: (named: boolean) => Promise<pg.QueryResult>): Promise<T[]> {
  try {
    return (await run(true)).rows as T[];
  } catch (err) {
    if ((err as { code?: string }).code !== "0A000") throw err;
    // prepare everything afresh under new names from now on
    generation++;
    statementNames.clear();
    return (await run(false)).rows as T[];
  }
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its server (PostgreSQL restarted) must not crash the process.
  pool.on("error", () => {});
  const client = await pool.connect();
  client.release();
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: "postgres",
    async listen(channel, onMessage, onGap) {
      const stop = await listenPostgres(url, channel, onMessage, onGap);
      const remove = async () => {
        listeners.delete(remove);
        await stop();
      };
      listeners.add(remove);
      return remove;
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return runPrepared<T>((named) =>
        pool.query({ name: named ? statementName(sql) : undefined, text: sql, values: params as unknown[] }),
      );
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        const tx: Queryable = {
          async query<R>(sql: string, params: unknown[] = []) {
            return runPrepared<R>((named) =>
              c.query({ name: named ? statementName(sql) : undefined, text: sql, values: params as unknown[] }),
            );
          },
          async exec(sql: string) {
            await c.query(sql);
          },
        };
        const out = await fn(tx);
        await c.query("COMMIT");
        return out;
      } catch (err) {
        await c.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        c.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

export interface PgliteOptions {
  /** Folder to persist into; undefined keeps the database in memory. */
  dataDir?: string;
  /** A tarball made by `dumpDataDir()` to start from (tests use a migrated one). */
  loadDataDir?: Blob | File;
}

export async function openPglite(opts: PgliteOptions = {}): Promise<Db & { raw: PGlite }> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const { cube } = await import("@electric-sql/pglite/contrib/cube");
  const { earthdistance } = await import("@electric-sql/pglite/contrib/earthdistance");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { cube, earthdistance, pg_trgm, unaccent },
    // Same number types as the pg driver above: int8 and numeric as JS numbers.
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  return {
    kind: "pglite",
    raw: db,
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await db.query<T>(sql, params);
      return res.rows as T[];
    },
    async listen(channel, onMessage) {
      // One process holds the embedded database: nothing to lose a connection, no gaps.
      listenStatement(channel);
      const stop = await db.listen(channel, onMessage);
      return async () => {
        if (!db.closed) await stop();
      };
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (t) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await t.query<R>(sql, params)).rows as R[];
          },
          async exec(sql: string) {
            await t.exec(sql);
          },
        }),
      );
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async close() {
      await db.close();
    },
  };
}
