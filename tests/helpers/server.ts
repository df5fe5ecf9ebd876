import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { inject } from "vitest";
import { buildApp, type BuiltApp } from "../../src/server/app";
import { loadConfig, type Config } from "../../src/server/config";
import { openPglite, openPostgres, type Db } from "../../src/server/db/client";
import { lowerPasswordHashingForTests } from "../../src/server/auth/passwords";
import { markEmailVerified } from "../../src/server/auth/users";
import { signUp, type Agent } from "./http";
import type { DbTarget } from "./targets";
import "./targets";

// Every test server in this process hashes passwords with argon2id at its cheapest: the suite signs
// ~1,000 people up (src/server/auth/passwords.ts).
lowerPasswordHashingForTests();

export interface TestServer extends BuiltApp {
  url: string;
  db: Db;
  close(): Promise<void>;
}

/**
 * Opens a database for one test file: PGlite from the run's template, or the run's PostgreSQL,
 * which test files running in parallel share. With `ownDatabase`, PostgreSQL is a fresh copy of
 * the run's pristine database, dropped on close: for files that check no row of any table changed.
 */
export async function openTestDb(target: DbTarget, opts: { ownDatabase?: boolean } = {}): Promise<Db> {
  if (target === "postgres") {
    const url = inject("postgresUrl");
    if (!url) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
    if (!opts.ownDatabase) return openPostgres(url, 5);
    const name = `${inject("postgresTemplate")}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const maintenance = await openPostgres(url, 1);
    await maintenance.exec(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const db = await openPostgres(own.toString(), 5);
    return {
      ...db,
      async close() {
        await db.close();
        await maintenance.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await maintenance.close();
      },
    };
  }
  return openPglite({ loadDataDir: pgliteTemplate() });
}

/**
 * The run's PGlite template, read once per test worker: a worker runs file after file (the api and
 * e2e projects are not isolated), and reading its ~49 MB into a Blob cost each open ~0.2 s of CPU.
 * PGlite only reads the Blob.
 */
let template: { path: string; blob: Blob } | undefined;
function pgliteTemplate(): Blob {
  const path = inject("pgliteTemplate");
  if (template?.path !== path) template = { path, blob: new Blob([readFileSync(path)]) };
  return template.blob;
}

/**
 * A server's start or close slower than this is reported with where its time went: one file's
 * hooks once took 150 s of CI's run (api/venue-page.test.ts, 4.5 s alone; 2026-11-30), and the
 * run did not say which step.
 */
const SLOW_STEP_MS = 15_000;
const ms = (t: number) => `${Math.round(t)} ms`;
function slowStep(what: string, since: number) {
  if (performance.now() - since > SLOW_STEP_MS) console.warn(`slow test server: ${what}`);
}

/** Starts the real app on a loopback port, as `npm start` would, on the chosen database. */
export async function startServer(
  target: DbTarget,
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  build: Parameters<typeof buildApp>[2] = {},
  opts: {
    ownDatabase?: boolean;
    /** the address to listen on (default 127.0.0.1) */
    host?: string;
    /**
     * A database already open (openTestDb) to build on instead of a new one, left open on close:
     * several servers of one file with different settings share it, and the file closes it.
     */
    db?: Db;
  } = {},
): Promise<TestServer> {
  const began = performance.now();
  const db = opts.db ?? (await openTestDb(target, opts));
  const opened = performance.now();
  const host = opts.host ?? "127.0.0.1";
  const config = loadConfig(
    // Request limits are off unless a test turns them on (tests/api/rate-limits.test.ts): one
    // test file signs up more people from 127.0.0.1 than a real address would.
    // MAP_STYLE_URL none: no test page fetches a map style from the internet (map tests set their own)
    // HOST: the address it listens on, as `npm start` reads it, so mail links point where it answers
    {
      LOG_LEVEL: "silent",
      DATA_DIR: resolve(".tmp/data"),
      RATE_LIMIT_SCALE: "0",
      MAP_STYLE_URL: "none",
      HOST: host,
      ...env,
    },
    { sessionSecret: "test-secret-test-secret-test-secret-!!", clientDir: resolve("dist/client"), ...overrides },
  );
  const built = await buildApp(config, db, build);
  await built.app.listen({ port: 0, host });
  const addr = built.app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  slowStep(`startServer(${target}): database ${ms(opened - began)}, app ${ms(performance.now() - opened)}`, began);
  return {
    ...built,
    db,
    url: `http://${host}:${port}`,
    async close() {
      const closing = performance.now();
      await built.app.close();
      const appClosed = performance.now();
      if (!opts.db) await db.close();
      slowStep(
        `close (${target}): app ${ms(appClosed - closing)}, database ${ms(performance.now() - appClosed)}`,
        closing,
      );
    },
  };
}

/**
 * The app's own routes: every registered "METHOD /path" but the built client's files, which
 * @fastify/static registers one by one (with the build's .br and .gz copies beside them).
 */
export function appRoutes(server: Pick<TestServer, "routes">): string[] {
  const isClientFile = (route: string) =>
    /^GET \/(assets\/|index\.html(\.(br|gz))?$|[^/]+\.(svg|png|ico|txt|webmanifest|json|js)(\.(br|gz))?$)/.test(route);
  return server.routes.filter((r) => !isClientFile(r));
}

/**
 * Signs `agent` up and proves its email (as following the verification link does), so that an
 * address listed in ADMIN_EMAILS makes it an admin; answers once every cache of this server knows.
 */
export async function signUpAdmin(
  server: Pick<TestServer, "db" | "ctx">,
  agent: Agent,
  overrides: Parameters<typeof signUp>[1] = {},
) {
  const user = await signUp(agent, overrides);
  await markEmailVerified(server.db, user.id);
  await server.ctx.changes.settle();
  return { ...user, role: "admin" };
}
