/**
 * Roles an operator grants (docs/sign-in.md, "Roles"): `npm run admin` (admin-cli.ts) calls
 * these. A role is never taken from what a person typed: `users.role` is set only here, and
 * ADMIN_EMAILS applies only to proven emails (users.effectiveRole).
 */
import type { Queryable } from "../db/client";
import { hashPassword } from "./passwords";
import { effectiveRole, findUserByEmail, normalizeEmail, type UserRow } from "./users";

export class RoleCommandError extends Error {}

/** A new account with the admin role and its email marked proven (the operator vouches for it). */
export async function createAdmin(db: Queryable, email: string, password: string): Promise<UserRow> {
  const address = normalizeEmail(email);
  if (await findUserByEmail(db, address)) {
    throw new RoleCommandError(
      `An account with ${address} already exists; give it the role with \`npm run admin -- grant ${address}\``,
    );
  }
  const passwordHash = await hashPassword(password);
  try {
    const [row] = await db.query<UserRow>(
      "INSERT INTO users (email, password_hash, role, email_verified_at, email_proof) " +
        "VALUES ($1, $2, 'admin', now(), 'operator') RETURNING *",
      [address, passwordHash],
    );
    return row;
  } catch (err) {
    if ((err as { code?: string }).code === "23505")
      throw new RoleCommandError(`An account with ${address} already exists`);
    throw err;
  }
}

export interface RoleChange {
  user: UserRow;
  /** False when the account already had that role. */
  changed: boolean;
}

/** Sets the role an operator grants on an existing account; null when no account has the email. */
export async function setGrantedRole(db: Queryable, email: string, role: UserRow["role"]): Promise<RoleChange | null> {
  const address = normalizeEmail(email);
  const before = await findUserByEmail(db, address);
  if (!before) return null;
  if (before.role === role) return { user: before, changed: false };
  const [user] = await db.query<UserRow>("UPDATE users SET role = $2, updated_at = now() WHERE id = $1 RETURNING *", [
    before.id,
    role,
  ]);
  return { user, changed: true };
}

export interface AdminListing {
  email: string | null;
  id: string;
  /** "granted" by an operator, or "ADMIN_EMAILS" (a proven email listed there). */
  why: "granted" | "ADMIN_EMAILS";
  emailVerified: boolean;
}

/** Every account that is an admin now, and why. */
export async function listAdmins(db: Queryable, adminEmails: readonly string[]): Promise<AdminListing[]> {
  const rows = await db.query<UserRow>(
    "SELECT * FROM users WHERE role = 'admin' OR lower(email) = ANY($1::text[]) ORDER BY lower(email) NULLS LAST, id",
    [adminEmails.map(normalizeEmail)],
  );
  return rows
    .filter((r) => effectiveRole(r, adminEmails) === "admin")
    .map((r) => ({
      email: r.email,
      id: r.id,
      why: r.role === "admin" ? "granted" : "ADMIN_EMAILS",
      emailVerified: r.email_verified_at !== null,
    }));
}
