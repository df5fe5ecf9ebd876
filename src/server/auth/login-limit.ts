import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import { TEXT } from "@shared/vocabulary";
import type { Db, Queryable } from "../db/client";
import { tooMany } from "../http/errors";

/**
 * Failed sign-ins (docs/sign-in.md, "Failed sign-ins"), counted in the database so that every
 * instance sees the same counts. Three ceilings, each a growing wait:
 * - per (account, address): `freeFailures` failures, then `firstDelaySeconds` before the next try,
 *   twice as long after each further failure (up to `maxDelaySeconds`);
 * - per account, from any number of addresses: `accountFreeFailures` failures, then the same
 *   growing wait for every password try on the account (issue 27: 300 guesses from 60 addresses
 *   went through). Its owner is never without a way in: a sign-in link by mail ignores it;
 * - per address, across accounts: `perAddress` failures in `addressWindowMinutes`.
 * Only failures count: a correct sign-in removes its own try. When an account sees
 * `alertFailures` failures from anywhere within `alertWindowMinutes`, its owner is mailed, once
 * per window. Addresses are counted as the request limits count them (IPv6 per /64).
 */
export const LOGIN_LIMITS = {
  freeFailures: 5,
  firstDelaySeconds: 60,
  maxDelaySeconds: 60 * 60,
  /** Failures are forgotten after this long (a pair's also when it signs in). */
  pairMemoryHours: 24,
  accountFreeFailures: 20,
  perAddress: 30,
  addressWindowMinutes: 15,
  alertFailures: 10,
  alertWindowMinutes: 60,
} as const;

/** The client's address as counted: IPv6 per /64 (what one home or phone is given), as the request limits do. */
export const loginAddress = (req: FastifyRequest) => normalizeIP(req.ip);

/** How long after its last failure something with `failures` failures waits (seconds), `free` of them free. */
export function backoffSeconds(failures: number, free: number = LOGIN_LIMITS.freeFailures): number {
  if (failures < free) return 0;
  const doublings = failures - free;
  return Math.min(LOGIN_LIMITS.maxDelaySeconds, LOGIN_LIMITS.firstDelaySeconds * 2 ** Math.min(doublings, 20));
}

interface Waits {
  /** this (account, address) */
  pair: number;
  /** the account, whatever the address */
  account: number;
  /** the address, whatever the account */
  address: number;
}

/** How long each ceiling still makes a password try for `email` from `address` wait (seconds; 0 = none). */
export async function loginWaits(db: Queryable, email: string, address: string): Promise<Waits> {
  const [row] = await db.query<{
    pair: number;
    pair_since: number;
    account: number;
    account_since: number;
    from_address: number;
    address_wait: number;
  }>(
    `SELECT count(*) FILTER (WHERE email = $1 AND address = $2)::int AS pair,
            COALESCE(extract(epoch FROM now() - max(created_at) FILTER (WHERE email = $1 AND address = $2)), 0)::float8
              AS pair_since,
            count(*) FILTER (WHERE email = $1)::int AS account,
            COALESCE(extract(epoch FROM now() - max(created_at) FILTER (WHERE email = $1)), 0)::float8 AS account_since,
            count(*) FILTER (WHERE address = $2 AND created_at > now() - make_interval(mins => $4))::int
              AS from_address,
            COALESCE(extract(epoch FROM min(created_at) FILTER (WHERE address = $2
                       AND created_at > now() - make_interval(mins => $4))
                     + make_interval(mins => $4) - now()), 0)::float8 AS address_wait
       FROM auth_failures
      WHERE (email = $1 OR address = $2) AND created_at > now() - make_interval(hours => $3)`,
    [email, address, LOGIN_LIMITS.pairMemoryHours, LOGIN_LIMITS.addressWindowMinutes],
  );
  const wait = (seconds: number) => Math.max(0, Math.ceil(seconds));
  return {
    pair: wait(backoffSeconds(row.pair) - row.pair_since),
    account: wait(backoffSeconds(row.account, LOGIN_LIMITS.accountFreeFailures) - row.account_since),
    address: wait(row.from_address >= LOGIN_LIMITS.perAddress ? row.address_wait : 0),
  };
}

/**
 * Starts a password try: 429 with Retry-After while a ceiling makes it wait, whatever the
 * password; otherwise the try is written down at once as a failure, so that tries running at the
 * same time see each other (one account's tries are taken one at a time, under a lock), and its id
 * is returned: `passedLoginAttempt` removes it when the password was right.
 */
export async function beginLoginAttempt(
  db: Db,
  email: string,
  address: string,
  reply: FastifyReply,
): Promise<{ id: string }> {
  const outcome = await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`login:${email}`]);
    const waits = await loginWaits(tx, email, address);
    const wait = Math.max(waits.pair, waits.account, waits.address);
    if (wait > 0) return { wait, accountOnly: waits.account === wait && waits.pair < wait && waits.address < wait };
    const [row] = await tx.query<{ id: string }>(
      "INSERT INTO auth_failures (email, address) VALUES ($1, $2) RETURNING id::text AS id",
      [email, address],
    );
    return { id: row.id };
  });
  if ("wait" in outcome) {
    reply.header("retry-after", String(outcome.wait));
    throw tooMany(outcome.accountOnly ? TEXT.tooManyLoginsAccount : TEXT.tooManyLogins);
  }
  return outcome;
}

/** The password was right: the try is not a failure, and this pair starts afresh. */
export async function passedLoginAttempt(db: Queryable, attempt: { id: string }, email: string, address: string) {
  await db.query("DELETE FROM auth_failures WHERE id = $1::bigint OR (email = $2 AND address = $3)", [
    attempt.id,
    email,
    address,
  ]);
}

/**
 * A failed try (already written by beginLoginAttempt; without one, written now); answers how many
 * failures the account (any address) has had in the alert window.
 */
export async function recordLoginFailure(
  db: Queryable,
  email: string,
  address: string,
  attempt?: { id: string },
): Promise<number> {
  if (!attempt) await db.query("INSERT INTO auth_failures (email, address) VALUES ($1, $2)", [email, address]);
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

/** After a password reset: the owner proved the mailbox, so no address waits for this account any more. */
export async function clearAllLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM auth_failures WHERE email = $1", [email]);
}
