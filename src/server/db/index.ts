import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { openPglite, openPostgres, type Db } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { migrate, pendingMigrations } from "./migrate";

export class PendingMigrationsError extends Error {}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and
 * migrates it; with `migrate: false` (MIGRATE_ON_START=false) it only checks that nothing is pending.
 */
export async function openDatabase(config: Config, opts: { migrate?: boolean } = {}): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databasePoolSize)
    : await openLockedPglite(join(config.dataDir, "pglite"));
  try {
    if (opts.migrate ?? config.migrateOnStart) {
      await migrate(db);
    } else {
      const pending = await pendingMigrations(db);
      if (pending.length > 0) {
        throw new PendingMigrationsError(
          `the database lacks ${pending.length} migration${pending.length === 1 ? "" : "s"} ` +
            `(${pending.join(", ")}); run \`npm run migrate\` first, or start with MIGRATE_ON_START=true`,
        );
      }
    }
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

/**
 * PGlite in its data folder, held for this process only (db/data-dir-lock.ts): a second process
 * (`npm run admin`, `npm run migrate`, another server) is told plainly that a server has it open.
 */
async function openLockedPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const db = await openPglite({ dataDir });
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
