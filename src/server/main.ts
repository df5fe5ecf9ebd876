import { buildApp } from "./app";
import { ConfigError, loadConfig, localOrigin } from "./config";
import { openDatabase } from "./db";
import { seedVenues } from "./venues/seed";

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const db = await openDatabase(config, { log: (message) => console.log(message) });
  if (config.seed) {
    const seeded = await seedVenues(db);
    if (!seeded.skipped)
      console.log(
        `Seeded San Francisco venues in ${seeded.ms} ms: ${seeded.inserted} added, ` +
          `${seeded.updated} updated, ${seeded.removed} removed`,
      );
  }
  const { app, drain } = await buildApp(config, db);
  let closing = false;
  // SIGTERM (an orchestrator replacing this instance) or SIGINT (Ctrl-C): drain, then exit 0;
  // if draining hangs, exit 1 after SHUTDOWN_TIMEOUT_MS rather than linger (docs/deploy.md).
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining`);
    setTimeout(() => {
      console.error(`VIBE did not drain within ${SHUTDOWN_TIMEOUT_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await drain().catch((err) => app.log.error({ err }, "draining failed"));
    await db.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `VIBE is running at ${localOrigin(config.host, config.port)} (database: ${db.kind}, realtime: ` +
      `${config.redisUrl ? "redis" : "memory"})`,
  );
  // Links in mail never come from a request's Host header (docs/sign-in.md, "Email links").
  if (config.smtpUrl && !config.publicUrl)
    console.log(
      `Links in account mail point at ${localOrigin(config.host, config.port)} (HOST and PORT); set PUBLIC_URL ` +
        "to the address people open the site at",
    );
}

main().catch((err) => {
  console.error(`VIBE failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
