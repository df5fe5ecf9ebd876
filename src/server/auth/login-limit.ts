import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import { TEXT } from "@shared/vocabulary";
import type { Queryable } from "../db/client";
import { tooMany } from "../http/errors";

/**
 * Failed sign-ins (docs/sign-in.md, "Failed sign-ins"). They are counted per (account, address):
 * an address may get a password wrong `freeFailures` times, then waits `firstDelaySeconds` before
 * its next try, twice as long after each further failure (up to `maxDelaySeconds`). The account
 * itself is never locked: its owner, from another address, signs in as usual, whatever someone
 * elsewhere is trying. Apart from that, one address may fail `perAddress` times in
 * `addressWindowMinutes` across all accounts (one address trying many accounts). When an account
 * sees `alertFailures` failures from anywhere within `alertWindowMinutes`, its owner is mailed,
 * once per window.
 */
export const LOGIN_LIMITS = {
  freeFailures: 5,
  firstDelaySeconds: 60,
  maxDelaySeconds: 60 * 60,
  /** A pair's failures are forgotten after this long, and when it signs in. */
  pairMemoryHours: 24,
  perAddress: 30,
  addressWindowMinutes: 15,
  alertFailures: 10,
  alertWindowMinutes: 60,
} as const;

/** The client's address as counted: IPv6 per /64 (what one home or phone is given), as the request limits do. */
export const loginAddress = (req: FastifyRequest) => normalizeIP(req.ip);

/** How long a pair with `failures` failures must wait after its last one before the next try (seconds). */
export function backoffSeconds(failures: number): number {
  if (failures < LOGIN_LIMITS.freeFailures) return 0;
  const doublings = failures - LOGIN_LIMITS.freeFailures;
  return Math.min(LOGIN_LIMITS.maxDelaySeconds, LOGIN_LIMITS.firstDelaySeconds * 2 ** Math.min(doublings, 20));
}

/** Seconds this (account, address) must still wait before trying a password; 0 = it may try now. */
export async function loginWaitSeconds(db: Queryable, email: string, address: string): Promise<number> {
  const [row] = await db.query<{ pair: number; pair_since: number; from_address: number; address_wait: number }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS pair,
            COALESCE(extract(epoch FROM now() - max(created_at) FILTER (WHERE email = $1)), 0)::float8 AS pair_since,
            count(*) FILTER (WHERE created_at > now() - make_interval(mins => $4))::int AS from_address,
            COALESCE(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - make_interval(mins => $4))
                     + make_interval(mins => $4) - now()), 0)::float8 AS address_wait
       FROM auth_failures
      WHERE address = $2 AND created_at > now() - make_interval(hours => $3)`,
    [email, address, LOGIN_LIMITS.pairMemoryHours, LOGIN_LIMITS.addressWindowMinutes],
  );
  const pairWait = backoffSeconds(row.pair) - row.pair_since;
  const addressWait = row.from_address >= LOGIN_LIMITS.perAddress ? row.address_wait : 0;
  return Math.max(0, Math.ceil(Math.max(pairWait, addressWait)));
}

/** 429 with Retry-After while the pair (or the address) must wait; checked before the password. */
export async function assertLoginAllowed(
  db: Queryable,
  email: string,
  address: string,
  reply: FastifyReply,
): Promise<void> {
  const wait = await loginWaitSeconds(db, email, address);
  if (wait > 0) {
    reply.header("retry-after", String(wait));
    throw tooMany(TEXT.tooManyLogins);
  }
}

/** Records a failure; answers how many the account (any address) has had in the alert window. */
export async function recordLoginFailure(db: Queryable, email: string, address: string): Promise<number> {
  await db.query("INSERT INTO auth_failures (email, address) VALUES ($1, $2)", [email, address]);
  if (Math.random() < 0.02)
    await db.query("DELETE FROM auth_failures WHERE created_at < now() - make_interval(hours => $1)", [
      LOGIN_LIMITS.pairMemoryHours,
    ]);
  const [{ n }] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM auth_failures WHERE email = $1 AND created_at > now() - make_interval(mins => $2)",
    [email, LOGIN_LIMITS.alertWindowMinutes],
  );
  return n;
}

/** After a successful sign-in: this pair starts afresh (other addresses' failures stay counted). */
export async function clearLoginFailures(db: Queryable, email: string, address: string): Promise<void> {
  await db.query("DELETE FROM auth_failures WHERE email = $1 AND address = $2", [email, address]);
}

/** After a password reset: the owner proved the mailbox, so no address waits for this account any more. */
export async function clearAllLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM auth_failures WHERE email = $1", [email]);
}
