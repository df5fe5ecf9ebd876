import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Db } from "./client";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
// Any constant works: it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 727_001;

export interface Migration {
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(dir + name, "utf8") }));
}

/**
 * The migrations not yet applied (without applying them): what an instance started with
 * MIGRATE_ON_START=false checks before it serves.
 */
export async function pendingMigrations(db: Db, migrations = loadMigrations()): Promise<string[]> {
  const [{ exists }] = await db.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
  );
  const done = exists
    ? new Set((await db.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name))
    : new Set<string>();
  return migrations.map((m) => m.name).filter((name) => !done.has(name));
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 * An advisory lock makes concurrent starts of several instances on one PostgreSQL safe.
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL " +
      "DEFAULT now())",
  );
  await db.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  const applied: string[] = [];
  try {
    const done = new Set((await db.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await db.transaction(async (tx) => {
        // Multi-statement SQL without parameters goes through the simple protocol on both drivers.
        await tx.exec(m.sql);
        await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [m.name]);
      });
      applied.push(m.name);
    }
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  }
  return applied;
}
