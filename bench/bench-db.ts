import { openPglite, openPostgres, type Db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";

export interface BenchDb {
  db: Db;
  /** The database's URL (PostgreSQL only), for starting app instances on it. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one benchmark run: an in-memory PGlite, or a new database
 * `vibe_bench_<label>_<pid>` on the PostgreSQL at `pgUrl`, dropped by `drop()`.
 */
export async function openBenchDb(kind: string, label: string, pgUrl?: string): Promise<BenchDb> {
  if (kind === "pglite") {
    const db = await openPglite();
    await migrate(db);
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
