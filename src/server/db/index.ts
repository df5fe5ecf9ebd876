import { join } from "node:path";
import type { Config } from "../config";
import { openPglite, openPostgres, type Db } from "./client";
import { makePrivateDir, tightenDataDir } from "./data-dir";
import { lockDataDir } from "./data-dir-lock";
import { migrate, pendingMigrations } from "./migrate";

export class PendingMigrationsError extends Error {}

/** What VIBE keeps in DATA_DIR: the embedded database's folder and the generated session secret. */
const DATA_DIR_ENTRIES = ["pglite", "session-secret"];

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and
 * migrates it; with `migrate: false` (MIGRATE_ON_START=false) it only checks that nothing is pending.
 * `log` hears of permissions it tightened in DATA_DIR.
 */
export async function openDatabase(
  config: Config,
  opts: { migrate?: boolean; log?: (message: string) => void } = {},
): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databasePoolSize)
    : await openLockedPglite(config.dataDir, opts.log ?? (() => {}));
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
 * PGlite in DATA_DIR/pglite, held for this process only (db/data-dir-lock.ts): a second process
 * (`npm run admin`, `npm run migrate`, another server) is told plainly that a server has it open.
 * DATA_DIR is this user's only (db/data-dir.ts): a folder left readable by others (made before
 * this rule, or by hand) is tightened first, and said so; the files PGlite makes as it opens
 * (a new database's initdb) are made private after it.
 */
async function openLockedPglite(dataDir: string, log: (message: string) => void): Promise<Db> {
  const tightened = tightenDataDir(dataDir, DATA_DIR_ENTRIES);
  if (tightened > 0)
    log(
      `DATA_DIR ${dataDir} was readable by other users: ${tightened} files and folders are now readable ` +
        "by this user only (folders 0700, files 0600)",
    );
  const folder = join(dataDir, "pglite");
  makePrivateDir(folder);
  const release = lockDataDir(folder);
  try {
    const db = await openPglite({ dataDir: folder });
    tightenDataDir(dataDir, DATA_DIR_ENTRIES);
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
