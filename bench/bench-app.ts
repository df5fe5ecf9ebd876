import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app";
import { type Config, loadConfig } from "../src/server/config";
import type { Db } from "../src/server/db/client";
import { BENCH_APP_ENV, BENCH_SECRET } from "./smoke";

/**
 * The app in this process as a bench runs it (BENCH_APP_ENV, no client files), listening on a free
 * loopback port: the app, and the base URL to load. `clock`: the instant opening hours are read at
 * (BuildOptions.clock), for runs at the same hour of the night whenever they are made. `routes`: adds
 * a bench's own routes before the app listens (bench/http-floor.ts), behind every hook of the app.
 */
export async function startBenchApp(
  db: Db,
  overrides: Partial<Config> = {},
  opts: { clock?: () => Date } = {},
  routes?: (app: FastifyInstance) => void,
) {
  const config = loadConfig(BENCH_APP_ENV, { sessionSecret: BENCH_SECRET, clientDir: null, ...overrides });
  const { app } = await buildApp(config, db, opts.clock ? { clock: opts.clock } : {});
  routes?.(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
