import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Writes a PGlite database to `path` as a template that many processes and files open
 * (openPglite's loadDataDir): the run's seeded database (tests/helpers/global-setup.ts) and the
 * bench smokes' migrated one (tests/bench/smoke.test.ts). Three things make each open cheaper
 * (measured in alternating opens here: ~0.93 -> ~0.78 s of CPU an open; 2026-12-01, issue 28):
 * - without the cluster's template databases: only CREATE DATABASE reads them, which nothing run on
 *   PGlite does (the app and the tests use its one database, "postgres"); they were ~600 of the
 *   1,181 files each open unpacks into PGlite's memory file system;
 * - at a checkpoint: a dump is of a running database, so each open recovers it from its last
 *   checkpoint, otherwise one before the migrations and the seed (postgres's log: ~9 MB of WAL
 *   replayed at every open; now none);
 * - uncompressed (~49 MB against 6.4 gzipped): no gunzip at each open (~0.4 s of CPU).
 */
export async function writePgliteTemplate(db: PGlite, path: string): Promise<void> {
  await db.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await db.exec("DROP DATABASE template0");
  await db.exec("DROP DATABASE template1");
  await db.exec("CHECKPOINT");
  const dump = await db.dumpDataDir("none");
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
}
