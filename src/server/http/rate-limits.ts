import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { TEXT } from "@shared/constants";
import { currentUser, type AppContext } from "../context";
import { tooMany } from "./errors";

const MINUTE = 60_000;

export interface RateLimit {
  max: number;
  windowMs: number;
  /**
   * "ip": always counted per client address, session or not. For the ways into an account:
   * every one of them replaces the session, so a count per person would start afresh each time
   * (a new guest, then a sign-up as that guest, then another new guest...).
   */
  per?: "ip";
}

/**
 * Every request limit, in one place: route → requests allowed per window, per signed-in person
 * (guests included) or, without a session, per client address (req.ip, which follows
 * X-Forwarded-For only with TRUST_PROXY; IPv6 addresses count per /64, what one home or phone
 * is given). Set for a person using the app by hand, with room: a Home visit makes one match and
 * a page of image requests. Failed sign-ins have their own, stricter, database-backed limit
 * (auth/login-limit.ts).
 */
export const RATE_LIMITS: Record<string, RateLimit> = {
  "POST /auth/email/login": { max: 20, windowMs: 5 * MINUTE, per: "ip" },
  "POST /auth/email/signup": { max: 10, windowMs: 10 * MINUTE, per: "ip" },
  "POST /api/auth/dev-login": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  // links by mail: each address may ask for a few (each account also gets at most 3 links an hour)
  "POST /auth/email/forgot-password": { max: 5, windowMs: 15 * MINUTE, per: "ip" },
  "POST /auth/email/reset-password": { max: 10, windowMs: 15 * MINUTE, per: "ip" },
  "POST /auth/email/verify": { max: 20, windowMs: 15 * MINUTE, per: "ip" },
  "POST /api/auth/verification-email": { max: 5, windowMs: 60 * MINUTE },
  "GET /api/venues/match-public": { max: 120, windowMs: MINUTE },
  "GET /api/venues/nearby": { max: 120, windowMs: MINUTE },
  "GET /api/groups/:id/venues": { max: 120, windowMs: MINUTE },
  "POST /api/discover/natural-language": { max: 30, windowMs: MINUTE },
  "GET /api/users/search": { max: 60, windowMs: MINUTE },
  "POST /api/posts": { max: 20, windowMs: MINUTE },
  "POST /api/posts/:id/comments": { max: 30, windowMs: MINUTE },
  "POST /api/posts/:id/like": { max: 120, windowMs: MINUTE },
  "GET /api/proxy-image": { max: 600, windowMs: MINUTE },
  // Home saves a selection half a second after the last toggle: a person toggling by hand stays far below
  "DELETE /api/vibes/current": { max: 60, windowMs: MINUTE },
};

const addressKey = (req: FastifyRequest) => `ip:${normalizeIP(req.ip)}`;

async function keyOf(ctx: AppContext, req: FastifyRequest): Promise<string> {
  const user = await currentUser(ctx, req).catch(() => null);
  return user ? `u:${user.id}` : addressKey(req);
}

/**
 * Registers the limits (before the routes: an onRoute hook gives each listed route its limit).
 * `windowMs` replaces every window (tests use a short one to see a limit reset).
 * With REDIS_URL the counts live in Redis, so a limit holds across instances; if Redis is
 * unreachable, requests are let through rather than refused (skipOnError).
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext, opts: { windowMs?: number } = {}) {
  const scale = ctx.config.rateLimitScale;
  if (scale === 0) return;
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      const limit = RATE_LIMITS[`${method} ${route.url}`];
      if (!limit) continue;
      route.config = {
        ...(route.config as object),
        rateLimit: {
          max: Math.max(1, Math.round(limit.max * scale)),
          timeWindow: opts.windowMs ?? limit.windowMs,
          ...(limit.per === "ip" ? { keyGenerator: addressKey } : {}),
        },
      };
    }
  });
  const redis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, {
        lazyConnect: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      })
    : null;
  redis?.on("error", () => {}); // reported by the bus; the limiter skips while Redis is away
  if (redis) app.addHook("onClose", async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    hook: "preHandler",
    // The standard names (RateLimit-Limit, -Remaining, -Reset in seconds) and Retry-After on a 429.
    enableDraftSpec: true,
    keyGenerator: (req) => keyOf(ctx, req),
    ...(redis ? { redis, nameSpace: `${ctx.config.redisPrefix}:rate:`, skipOnError: true } : {}),
    errorResponseBuilder: () => tooMany(TEXT.tooManyRequests),
  });
}
