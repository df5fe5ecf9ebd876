import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { openPglite, openPostgres, type Db } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import type { DbTarget } from "./targets";
import "./targets";

/**
 * A database for a unit test of code that runs SQL (auth/, the read model), in process: no server,
 * no HTTP. PGlite from the run's seeded template when the run has one (the unit project's global
 * setup), else from a migrated, unseeded template kept in .tmp per set of migrations (made once:
 * bench/mutation.ts runs these tests for each mutant without a global setup), then shared by every
 * file of the worker; PostgreSQL is the
 * run's shared database (TEST_DATABASE_URL). Tests share it with other files: they make their own
 * rows (fresh emails and ids) and read only those.
 */
export async function openUnitDb(target: DbTarget = "pglite"): Promise<Db> {
  if (target === "postgres") {
    const url = inject("postgresUrl");
    if (!url) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
    return openPostgres(url, 5);
  }
  const seeded = inject("pgliteTemplate");
  if (seeded) return openPglite({ loadDataDir: new Blob([readFileSync(seeded)]) });
  // No global setup (bench/mutation.ts): one database per worker, kept open across files and runs
  // (its config does not isolate them), so a mutant's run does not pay for opening one.
  const shared = globalThis as { vibeUnitDb?: Promise<Db> };
  shared.vibeUnitDb ??= migratedTemplate().then((file) => openPglite({ loadDataDir: new Blob([readFileSync(file)]) }));
  const db = await shared.vibeUnitDb;
  return { ...db, close: async () => {} };
}

/**
 * openUnitDb for the enclosing describe: opened before its tests (a first PGlite may take a while on a
 * loaded machine) and closed after them. Returns the database, usable from the tests on.
 */
export function useUnitDb(target: DbTarget = "pglite"): Db {
  let db: Db | null = null;
  beforeAll(async () => {
    db = await openUnitDb(target);
  }, 120_000);
  afterAll(() => db?.close());
  return new Proxy({} as Db, {
    get(_, key) {
      if (!db) throw new Error("useUnitDb: the database is opened before the tests, not while they are declared");
      return db[key as keyof Db];
    },
  });
}

async function migratedTemplate(): Promise<string> {
  const dir = resolve("src/server/db/migrations");
  const hash = createHash("sha256");
  for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  const tmp = resolve(".tmp");
  const file = join(tmp, `pglite-migrated-${hash.digest("hex").slice(0, 12)}.tar.gz`);
  if (existsSync(file)) return file;
  mkdirSync(tmp, { recursive: true });
  const db = await openPglite();
  await migrate(db);
  const dump = await db.raw.dumpDataDir("gzip");
  await db.close();
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  renameSync(part, file);
  return file;
}

let n = 0;
/** An email address no other test (or run, on a shared PostgreSQL) uses. */
export const uniqueEmail = (what = "t") => `${what}-${process.pid}-${Date.now().toString(36)}-${++n}@unit.example`;
