import { createHmac, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChangeFeed } from "../db/changes";
import type { Queryable } from "../db/client";
import { PerUserTtlCache } from "../db/per-user-cache";
import { withEffectiveRole, type UserRow } from "./users";

/** The session cookie over plain http (localhost in development). */
export const SESSION_COOKIE = "vibe_session";
/**
 * The session cookie over https. Browsers accept a `__Host-` cookie only when it is Secure, has
 * Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can set or overwrite
 * it. Over https only this name is read.
 */
export const SECURE_SESSION_COOKIE = "__Host-vibe_session";

export const sessionCookieName = (req: FastifyRequest) =>
  req.protocol === "https" ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

export interface SessionStore {
  /** Starts a session for `userId` and sets its cookie; the previous session of this request ends. */
  start(req: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** The signed-in user of this request, or null. */
  user(req: FastifyRequest): Promise<UserRow | null>;
  /** Ends this request's session and clears its cookie. */
  end(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of the user, on every device (sign out everywhere, a new password). */
  endAll(userId: string): Promise<void>;
  /** The stored hash of this request's session token (which session a websocket belongs to), or null. */
  hashOf(req: FastifyRequest): string | null;
  /**
   * Which of these sessions (by hash) are still live, each with the milliseconds it has left at
   * most (its absolute or idle end, whichever comes first), read from the database.
   */
  live(hashes: readonly string[]): Promise<Map<string, number>>;
  /** Forgets what this instance holds of a user's sessions (their row or sessions just changed). */
  forget(userId: string): void;
  close(): void;
}

/** How long a signed-in user read from the database may be answered from memory at most. */
export const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 100_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often (each write tells every instance). */
const TOUCH_MAX_MS = 60 * 60 * 1000;

/**
 * Sessions are opaque 256-bit random tokens. The cookie carries the token; the database keeps only
 * an HMAC of it (keyed by SESSION_SECRET), so a copy of the sessions table signs nobody in.
 *
 * A session ends at its absolute expiry (SESSION_TTL_DAYS after sign-in) or after SESSION_IDLE_DAYS
 * without use, whichever comes first. Its last use (`last_seen_at`) is written at most once an
 * hour (or a 24th of the idle time, if that is shorter).
 *
 * Nearly every request asks who is signed in, so each instance keeps the sessions it has read
 * (with their user) for up to SESSION_CACHE_MS. What would make one stale is announced by the
 * database on commit (migration 008: a user's row updated or deleted, a session updated or
 * deleted, as at logout or sign-in rotation) and drops that user's sessions here on every
 * instance (`changes`); this instance also drops them itself when it ends or starts a session, and
 * answers a state-changing request only once it has heard of the request's changes (readmodel/). A
 * read that was under way while such a change came in is not kept. Only GET and HEAD are answered
 * from memory; every state change reads the session from the database. Without a change feed
 * nothing is kept.
 */
export function createSessionStore(
  db: Queryable,
  opts: {
    secret: string;
    ttlDays: number;
    /** Days without use after which a session ends (default: never before its absolute expiry). */
    idleDays?: number;
    changes?: ChangeFeed;
    cacheMs?: number;
    adminEmails?: readonly string[];
  },
): SessionStore {
  const adminEmails = opts.adminEmails ?? [];
  const hashToken = (token: string) => createHmac("sha256", opts.secret).update(token).digest("base64url");
  const ttlMs = opts.ttlDays * DAY_MS;
  const idleMs = (opts.idleDays ?? opts.ttlDays) * DAY_MS;
  const idleSeconds = idleMs / 1000;
  const touchMs = Math.min(TOUCH_MAX_MS, idleMs / 24);
  const tokenOf = (req: FastifyRequest) => {
    const t = req.cookies[sessionCookieName(req)];
    return t && /^[A-Za-z0-9_-]{43}$/.test(t) ? t : null;
  };
  const cookieOptions = (req: FastifyRequest) => ({
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: req.protocol === "https",
  });

  const kept = new PerUserTtlCache<{ user: UserRow; expiresAt: number; lastSeenAt: number }>(
    opts.changes ? (opts.cacheMs ?? SESSION_CACHE_MS) : 0,
    SESSION_CACHE_MAX,
  );
  const forget = (userId: string) => kept.forget(userId);
  const stopListening = opts.changes?.on("users", (changed) => {
    if (changed === "*") kept.forgetAll();
    else for (const id of changed) kept.forget(id);
  });
  /** After a session's row is deleted: whatever is kept of it, or a read of it under way, goes. */
  const ended = (hash: string) => {
    const userId = kept.userOf(hash);
    if (userId) kept.forget(userId);
    else kept.forgetAll(); // a read of it may be under way, for a user not known here
  };
  /** Moves the session's last use to now, when it was written longer than `touchMs` ago. */
  const touch = (hash: string) =>
    db.query(
      "UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1 " +
        "AND last_seen_at < now() - make_interval(secs => $2)",
      [hash, touchMs / 1000],
    );

  return {
    forget,
    close: () => stopListening?.(),
    hashOf(req) {
      const token = tokenOf(req);
      return token ? hashToken(token) : null;
    },
    async start(req, reply, userId) {
      const old = tokenOf(req);
      if (old) {
        await db.query("DELETE FROM sessions WHERE token_hash = $1", [hashToken(old)]);
        ended(hashToken(old));
      }
      forget(userId);
      const token = randomBytes(32).toString("base64url");
      const expires = new Date(Date.now() + ttlMs);
      await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
        hashToken(token),
        userId,
        expires,
      ]);
      // Expired and idle sessions of anyone are swept now and then, on the way in.
      if (Math.random() < 0.05)
        await db.query(
          "DELETE FROM sessions WHERE expires_at < now() OR last_seen_at < now() - make_interval(secs => $1)",
          [idleSeconds],
        );
      reply.setCookie(sessionCookieName(req), token, { ...cookieOptions(req), expires });
    },
    async user(req) {
      const token = tokenOf(req);
      if (!token) return null;
      const hash = hashToken(token);
      // Only reads are answered from memory: a state change always checks the database, so a
      // session ended anywhere can never change anything again, whatever an instance has kept.
      const reading = req.method === "GET" || req.method === "HEAD";
      const hit = reading ? kept.get(hash) : undefined;
      const now = Date.now();
      if (hit && hit.expiresAt > now && hit.lastSeenAt + idleMs > now) {
        if (now - hit.lastSeenAt > touchMs) {
          await touch(hash);
          hit.lastSeenAt = now;
        }
        return withEffectiveRole(hit.user, adminEmails);
      }
      if (hit) kept.drop(hash);
      const readAt = kept.epoch;
      const rows = await db.query<UserRow & { session_expires_at: Date; session_idle_ms: number }>(
        `SELECT u.*, s.expires_at AS session_expires_at,
                (extract(epoch FROM now() - s.last_seen_at) * 1000)::float8 AS session_idle_ms
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)`,
        [hash, idleSeconds],
      );
      if (!rows[0]) return null;
      const { session_expires_at: expires, session_idle_ms: idle, ...user } = rows[0];
      let lastSeenAt = Date.now() - idle;
      if (idle > touchMs) {
        await touch(hash);
        lastSeenAt = Date.now();
      }
      kept.keep(
        hash,
        user.id,
        { user: Object.freeze(user), expiresAt: new Date(expires).getTime(), lastSeenAt },
        readAt,
      );
      return withEffectiveRole(user, adminEmails);
    },
    async end(req, reply) {
      const token = tokenOf(req);
      if (token) {
        const hash = hashToken(token);
        await db.query("DELETE FROM sessions WHERE token_hash = $1", [hash]);
        ended(hash);
      }
      reply.clearCookie(sessionCookieName(req), cookieOptions(req));
    },
    async endAll(userId) {
      await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
      forget(userId);
    },
    async live(hashes) {
      if (!hashes.length) return new Map();
      const rows = await db.query<{ token_hash: string; ms_left: number }>(
        `SELECT token_hash,
                (extract(epoch FROM least(expires_at,
                  last_seen_at + make_interval(secs => $2)) - now()) * 1000)::float8 AS ms_left
           FROM sessions
          WHERE token_hash = ANY($1::text[]) AND expires_at > now()
            AND last_seen_at > now() - make_interval(secs => $2)`,
        [hashes, idleSeconds],
      );
      return new Map(rows.map((r) => [r.token_hash, r.ms_left]));
    },
  };
}
