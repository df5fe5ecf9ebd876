import { buildApp } from "../src/server/app";
import { type Config, loadConfig } from "../src/server/config";
import type { Db } from "../src/server/db/client";
import { BENCH_APP_ENV, BENCH_SECRET } from "./smoke";

/**
 * The app in this process as a bench runs it (BENCH_APP_ENV, no client files), listening on a free
 * loopback port: the app, and the base URL to load. `clock`: the instant opening hours are read at
 * (BuildOptions.clock), for runs at the same hour of the night whenever they are made.
 */
export async function startBenchApp(db: Db, overrides: Partial<Config> = {}, opts: { clock?: () => Date } = {}) {
  const config = loadConfig(BENCH_APP_ENV, { sessionSecret: BENCH_SECRET, clientDir: null, ...overrides });
  const { app } = await buildApp(config, db, opts.clock ? { clock: opts.clock } : {});
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
