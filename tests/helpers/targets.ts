import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** A gzipped PGlite data folder, migrated and seeded once per run. */
    pgliteTemplate: string;
    /** What the seed's first run on the fresh database of that template answered. */
    firstSeed: import("../../src/server/venues/seed").SeedResult;
    /** A fresh PostgreSQL database for this run (only when TEST_DATABASE_URL is set). */
    postgresUrl: string | null;
    /** The name of a migrated and seeded PostgreSQL database nobody connects to (a template). */
    postgresTemplate: string | null;
    /** A Redis for this run (only when TEST_REDIS_URL is set). */
    redisUrl: string | null;
  }
}

export type DbTarget = "pglite" | "postgres";

/** The databases the suites run on: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function dbTargets(): DbTarget[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}
