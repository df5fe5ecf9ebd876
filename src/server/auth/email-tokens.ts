import { createHmac, randomBytes } from "node:crypto";
import type { Db, Queryable } from "../db/client";

/**
 * The links VIBE mails (docs/sign-in.md, "Email links"): "verify" proves the address it was sent
 * to; "reset" sets a new password; "signin" signs its owner in without a password (the way in that
 * password guessing cannot block). A token is 256 random bits in the link; the database keeps only
 * an HMAC of it (keyed by SESSION_SECRET, as sessions are), so a copy of the table opens nothing.
 * Each works once and expires.
 */
export type EmailTokenPurpose = "verify" | "reset" | "signin";

export const EMAIL_TOKEN_LIFETIME_MINUTES: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60,
  reset: 60,
  signin: 15,
};

/** Links of one purpose mailed to one account per hour, at most (more are not sent). */
export const EMAIL_TOKENS_PER_HOUR = 3;

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type TokenRefusal = "invalid" | "expired" | "used";
/** A token's account and address, or why it cannot be used. */
export type TokenAnswer = { ok: true; userId: string; email: string } | { ok: false; reason: TokenRefusal };

const hashToken = (secret: string, token: string) =>
  createHmac("sha256", secret).update(`email-token:${token}`).digest("base64url");

/**
 * A new link token for `email` of the account, unless EMAIL_TOKENS_PER_HOUR were made in the last
 * hour (null then). Returns the token itself; only its hash is stored. The count and the insert
 * are one step under a lock per (account, purpose): requests arriving together (several instances,
 * or mail sent after several answers at once) cannot each see room for one more.
 */
export async function issueEmailToken(
  db: Db,
  secret: string,
  userId: string,
  email: string,
  purpose: EmailTokenPurpose,
): Promise<string | null> {
  const token = randomBytes(32).toString("base64url");
  const issued = await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`email-token:${userId}:${purpose}`]);
    const [{ n }] = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM email_tokens WHERE user_id = $1 AND purpose = $2 " +
        "AND created_at > now() - interval '1 hour'",
      [userId, purpose],
    );
    if (n >= EMAIL_TOKENS_PER_HOUR) return false;
    await tx.query(
      `INSERT INTO email_tokens (token_hash, user_id, purpose, email, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [hashToken(secret, token), userId, purpose, email, EMAIL_TOKEN_LIFETIME_MINUTES[purpose]],
    );
    return true;
  });
  if (!issued) return null;
  // Used and expired links are kept a day (a second click is told why it no longer works), then swept.
  if (Math.random() < 0.05) await db.query("DELETE FROM email_tokens WHERE expires_at < now() - interval '1 day'");
  return token;
}

/**
 * Uses a token once: the account and address it was made for, or why it cannot be used. The
 * update is the claim, so two clicks at once cannot both succeed. Using one link of a purpose
 * also spends the account's other open links of that purpose (an older reset link must not
 * outlive a newer password).
 */
export async function useEmailToken(
  db: Queryable,
  secret: string,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<TokenAnswer> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "invalid" };
  const hash = hashToken(secret, token);
  const [claimed] = await db.query<{ user_id: string; email: string }>(
    `UPDATE email_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, email`,
    [hash, purpose],
  );
  if (claimed) {
    await db.query("UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL", [
      claimed.user_id,
      purpose,
    ]);
    return { ok: true, userId: claimed.user_id, email: claimed.email };
  }
  return { ok: false, reason: await refusalOf(db, hash, purpose) };
}

/** Why a token that could not be used was refused. */
async function refusalOf(db: Queryable, hash: string, purpose: EmailTokenPurpose): Promise<TokenRefusal> {
  const [row] = await db.query<{ used: boolean; expired: boolean }>(
    "SELECT used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM email_tokens " +
      "WHERE token_hash = $1 AND purpose = $2",
    [hash, purpose],
  );
  return !row ? "invalid" : row.used ? "used" : "expired";
}

/**
 * What `useEmailToken` would answer, without using the token: the page of a link says what
 * following it will do before anyone acts (docs/sign-in.md, "Proving an address").
 */
export async function peekEmailToken(
  db: Queryable,
  secret: string,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<TokenAnswer> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "invalid" };
  const hash = hashToken(secret, token);
  const [open] = await db.query<{ user_id: string; email: string }>(
    "SELECT user_id, email FROM email_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL " +
      "AND expires_at > now()",
    [hash, purpose],
  );
  return open
    ? { ok: true, userId: open.user_id, email: open.email }
    : { ok: false, reason: await refusalOf(db, hash, purpose) };
}

/**
 * Claims the right to send one mail of `kind` about `key` (an account) now: true at most once per
 * `minutes`, across every instance (the row is the lock).
 */
export async function claimMailSlot(db: Queryable, kind: string, key: string, minutes: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO mail_sent (kind, key, sent_at) VALUES ($1, $2, now())
     ON CONFLICT (kind, key) DO UPDATE SET sent_at = now() WHERE mail_sent.sent_at < now() - make_interval(mins => $3)
     RETURNING 1`,
    [kind, key, minutes],
  );
  return rows.length > 0;
}
