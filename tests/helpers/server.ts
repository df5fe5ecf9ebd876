import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { inject } from "vitest";
import { buildApp, type BuiltApp } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import { openPglite, openPostgres, type Db } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { seedVenues } from "../../src/server/db/seed";
import type { DbTarget } from "./targets";
import "./targets";

export interface TestServer extends BuiltApp {
  url: string;
  db: Db;
  close(): Promise<void>;
}

/** Opens a database for one test file: PGlite from the run's template, or the run's PostgreSQL. */
export async function openTestDb(target: DbTarget): Promise<Db> {
  if (target === "postgres") {
    const url = inject("postgresUrl");
    if (!url) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
    return openPostgres(url, 5);
  }
  return openPglite({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
}

/**
 * A PostgreSQL database of its own (migrated and seeded, dropped on close), for a test that must
 * see no other file's writes: the run's database is shared by every test file running alongside.
 */
async function openIsolatedPostgres(): Promise<Db> {
  const runUrl = inject("postgresUrl");
  if (!runUrl) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
  const url = new URL(runUrl);
  const name = `${url.pathname.slice(1)}_own_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await openPostgres(runUrl, 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5);
  await migrate(db);
  await seedVenues(db);
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
  return db;
}

/**
 * Starts the real app on a loopback port, as `npm start` would, on the chosen database.
 * `isolatedDb`: on PostgreSQL, a database of its own rather than the run's shared one.
 */
export async function startServer(
  target: DbTarget,
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  build: Parameters<typeof buildApp>[2] = {},
  opts: { isolatedDb?: boolean } = {},
): Promise<TestServer> {
  const db = opts.isolatedDb && target === "postgres" ? await openIsolatedPostgres() : await openTestDb(target);
  const config = loadConfig(
    // Request limits are off unless a test turns them on (tests/api/rate-limits.test.ts): one
    // test file signs up more people from 127.0.0.1 than a real address would.
    { LOG_LEVEL: "silent", DATA_DIR: resolve(".tmp/data"), RATE_LIMIT_SCALE: "0", ...env },
    { sessionSecret: "test-secret-test-secret-test-secret-!!", clientDir: resolve("dist/client"), ...overrides },
  );
  const built = await buildApp(config, db, build);
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const addr = built.app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    ...built,
    db,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await built.app.close();
      await db.close();
    },
  };
}
