import cookie from "@fastify/cookie";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { LIMITS } from "@shared/vocabulary";
import { authRoutes } from "./auth/routes";
import { localOrigin, type Config } from "./config";
import type { AppContext } from "./context";
import type { Db } from "./db/client";
import { registerContractCheck } from "./http/contract-check";
import { errorHandler } from "./http/errors";
import { serializeRequest } from "./http/log-redact";
import { registerSecurity } from "./http/security";
import { registerClient } from "./http/static";
import { connectionLimits, drainUnreadBodies, limitedServerFactory } from "./http/connections";
import { createMatchCounter } from "./business/match-counter";
import { businessRoutes } from "./business/routes";
import { createMemoryBus, createRedisBus, type EventBus } from "./realtime/bus";
import { realtimeRoutes } from "./realtime/ws";
import { googlePhotoHeaders, imageProxyRoutes } from "./venues/image-proxy";
import { venueRoutes } from "./venues/routes";
import { venuePageRoutes } from "./venues/venue-page";
import { reviewRoutes } from "./venues/reviews";
import { startQueuedReblends, vibeVoteRoutes } from "./venues/vibe-votes";
import type { AreaFetchTuning } from "./venues/area-fetch";
import { createReadModel, settleEveryWrite } from "./readmodel";
import { blockRoutes } from "./social/blocks";
import { friendRoutes } from "./social/friends";
import { groupRoutes } from "./social/groups";
import { postRoutes } from "./social/posts";
import { profileRoutes } from "./social/profile";
import { adminRoutes } from "./admin/routes";
import { syncRoutes } from "./admin/sync-routes";
import { discoverRoutes } from "./discover/routes";
import { registerRateLimits } from "./http/rate-limits";
import { registerIdempotency } from "./http/idempotency";
import { createVibeAnalyzer, type VibeAnalyzer } from "./vibes/analyzer";
import type { SafeFetchOptions } from "./net/safe-fetch";
import { DEFAULT_IMAGE_HOSTS } from "./net/image-hosts";
import { createMailer, type Mailer } from "./mail/mailer";
import { accountRoutes } from "./auth/account-routes";

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /**
   * Graceful shutdown: readiness turns 503, every websocket is closed with 1001 (going away) so
   * its client reconnects to another instance, then the server stops accepting, lets in-flight
   * requests finish and closes the event bus. The database belongs to the caller.
   */
  drain(): Promise<void>;
  /** Every route the app registered, as "METHOD /url" (the authorization matrix checks it is complete). */
  routes: string[];
}

const READY_DB_TIMEOUT_MS = 2000;

