import { rmSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { type SeedResult, seedVenues } from "../../src/server/venues/seed";
import { writePgliteTemplate } from "./pglite-template";
import "./targets";

/**
 * Prepares the databases once per run: a migrated and seeded PGlite, dumped to a tarball that
 * each test file loads (far faster than initdb per file), and, when TEST_DATABASE_URL is set, a
 * fresh PostgreSQL database (and an untouched copy of it, for files that need a database of their
 * own) that is dropped at the end. An unreachable TEST_DATABASE_URL or
 * TEST_REDIS_URL fails the run rather than skipping.
 */
export default async function setup(project: TestProject) {
  // The unit, api and e2e projects each run this setup; one run builds the databases once and
  // the last project's teardown drops them (globalThis: each project may load this module anew).
  const shared = globalThis as { vibeTestDatabases?: { made: Promise<Made>; users: number } };
  shared.vibeTestDatabases ??= { made: makeDatabases(), users: 0 };
  const state = shared.vibeTestDatabases;
  state.users++;
  const made = await state.made;
  project.provide("pgliteTemplate", made.pgliteTemplate);
  project.provide("firstSeed", made.firstSeed);
  project.provide("postgresUrl", made.postgresUrl);
  project.provide("postgresTemplate", made.postgresTemplate);
  project.provide("redisUrl", made.redisUrl);
  return async () => {
    if (--state.users > 0) return;
    shared.vibeTestDatabases = undefined;
    await made.teardown();
  };
}

interface Made {
  pgliteTemplate: string;
  firstSeed: SeedResult;
  postgresUrl: string | null;
  postgresTemplate: string | null;
  redisUrl: string | null;
  teardown(): Promise<void>;
}

async function makeDatabases(): Promise<Made> {
  // side by side: PGlite's seeding runs in this process, PostgreSQL's mostly in its server
  // (9.3 -> 6.0 s here, 2026-12-01, issue 28)
  const [pglite, postgres] = await Promise.all([makePglite(), makePostgres(process.env.TEST_DATABASE_URL)]);
  const { template, firstSeed } = pglite;
  const { postgresUrl, postgresTemplate, dropDb } = postgres;

  const redis = process.env.TEST_REDIS_URL ?? null;
  if (redis) {
    const { Redis } = await import("ioredis");
    const c = new Redis(redis, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await c.connect().catch((err: Error) => {
      throw new Error(`TEST_REDIS_URL is set but Redis is unreachable: ${err.message}`);
    });
    c.disconnect();
  }
  return {
    pgliteTemplate: template,
    firstSeed,
    postgresUrl,
    postgresTemplate,
    redisUrl: redis,
    async teardown() {
      await dropDb();
      rmSync(template, { force: true });
    },
  };
}

/** The migrated and seeded PGlite, dumped to a tarball, and what the seed's first run answered. */
async function makePglite() {
  const template = resolve(`.tmp/pglite-template-${process.pid}.tar`);
  const pglite = await openPglite();
  await migrate(pglite);
  // the seed's first run on a fresh database, which src/server/venues/seed.test.ts checks
  const firstSeed = await seedVenues(pglite);
  await writePgliteTemplate(pglite.raw, template);
  await pglite.close();
  return { template, firstSeed };
}

/** With TEST_DATABASE_URL, a fresh migrated and seeded database and its pristine copy, and how to drop both. */
async function makePostgres(base: string | undefined) {
  if (!base) return { postgresUrl: null, postgresTemplate: null, dropDb: async () => {} };
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
  return {
    postgresUrl: url.toString(),
    postgresTemplate: `${name}_template`,
    dropDb: async () => {
      const a = await openPostgres(base, 1);
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.exec(`DROP DATABASE IF EXISTS ${name}_template WITH (FORCE)`);
      await a.close();
    },
  };
}
