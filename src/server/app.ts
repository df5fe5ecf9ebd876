import cookie from "@fastify/cookie";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { LIMITS } from "@shared/constants";
import { authRoutes } from "./auth/routes";
import { createSessionStore } from "./auth/sessions";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Db } from "./db/client";
import { errorHandler } from "./http/errors";
import { registerSecurity } from "./http/security";
import { registerClient } from "./http/static";
import { createMatchCounter } from "./live/match-counter";
import { businessRoutes } from "./business/routes";
import { createMemoryBus, createRedisBus, type EventBus } from "./realtime/bus";
import { realtimeRoutes } from "./realtime/ws";
import { googlePhotoHeaders, imageProxyRoutes } from "./venues/image-proxy";
import { venueRoutes } from "./venues/routes";
import { friendRoutes } from "./social/friends";
import { groupRoutes } from "./social/groups";
import { postRoutes } from "./social/posts";
import { profileRoutes } from "./social/profile";
import { adminRoutes } from "./admin/routes";
import { syncRoutes } from "./admin/sync-routes";
import { discoverRoutes } from "./discover/routes";
import { createVibeAnalyzer, type VibeAnalyzer } from "./vibes/analyzer";

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/**
 * Builds the whole server from a config and an open, migrated database (main.ts and the tests
 * both use this). Closing the app closes the event bus; the database belongs to the caller.
 */
export async function buildApp(config: Config, db: Db, opts: { bus?: EventBus; vibes?: VibeAnalyzer } = {}): Promise<BuiltApp> {
  const options: FastifyServerOptions = {
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    bodyLimit: LIMITS.bodyLimitBytes,
    // long path parameters get the route's own 404, not a bare 414
    routerOptions: { maxParamLength: 1000 },
    // A number of hops trusts that many proxies in front of the app (X-Forwarded-Proto/For).
    trustProxy: typeof config.trustProxy === "number" ? (_addr: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
  };
  const app = Fastify(options) as unknown as FastifyInstance;
  const bus = opts.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, app.log, config.redisPrefix) : createMemoryBus());
  const ctx: AppContext = {
    config,
    db,
    bus,
    sessions: createSessionStore(db, { secret: config.sessionSecret, ttlDays: config.sessionTtlDays }),
    matchCounter: createMatchCounter(db),
    vibes: opts.vibes ?? createVibeAnalyzer({ llm: config.llm, onError: (err) => app.log.warn({ err }, "model back end failed; built-in analysis used") }),
  };
  app.setErrorHandler(errorHandler);
  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get("/api/health", async () => ({ status: "ok", db: db.kind, realtime: bus.kind }));
  authRoutes(app, ctx);
  venueRoutes(app, ctx);
  postRoutes(app, ctx);
  friendRoutes(app, ctx);
  groupRoutes(app, ctx);
  profileRoutes(app, ctx);
  businessRoutes(app, ctx);
  syncRoutes(app, ctx);
  adminRoutes(app, ctx);
  discoverRoutes(app, ctx);
  imageProxyRoutes(app, ctx, {
    ...(config.imageProxyHosts ? { allowHosts: config.imageProxyHosts } : {}),
    headersFor: googlePhotoHeaders(config.googlePlacesApiKey),
  });
  realtimeRoutes(app, ctx);

  await registerClient(app, config.clientDir);
  app.addHook("onClose", async () => {
    await ctx.matchCounter.close();
    if (!opts.bus) await bus.close();
  });
  return { app, ctx };
}