export interface BuildOptions {
  bus?: EventBus;
  vibes?: VibeAnalyzer;
  rateLimitWindowMs?: number;
  /** Overrides of the SSRF guard for the image proxy and image analysis (tests: lookup, allowAddress, allowPorts). */
  imageFetch?: Pick<SafeFetchOptions, "lookup" | "allowAddress" | "allowPorts">;
  /** Replaces the mailer made from SMTP_URL (tests). */
  mailer?: Mailer;
  /** Timing of the background area fetches (tests: short retry delays and memory). */
  areaFetch?: AreaFetchTuning;
  /**
   * The clock opening hours are read by (ctx.clock): tests fix it at an instant whose answers they
   * wrote by hand from the venues' hours. Absent: the real clock. Only tests build the app with it.
   */
  clock?: () => Date;
  /** Where the log goes instead of standard output (tests read what is written). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole server from a config and an open, migrated database (main.ts and the tests
 * both use this). Closing the app closes the event bus; the database belongs to the caller.
 */
export async function buildApp(config: Config, db: Db, opts: BuildOptions = {}): Promise<BuiltApp> {
  const options: FastifyServerOptions = {
    // the query of a social sign-in's callback (its code and state) is never written (http/log-redact.ts)
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    bodyLimit: LIMITS.bodyLimitBytes,
    // long path parameters get the route's own 404, not a bare 414
    routerOptions: { maxParamLength: 1000 },
    // A number of hops trusts that many proxies in front of the app (X-Forwarded-Proto/For); a list
    // trusts the proxies at those addresses (proxy-addr). Never every hop: TRUST_PROXY=true is refused.
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_addr: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // request and keep-alive timeouts, connection caps (http/connections.ts)
    serverFactory: limitedServerFactory(connectionLimits(config)),
    // A plugin's start is timed on the wall clock: on a busy machine (a start beside a catalog load of a
    // million venues, or a loaded CI) Fastify's 10 s failed a start of @fastify/cookie that was only queued.
    pluginTimeout: 60_000,
  };
  const app = Fastify(options) as unknown as FastifyInstance;
  // an answer sent before the body was read (413) waits for the rest of it, bounded (http/connections.ts)
  drainUnreadBodies(app);
  const lifecycle = { draining: false };
  const routes: string[] = [];
  app.addHook("onRoute", (r) => {
    for (const m of [r.method].flat()) if (m !== "HEAD") routes.push(`${m} ${r.url}`);
  });
  const bus =
    opts.bus ??
    (config.redisUrl ? await createRedisBus(config.redisUrl, app.log, config.redisPrefix) : createMemoryBus());
  // Everything the instance keeps in memory of the database, kept exact by one change feed (readmodel/).
  const readingSince = performance.now();
  const readModel = await createReadModel(db, {
    sessions: {
      secret: config.sessionSecret,
      ttlDays: config.sessionTtlDays,
      idleDays: config.sessionIdleDays,
      adminEmails: config.adminEmails,
    },
    onError: (what, err) => app.log.warn({ err }, `${what}; retrying`),
  });
  // how long the start spent reading the database into memory (bench/ready.ts reads this line)
  app.log.info(
    `read model: venue catalog of ${readModel.catalog.size} venues and the rest read in ` +
      `${Math.round(performance.now() - readingSince)} ms`,
  );
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      // Without SMTP in development, each message is printed whole so its link can be followed;
      // in production the links are never written anywhere (only a warning that mail is off).
      print: config.production || config.logLevel === "silent" ? null : (text) => void process.stdout.write(text),
    });
  const afterwards = new Set<Promise<void>>();
  const ctx: AppContext = {
    config,
    db,
    bus,
    readModel,
    changes: readModel.changes,
    sessions: readModel.sessions,
    favorites: readModel.favorites,
    live: readModel.live,
    catalog: readModel.catalog,
    matchCounter: createMatchCounter(db, config.sessionSecret),
    vibes:
      opts.vibes ??
      createVibeAnalyzer({
        llm: config.llm,
        imageFetch: opts.imageFetch,
        photoFetch: {
          allowHosts: config.imageProxyHosts ?? DEFAULT_IMAGE_HOSTS,
          headersFor: googlePhotoHeaders(config.googlePlacesApiKey),
        },
        onError: (err) => app.log.warn({ err }, "model back end failed; built-in analysis used"),
      }),
    mailer,
    siteUrl() {
      if (config.publicUrl) return config.publicUrl;
      const address = app.server.address();
      return localOrigin(config.host, typeof address === "object" && address ? address.port : config.port);
    },
    clock: opts.clock ?? (() => new Date()),
    afterReply(req, task) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err) => req.log.error({ err }, "work after the answer failed"))
        .finally(() => afterwards.delete(run));
      afterwards.add(run);
    },
    async quiet() {
      while (afterwards.size) await Promise.all([...afterwards]);
      await mailer.flush();
      // the matches counted so far are written now rather than at the counter's next 10 s tick
      await ctx.matchCounter.flush();
    },
  };
  app.setErrorHandler(errorHandler);
  // While draining, every answer closes its connection: a kept-alive connection (a load balancer's
  // pool) that turns idle after close() began would otherwise hold the shutdown open.
  app.addHook("onSend", async (_req, reply) => {
    if (lifecycle.draining) reply.header("connection", "close");
    // JSON answers are for their caller alone (a person's account, friends, feed...): no cache,
    // shared or the browser's, keeps one (issue 27). A route that says otherwise keeps its own.
    if (
      String(reply.getHeader("content-type") ?? "").startsWith("application/json") &&
      !reply.hasHeader("cache-control")
    )
      reply.header("cache-control", "no-store");
  });
  // A request that may have changed something (its caller's profile, favourites, a check-in, a
  // sync) is answered once this instance's read model reflects it: the caller's next request here
  // reads their own change; other instances hear of it from the database within milliseconds.
  settleEveryWrite(app, readModel);
  // Outside production (CHECK_CONTRACTS), every JSON answer is checked against its route's contract
  // (http/contract-check.ts).
  if (config.checkContracts) registerContractCheck(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await registerRateLimits(app, ctx, { windowMs: opts.rateLimitWindowMs });
  // A write sent twice with one Idempotency-Key is done once; the second gets the first's answer.
  registerIdempotency(app, ctx);

  // Liveness: the process answers. Readiness: it can reach its database and is not draining,
  // so a load balancer sends it traffic (docs/deploy.md).
  app.get("/api/health", async () => ({ status: "ok", db: db.kind, realtime: bus.kind }));
  app.get("/api/health/ready", async (_req, reply) => {
    if (lifecycle.draining)
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ status: "draining", message: "This instance is shutting down" });
    const ok = await Promise.race([
      db.query("SELECT 1").then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(resolve, READY_DB_TIMEOUT_MS, false).unref()),
    ]);
    if (!ok)
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ status: "unavailable", message: "The database is not reachable" });
    return { status: "ready", db: db.kind, realtime: bus.kind };
  });
  authRoutes(app, ctx);
  accountRoutes(app, ctx);
  venueRoutes(app, ctx, opts.areaFetch);
  // a venue's page: the client with the venue's link-preview tags (issue 26)
  venuePageRoutes(app, ctx);
  reviewRoutes(app, ctx);
  vibeVoteRoutes(app, ctx);
  postRoutes(app, ctx);
  friendRoutes(app, ctx);
  groupRoutes(app, ctx);
  blockRoutes(app, ctx);
  profileRoutes(app, ctx);
  businessRoutes(app, ctx);
  syncRoutes(app, ctx);
  adminRoutes(app, ctx);
  discoverRoutes(app, ctx);
  imageProxyRoutes(app, ctx, {
    ...opts.imageFetch,
    ...(config.imageProxyHosts ? { allowHosts: config.imageProxyHosts } : {}),
    headersFor: googlePhotoHeaders(config.googlePlacesApiKey),
  });
  realtimeRoutes(app, ctx);

  await registerClient(app, config.clientDir);
  // venues whose blend is due without a request to do it (an account deleted): venues/vibe-votes.ts
  const stopReblends = startQueuedReblends(ctx, (err) => app.log.warn({ err }, "a queued venue blend failed"));
  app.addHook("onClose", async () => {
    await stopReblends();
    await Promise.all([...afterwards]);
    await mailer.close();
    await ctx.matchCounter.close();
    await readModel.close();
    if (!opts.bus) await bus.close();
  });
  const drain = async () => {
    lifecycle.draining = true;
    for (const client of app.websocketServer?.clients ?? []) client.close(1001, "Server shutting down");
    await app.close();
  };
  return { app, ctx, drain, routes };
}
