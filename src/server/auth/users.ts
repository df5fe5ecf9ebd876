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
  role: "user" | "admin";
  created_at: Date | string;
}

/** The User of spec section 3: what a person may see of their own account. */
export function presentUser(row: UserRow): User {
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
    role: row.role,
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
