import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { seedVenues } from "../../src/server/venues/seed";
import "./targets";

/**
 * Prepares the databases once per run: a migrated and seeded PGlite, dumped to a tarball that
 * each test file loads (far faster than initdb per file), and, when TEST_DATABASE_URL is set, a
 * fresh PostgreSQL database (and an untouched copy of it, for files that need a database of their
 * own) that is dropped at the end. An unreachable TEST_DATABASE_URL or
 * TEST_REDIS_URL fails the run rather than skipping.
 */
export default async function setup(project: TestProject) {
  const dir = resolve(".tmp");
  mkdirSync(dir, { recursive: true });
  const template = join(dir, `pglite-template-${process.pid}.tar.gz`);
  const pglite = await openPglite();
  await migrate(pglite);
  await seedVenues(pglite);
  const dump = await pglite.raw.dumpDataDir("gzip");
  writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide("pgliteTemplate", template);

  let dropDb: (() => Promise<void>) | null = null;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `vibe_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = await openPostgres(base, 1).catch((err) => {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${err.message}`);
    });
    await admin.exec(`CREATE DATABASE ${name}`);
    await admin.close();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), 2);
    await migrate(db);
    await seedVenues(db);
    await db.close();
    // A pristine copy that nobody connects to: test files that compare whole tables before and
    // after (fuzzing, the authorization matrix) copy it into a database of their own.
    const creator = await openPostgres(base, 1);
    await creator.exec(`CREATE DATABASE ${name}_template TEMPLATE ${name}`);
    await creator.close();
    project.provide("postgresUrl", url.toString());
    project.provide("postgresTemplate", `${name}_template`);
    dropDb = async () => {
      const a = await openPostgres(base, 1);
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.exec(`DROP DATABASE IF EXISTS ${name}_template WITH (FORCE)`);
      await a.close();
    };
  } else {
    project.provide("postgresUrl", null);
    project.provide("postgresTemplate", null);
  }

  const redis = process.env.TEST_REDIS_URL ?? null;
  if (redis) {
    const { Redis } = await import("ioredis");
    const c = new Redis(redis, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await c.connect().catch((err: Error) => {
      throw new Error(`TEST_REDIS_URL is set but Redis is unreachable: ${err.message}`);
    });
    c.disconnect();
  }
  project.provide("redisUrl", redis);

  return async () => {
    await dropDb?.();
    const { rmSync } = await import("node:fs");
    rmSync(template, { force: true });
  };
}
