import { readFileSync } from "node:fs";
import { openPglite, openPostgres, type Db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { DENSE_AREA, generateVenues, packIntoDenseArea } from "./generate-venues";

export interface BenchDb {
  db: Db;
  /** The database's URL (PostgreSQL only), for starting app instances on it. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated in-memory PGlite. A new one runs initdb, ~4.5 s of CPU here; with
 * BENCH_PGLITE_TEMPLATE (a migrated, empty PGlite's dumpDataDir file, which the smoke test makes once
 * for all its benches: tests/bench/smoke.test.ts) it is loaded from that instead (~1.3 s), then migrated.
 */
export async function openMigratedPglite() {
  const template = process.env.BENCH_PGLITE_TEMPLATE;
  const db = await openPglite(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
  await migrate(db);
  return db;
}

/**
 * A fresh, migrated database for one benchmark run: an in-memory PGlite, or a new database
 * `vibe_bench_<label>_<pid>` on the PostgreSQL at `pgUrl`, dropped by `drop()`.
 */
export async function openBenchDb(kind: string, label: string, pgUrl?: string): Promise<BenchDb> {
  if (kind === "pglite") {
    const db = await openMigratedPglite();
    return { db, url: null, drop: () => db.close() };
  }
  if (!pgUrl) throw new Error("PostgreSQL benchmarks need BENCH_DATABASE_URL");
  const name = `vibe_bench_${label}_${process.pid}`;
  const admin = await openPostgres(pgUrl, 1);
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 10);
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const a = await openPostgres(pgUrl, 1);
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    },
  };
}

/**
 * A database of `size` generated venues (bench/generate-venues.ts; `hours`: with opening hours) that
 * outlives the run: `name` on the PostgreSQL at `pgUrl`, made (and filled) only when it is missing
 * or holds other venues, so runs in turn read the same venues without generating them again
 * (BENCH_KEEP_DB of match-catalog.ts and ready.ts); `dense`: packed into the dense city centre
 * (packIntoDenseArea). `drop()` only closes it.
 */
export async function openKeptBenchDb(
  name: string,
  pgUrl: string,
  size: number,
  hours: boolean,
  dense = false,
): Promise<BenchDb> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error("BENCH_KEEP_DB must be a plain database name");
  const admin = await openPostgres(pgUrl, 1);
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).length > 0;
  if (!exists) await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 4);
  await migrate(db);
  const [{ n, h, d }] = await db.query<{ n: number; h: boolean; d: boolean }>(
    "SELECT count(*)::int AS n, count(opening_hours) > 0 AS h, max(latitude) < $1 AS d FROM venues",
    [DENSE_AREA.latitude + 2 * DENSE_AREA.halfLat],
  );
  if (n !== size || h !== hours || d !== dense) {
    await db.query("TRUNCATE venues CASCADE");
    await generateVenues(db, size, undefined, { hours });
    if (dense) await packIntoDenseArea(db);
    await db.query("VACUUM ANALYZE venues");
  }
  return { db, url: url.toString(), drop: () => db.close() };
}
