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
  /** "People can find me by my email"; null: never chosen (findableByEmail decides). */
  privacy_find_by_email: boolean | null;
  is_guest: boolean;
  /** The role an operator granted (`npm run admin`); see effectiveRole for the one that applies. */
  role: "user" | "admin";
  /** When the email was proven (a link followed, or Google/Apple vouching); null: self-typed. */
  email_verified_at: Date | string | null;
  /** How it was proven (migration 017); "legacy": before the rules of docs/sign-in.md, "Proving an address". */
  email_proof: EmailProof | null;
  created_at: Date | string;
}

/**
 * How an address was proven (docs/sign-in.md, "Proving an address"): its verification link, a
 * reset link, Google or Apple vouching, an operator; "legacy" before those rules existed.
 */
export type EmailProof = "link" | "reset" | "provider" | "operator" | "legacy";

/**
 * Whether proving the account's address now hands the account to the prover (their own session
 * aside): its address was never proven, or only under the old rules ("legacy"), when a one-click
 * verification left whoever had typed the address first with their session and password.
 */
/**
 * The SET clause that records a proof made by `proof` (an SQL expression): the first proof's time
 * is kept, and its kind unless that was a legacy one.
 */
export const PROVEN_BY = (proof: string) =>
  `email_proof = CASE WHEN email_verified_at IS NULL OR email_proof = 'legacy' THEN ${proof} ELSE email_proof END, ` +
  "email_verified_at = COALESCE(email_verified_at, now())";

export const isClaimable = (row: Pick<UserRow, "email_verified_at" | "email_proof">) =>
  !row.email_verified_at || row.email_proof === "legacy";

/**
 * The role that applies: the one an operator granted, or admin for an email listed in
 * ADMIN_EMAILS that was *proven* under the rules of docs/sign-in.md ("Proving an address"). A
 * self-typed, unverified email never grants a role, whatever its case or spaces, and neither does
 * a proof made before those rules (a one-click link that left a stranger's session in place).
 */
export function effectiveRole(
  row: Pick<UserRow, "role" | "email" | "email_verified_at" | "email_proof">,
  adminEmails: readonly string[],
): UserRow["role"] {
  if (row.role === "admin") return "admin";
  return row.email && !isClaimable(row) && adminEmails.includes(normalizeEmail(row.email)) ? "admin" : "user";
}

/** The row with the role that applies to it (effectiveRole). */
export function withEffectiveRole<T extends UserRow>(row: T, adminEmails: readonly string[]): T {
  const role = effectiveRole(row, adminEmails);
  return role === row.role ? row : { ...row, role };
}

/**
 * Whether an exact email search finds the person ("People can find me by my email", docs/social.md
 * "Finding people"): what they chose, else on, except for admins (granted, or an address in
 * ADMIN_EMAILS, proven or not), who are found by email only once they turn it on themselves.
 */
export function findableByEmail(
  row: Pick<UserRow, "privacy_find_by_email" | "role" | "email">,
  adminEmails: readonly string[],
): boolean {
  if (row.privacy_find_by_email !== null && row.privacy_find_by_email !== undefined) return row.privacy_find_by_email;
  return !(row.role === "admin" || (row.email !== null && adminEmails.includes(normalizeEmail(row.email))));
}

/** The same rule in SQL, for the users row `u`; `$admins` is the parameter holding ADMIN_EMAILS (text[]). */
export const FINDABLE_BY_EMAIL_SQL = (admins: string) =>
  `coalesce(u.privacy_find_by_email, NOT (u.role = 'admin' OR lower(coalesce(u.email, '')) = ANY(${admins}::text[])))`;

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
    privacyFindByEmail: findableByEmail(row, adminEmails),
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

/**
 * Marks the account's email proven as its own session's following of the verification link does
 * (nothing else changes); the first proof's time is kept. Tests and fixtures use it.
 */
export async function markEmailVerified(db: Queryable, userId: string): Promise<void> {
  await db.query(`UPDATE users SET ${PROVEN_BY("'link'")}, updated_at = now() WHERE id = $1`, [userId]);
}
