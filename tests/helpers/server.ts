import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { inject } from "vitest";
import { buildApp, type BuiltApp } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import { openPglite, openPostgres, type Db } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { seedVenues } from "../../src/server/db/seed";
import type { DbTarget } from "./targets";

let isolatedCount = 0;
import "./targets";

export interface TestServer extends BuiltApp {
  url: string;
  db: Db;
  close(): Promise<void>;
}

/**
 * Opens a database for one test file: PGlite from the run's template, or the run's PostgreSQL.
 * `isolated`: a PostgreSQL database of the file's own (migrated and seeded, dropped on close), for
 * tests that compare whole tables while other files write to the shared one.
 */
export async function openTestDb(target: DbTarget, opts: { isolated?: boolean } = {}): Promise<Db> {
  if (target === "postgres") {
    const url = inject("postgresUrl");
    if (!url) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
    if (!opts.isolated) return openPostgres(url, 5);
    const name = `${new URL(url).pathname.slice(1)}_iso_${process.pid}_${++isolatedCount}`;
    const admin = await openPostgres(url, 1);
    await admin.exec(`CREATE DATABASE ${name}`);
    await admin.close();
    const own = new URL(url);
    own.pathname = `/${name}`;
    const db = await openPostgres(own.toString(), 5);
    await migrate(db);
    await seedVenues(db);
    const close = db.close.bind(db);
    db.close = async () => {
      await close();
      const a = await openPostgres(url, 1);
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    };
    return db;
  }
  return openPglite({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
}

/** Starts the real app on a loopback port, as `npm start` would, on the chosen database. */
export async function startServer(
  target: DbTarget,
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  build: Parameters<typeof buildApp>[2] = {},
  opts: { isolated?: boolean } = {},
): Promise<TestServer> {
  const db = await openTestDb(target, opts);
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
