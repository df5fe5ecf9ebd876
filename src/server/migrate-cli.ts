/**
 * `npm run migrate`: applies the migrations (and loads the seed venues when SEED is true) to the
 * configured database, then exits. Run it once per release before starting or replacing the
 * instances (docs/deploy.md). Instances started with MIGRATE_ON_START=false only check that it has
 * run; with the default (true) they also migrate at start under an advisory lock, which is a no-op
 * once this has run. MIGRATE_ON_START does not apply to this command.
 */
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db";
import { seedVenues } from "./venues/seed";

try {
  const config = loadConfig();
  const db = await openDatabase(config, { migrate: true, log: (message) => console.log(message) });
  const applied = (await db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name")).length;
  const seeded = config.seed ? await seedVenues(db) : null;
  await db.close();
  console.log(
    `Database ready (${db.kind}): ${applied} migrations applied` +
      (seeded ? `, ${seeded.inserted} seed venues inserted` : ""),
  );
} catch (err) {
  console.error(
    err instanceof ConfigError ? err.message : `Migration failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
}
