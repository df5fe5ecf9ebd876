import type { User } from "@shared/contracts/auth";
import type { Queryable } from "../db/client";

/** A users row as stored (snake_case, with the password hash that never leaves the server). */
export interface UserRow {
  id: string;
  email: string | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  preferred_vibes: string[];
  dietary_restrictions: string[];
  budget_preference: string | null;
  favorite_categories: string[];
  privacy_share_vibes: boolean;
  privacy_share_location: boolean;
  privacy_activity_feed: boolean;
  is_guest: boolean;
  /** The role an operator granted (`npm run admin`); see effectiveRole for the one that applies. */
  role: "user" | "admin";
  /** When the email was proven (a link followed, or Google/Apple vouching); null: self-typed. */
  email_verified_at: Date | string | null;
  created_at: Date | string;
}

/**
 * The role that applies: the one an operator granted, or admin for a *proven* email listed in
 * ADMIN_EMAILS. A self-typed, unverified email never grants a role, whatever its case or spaces.
 */
export function effectiveRole(
  row: Pick<UserRow, "role" | "email" | "email_verified_at">,
  adminEmails: readonly string[],
): UserRow["role"] {
  if (row.role === "admin") return "admin";
  return row.email && row.email_verified_at && adminEmails.includes(normalizeEmail(row.email)) ? "admin" : "user";
}

/** The row with the role that applies to it (effectiveRole). */
export function withEffectiveRole<T extends UserRow>(row: T, adminEmails: readonly string[]): T {
  const role = effectiveRole(row, adminEmails);
  return role === row.role ? row : { ...row, role };
}

/** The User of spec section 3: what a person may see of their own account (with the role that applies). */
export function presentUser(row: UserRow, adminEmails: readonly string[]): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    preferredVibes: row.preferred_vibes ?? [],
    dietaryRestrictions: row.dietary_restrictions ?? [],
    budgetPreference: row.budget_preference,
    favoriteCategories: row.favorite_categories ?? [],
    privacyShareVibes: row.privacy_share_vibes,
    privacyShareLocation: row.privacy_share_location,
    privacyActivityFeed: row.privacy_activity_feed,
    isGuest: row.is_guest,
    emailVerified: row.email_verified_at !== null && row.email_verified_at !== undefined,
    role: effectiveRole(row, adminEmails),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Emails are one account whatever their case: stored and looked up trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>("SELECT * FROM users WHERE lower(email) = $1", [normalizeEmail(email)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>("SELECT * FROM users WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/** Marks the account's email proven (its owner followed a link sent to it); the first proof's time is kept. */
export async function markEmailVerified(db: Queryable, userId: string): Promise<void> {
  await db.query(
    "UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1",
    [userId],
  );
}
