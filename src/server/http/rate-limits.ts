import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { TEXT } from "@shared/vocabulary";
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
  /**
   * Beside the count per person, at most this many requests from one client address in the same
   * window, whoever makes them: for what many accounts from one place could abuse together
   * (looking people up).
   */
  perAddress?: number;
}

/**
 * Every request limit, in one place: route → requests allowed per window, per signed-in person
 * (guests included) or, without a session, per client address (req.ip, which follows
 * X-Forwarded-For only with TRUST_PROXY; IPv6 addresses count per /64, what one home or phone
 * is given). Set for a person using the app by hand, with room: a Home visit makes one match and
 * a page of image requests. Every route that writes has one (tests/api/rate-limits.test.ts
 * checks), but one: signing in with a password counts only its failures, in the database
 * (auth/login-limit.ts), so people signing in correctly from one address (a proxy, an office) are
 * never refused because of how many they are.
 */
export const RATE_LIMITS: Record<string, RateLimit> = {
  "POST /auth/email/signup": { max: 10, windowMs: 10 * MINUTE, per: "ip" },
  "POST /api/auth/dev-login": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  // links by mail: each address may ask for a few (each account also gets at most 3 links an hour)
  "POST /auth/email/forgot-password": { max: 5, windowMs: 15 * MINUTE, per: "ip" },
  "POST /auth/email/reset-password": { max: 10, windowMs: 15 * MINUTE, per: "ip" },
  // "Email me a sign-in link", and its page signing in with it
  "POST /auth/email/sign-in-link": { max: 5, windowMs: 15 * MINUTE, per: "ip" },
  "POST /auth/email/sign-in-link/use": { max: 20, windowMs: 15 * MINUTE, per: "ip" },
  "POST /auth/email/verify": { max: 20, windowMs: 15 * MINUTE, per: "ip" },
  // the verification page asks what its link will do before anyone clicks (nothing is spent)
  "POST /auth/email/verify/preview": { max: 40, windowMs: 15 * MINUTE, per: "ip" },
  "POST /api/auth/verification-email": { max: 5, windowMs: 60 * MINUTE },
  // starting a social sign-in stores its flow (oauth_flows, 10 minutes): a few clicks, not thousands of rows
  "GET /auth/google": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  "GET /auth/apple": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  "GET /auth/x": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  // provider answers posted back (Apple's form_post): a way in, counted per address like the others
  "POST /auth/google/callback": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  "POST /auth/apple/callback": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  "POST /auth/x/callback": { max: 20, windowMs: 10 * MINUTE, per: "ip" },
  "POST /api/auth/logout-everywhere": { max: 10, windowMs: MINUTE, per: "ip" },
  "GET /api/venues/match-public": { max: 120, windowMs: MINUTE },
  "GET /api/venues/nearby": { max: 120, windowMs: MINUTE },
  "GET /api/groups/:id/venues": { max: 120, windowMs: MINUTE },
  "POST /api/discover/natural-language": { max: 30, windowMs: MINUTE },
  // finding people: typing a name runs a few searches; paging through everyone is what this stops
  "GET /api/users/search": { max: 30, windowMs: MINUTE, perAddress: 60 },
  "POST /api/posts": { max: 20, windowMs: MINUTE },
  "POST /api/posts/:id/comments": { max: 30, windowMs: MINUTE },
  "POST /api/posts/:id/like": { max: 120, windowMs: MINUTE },
  "POST /api/favorites/:id": { max: 60, windowMs: MINUTE },
  // a person rates a place now and then; editing a few times in a row stays far below
  "PUT /api/venues/:externalId/reviews/mine": { max: 30, windowMs: MINUTE },
  "DELETE /api/venues/:externalId/reviews/mine": { max: 30, windowMs: MINUTE },
  "POST /api/admin/reviews/:id/remove": { max: 60, windowMs: MINUTE },
  // "What's the vibe here?" is a tap per vibe (15 of them), and a person may change their mind
  "PUT /api/venues/:externalId/vibe-votes/:vibe": { max: 60, windowMs: MINUTE },
  "DELETE /api/venues/:externalId/vibe-votes/:vibe": { max: 60, windowMs: MINUTE },
  "POST /api/vibes": { max: 30, windowMs: MINUTE },
  "POST /api/friends/request": { max: 20, windowMs: MINUTE },
  "POST /api/friends/accept/:userId": { max: 60, windowMs: MINUTE },
  "POST /api/friends/reject/:userId": { max: 60, windowMs: MINUTE },
  "POST /api/groups": { max: 10, windowMs: MINUTE },
  "DELETE /api/groups/:id": { max: 30, windowMs: MINUTE },
  "POST /api/groups/:id/leave": { max: 30, windowMs: MINUTE },
  "POST /api/blocks": { max: 30, windowMs: MINUTE },
  "DELETE /api/blocks/:userId": { max: 30, windowMs: MINUTE },
  "PATCH /api/users/preferences": { max: 30, windowMs: MINUTE },
  "PATCH /api/users/privacy": { max: 30, windowMs: MINUTE },
  // an owner's broadcast goes to every open socket
  "POST /api/venues/:id/updates": { max: 10, windowMs: MINUTE },
  "POST /api/admin/venues/:id/owner": { max: 60, windowMs: MINUTE },
  "POST /api/admin/sync-venues": { max: 10, windowMs: MINUTE },
  "POST /api/admin/analyze-sentiment": { max: 30, windowMs: MINUTE },
  // Home saves a selection half a second after the last toggle: a person toggling by hand stays far below
  "DELETE /api/vibes/current": { max: 60, windowMs: MINUTE },
  "GET /api/proxy-image": { max: 600, windowMs: MINUTE },
};

const addressKey = (req: FastifyRequest) => `ip:${normalizeIP(req.ip)}`;

/**
 * Who a request counts as where counting once per viewer matters (business/match-counter.ts):
 * a registered person by their id; a guest or a caller without a session by their address, the
 * way limits count them (a guest session costs nothing to make).
 */
export const viewerKey = (user: { id: string; is_guest: boolean } | null, req: FastifyRequest): string =>
  user && !user.is_guest ? `u:${user.id}` : addressKey(req);

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
      const key = `${method} ${route.url}`;
      const limit = RATE_LIMITS[key];
      if (!limit) continue;
      if (limit.perAddress) {
        const window = opts.windowMs ?? limit.windowMs;
        const max = Math.max(1, Math.round(limit.perAddress * scale));
        let check: ReturnType<FastifyInstance["createRateLimit"]> | undefined;
        const perAddress = async (req: FastifyRequest, reply: FastifyReply) => {
          check ??= app.createRateLimit({
            max,
            timeWindow: window,
            keyGenerator: (r) => `${key} per address ${addressKey(r)}`,
          });
          const res = await check(req);
          if (!res.isAllowed && res.isExceeded) {
            reply.header("retry-after", String(res.ttlInSeconds));
            throw tooMany(TEXT.tooManyRequests);
          }
        };
        route.preHandler = [perAddress, ...[route.preHandler ?? []].flat()];
      }
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
