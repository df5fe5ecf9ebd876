import { join } from "node:path";
import type { Config } from "../config";
import { openPglite, openPostgres, type Db } from "./client";
import { migrate } from "./migrate";

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrates it. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite({ dataDir: join(config.dataDir, "pglite") });
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}
