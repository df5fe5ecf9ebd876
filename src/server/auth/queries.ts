import type { Queryable } from "../db/client";
import { PROVEN_BY, type UserRow } from "./users";

/** The SQL of auth/'s routes: sign-up, guests. (Lookups by email and id are in users.ts.) */

export interface Registration {
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
}

/** A new registered account. A taken email fails with the unique index's 23505. */
export async function insertUser(db: Queryable, r: Registration): Promise<UserRow> {
  const [user] = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4) RETURNING *`,
    [r.email, r.passwordHash, r.firstName, r.lastName],
  );
  return user;
}

/**
 * A guest who signs up keeps what they did as a guest: the same account becomes registered.
 * A typed email is not proven, so it grants no role (docs/sign-in.md, "Roles").
 */
export async function registerGuest(db: Queryable, guestId: string, r: Registration): Promise<UserRow> {
  const [user] = await db.query<UserRow>(
    `UPDATE users SET email = $2, password_hash = $3, first_name = $4, last_name = $5, is_guest = false,
            updated_at = now() WHERE id = $1 RETURNING *`,
    [guestId, r.email, r.passwordHash, r.firstName, r.lastName],
  );
  return user;
}

export async function insertGuest(db: Queryable): Promise<UserRow> {
  const [user] = await db.query<UserRow>("INSERT INTO users (first_name, is_guest) VALUES ('Guest', true) RETURNING *");
  return user;
}

/**
 * A new password from a reset link: set only while the account still has the address the link
 * was mailed to; the address counts as proven (its owner opened the mail). Null if it changed.
 * The caller ends every session of the account.
 */
export async function setPasswordFromLink(
  db: Queryable,
  userId: string,
  email: string,
  passwordHash: string,
): Promise<UserRow | null> {
  const [user] = await db.query<UserRow>(
    `UPDATE users SET password_hash = $3, ${PROVEN_BY("'reset'")}, updated_at = now()
      WHERE id = $1 AND lower(email) = $2 RETURNING *`,
    [userId, email, passwordHash],
  );
  return user ?? null;
}

/** The account a mailed link was made for, locked for this transaction, while it still has that address. */
export async function lockLinkAccount(db: Queryable, userId: string, email: string): Promise<UserRow | null> {
  const [user] = await db.query<UserRow>("SELECT * FROM users WHERE id = $1 AND lower(email) = $2 FOR UPDATE", [
    userId,
    email,
  ]);
  return user ?? null;
}

/** Marks the account's address proven by its verification link; nothing else changes. */
export async function proveEmailByLink(db: Queryable, userId: string): Promise<UserRow> {
  const [user] = await db.query<UserRow>(
    `UPDATE users SET ${PROVEN_BY("'link'")}, updated_at = now() WHERE id = $1 RETURNING *`,
    [userId],
  );
  return user;
}

/**
 * The account passes to whoever proved its address (docs/sign-in.md, "Proving an address"): the
 * password set before the proof is replaced by the prover's (`passwordHash`; null: none, as after
 * a provider's proof, until a reset link sets one) and every session ends. The caller signs the
 * prover in.
 */
export async function handOverAccount(
  db: Queryable,
  userId: string,
  proof: "link" | "provider",
  passwordHash: string | null,
): Promise<UserRow> {
  const [user] = await db.query<UserRow>(
    `UPDATE users SET password_hash = $2, ${PROVEN_BY("$3")}, updated_at = now() WHERE id = $1 RETURNING *`,
    [userId, passwordHash, proof],
  );
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
  return user;
}
