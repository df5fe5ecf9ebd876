import type { Queryable } from "../db/client";
import type { UserRow } from "./users";

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
 */
export async function setPasswordFromLink(
  db: Queryable,
  userId: string,
  email: string,
  passwordHash: string,
): Promise<UserRow | null> {
  const [user] = await db.query<UserRow>(
    `UPDATE users SET password_hash = $3, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
      WHERE id = $1 AND lower(email) = $2 RETURNING *`,
    [userId, email, passwordHash],
  );
  return user ?? null;
}

/** Marks the address proven when the account still has it (a verification link); null if it changed. */
export async function verifyEmailFromLink(db: Queryable, userId: string, email: string): Promise<UserRow | null> {
  const [user] = await db.query<UserRow>(
    `UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
      WHERE id = $1 AND lower(email) = $2 RETURNING *`,
    [userId, email],
  );
  return user ?? null;
}
