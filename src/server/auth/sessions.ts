import { createHmac, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../db/client";
import type { UserRow } from "./users";

export const SESSION_COOKIE = "vibe_session";

export interface SessionStore {
  /** Starts a session for `userId` and sets its cookie; the previous session of this request ends. */
  start(req: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** The signed-in user of this request, or null. */
  user(req: FastifyRequest): Promise<UserRow | null>;
  /** Ends this request's session and clears its cookie. */
  end(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Sessions are opaque 256-bit random tokens. The cookie carries the token; the database keeps only
 * an HMAC of it (keyed by SESSION_SECRET), so a copy of the sessions table signs nobody in.
 */
export function createSessionStore(db: Queryable, opts: { secret: string; ttlDays: number }): SessionStore {
  const hashToken = (token: string) => createHmac("sha256", opts.secret).update(token).digest("base64url");
  const ttlMs = opts.ttlDays * 24 * 60 * 60 * 1000;
  const tokenOf = (req: FastifyRequest) => {
    const t = req.cookies[SESSION_COOKIE];
    return t && /^[A-Za-z0-9_-]{43}$/.test(t) ? t : null;
  };
  const cookieOptions = (req: FastifyRequest) => ({
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: req.protocol === "https",
  });

  return {
    async start(req, reply, userId) {
      const old = tokenOf(req);
      if (old) await db.query("DELETE FROM sessions WHERE token_hash = $1", [hashToken(old)]);
      const token = randomBytes(32).toString("base64url");
      const expires = new Date(Date.now() + ttlMs);
      await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [hashToken(token), userId, expires]);
      // Expired sessions of anyone are swept now and then, on the way in.
      if (Math.random() < 0.05) await db.query("DELETE FROM sessions WHERE expires_at < now()");
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), expires });
    },
    async user(req) {
      const token = tokenOf(req);
      if (!token) return null;
      const rows = await db.query<UserRow>(
        "SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()",
        [hashToken(token)],
      );
      return rows[0] ?? null;
    },
    async end(req, reply) {
      const token = tokenOf(req);
      if (token) await db.query("DELETE FROM sessions WHERE token_hash = $1", [hashToken(token)]);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
    },
  };
}
