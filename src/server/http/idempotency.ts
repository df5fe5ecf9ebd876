/**
 * Idempotency keys (issue 26, docs/api.md): a write sent with an `Idempotency-Key` header is done
 * once per key. The client's api-call helper sends a fresh key with every submission of a form that
 * writes, so a double click or a retry after a lost answer is the same submission:
 *
 * - the first request with a key claims it (a row in `idempotency_keys`, migration 027) and runs;
 *   its answer (status, content type, body; never a header such as Set-Cookie) is stored with it;
 * - a second request with the same key and the same request gets that stored answer, marked
 *   `Idempotent-Replayed: true`; if the first is still in flight it waits for it (up to WAIT_MS)
 *   and otherwise is refused with a 409 saying so;
 * - the same key with another method, path or body is refused (422): a key is one submission.
 *
 * The rows are in the database, so this holds across instances. A 5xx answer releases the key (the
 * request may be tried again); a claim whose request never answered (an instance that died) is
 * taken over after STALE_MS; rows older than KEEP_MS are deleted. A key is scoped to its caller: the
 * session's token hash, or the client address without a session.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { HttpError } from "./errors";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEY_FORMAT = /^[A-Za-z0-9_.:-]{1,100}$/u;
/** How long a duplicate waits for the first request's answer before it is told to try later. */
export const WAIT_MS = 5000;
const POLL_MS = 50;
/** A claim older than this with no answer is a request that will never answer. */
const STALE_MS = 60_000;
/** How long a key is remembered. */
const KEEP_MS = 24 * 3600_000;

export const IDEMPOTENCY_TEXT = {
  badKey: "Idempotency-Key must be 1 to 100 letters, digits or - _ . :",
  otherRequest: "This Idempotency-Key was already used for a different request",
  inFlight: "This was already sent and is still being processed. Wait a moment before sending it again.",
} as const;

interface Claim {
  scope: string;
  key: string;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

interface Row {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

function fingerprintOf(req: FastifyRequest): string {
  const body = req.body === undefined ? "" : typeof req.body === "string" ? req.body : JSON.stringify(req.body);
  return `${req.method} ${req.url} ${sha256(body)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  let claims = 0;

  app.addHook("preHandler", async (req, reply) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return;
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_FORMAT.test(key)) throw new HttpError(400, IDEMPOTENCY_TEXT.badKey);
    const session = ctx.sessions.hashOf(req);
    const scope = session ? `s:${session}` : `ip:${req.ip}`;
    const fingerprint = fingerprintOf(req);

    if (++claims % 100 === 0)
      await db.query("DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 millisecond'", [
        KEEP_MS,
      ]);

    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claimed = await db.query(
        `INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES ($1, $2, $3)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL,
           content_type = NULL, body = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - $4 * interval '1 millisecond'
            OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < now() - $5 * interval '1 millisecond')
         RETURNING key`,
        [scope, key, fingerprint, KEEP_MS, STALE_MS],
      );
      if (claimed.length > 0) {
        req.idempotencyClaim = { scope, key };
        return;
      }
      const [row] = await db.query<Row>(
        "SELECT fingerprint, status, content_type, body FROM idempotency_keys WHERE scope = $1 AND key = $2",
        [scope, key],
      );
      if (!row) continue; // released (the first answered 5xx): claim it now
      if (row.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_TEXT.otherRequest);
      if (row.status !== null) {
        reply.code(row.status).header("idempotent-replayed", "true");
        if (row.content_type) reply.header("content-type", row.content_type);
        return reply.send(row.body ?? "");
      }
      if (Date.now() >= deadline) throw new HttpError(409, IDEMPOTENCY_TEXT.inFlight);
      await sleep(POLL_MS);
    }
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = undefined;
    if (reply.statusCode >= 500) {
      await db.query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2", [claim.scope, claim.key]);
      return payload;
    }
    const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
    const type = reply.getHeader("content-type");
    await db.query(
      "UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE scope = $1 AND key = $2",
      [claim.scope, claim.key, reply.statusCode, typeof type === "string" ? type : null, body],
    );
    return payload;
  });
}
