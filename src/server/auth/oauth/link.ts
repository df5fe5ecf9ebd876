/**
 * Which account a provider sign-in belongs to (docs/sign-in.md, "Linking rule"):
 *
 * 1. The provider account was seen before: its (provider, subject) decides, whatever the email.
 * 2. The provider vouches for the email (email_verified) and a VIBE account has that email: the
 *    same person, so the provider account is linked to it.
 * 3. Otherwise a new account. An unverified email is never linked and never stored on the
 *    account (it would block, or later be linked to, the address's real owner); X gives no email
 *    at all. A guest signing in keeps what they did: their guest account becomes the new account.
 */
export interface LinkFacts {
  /** The user this (provider, subject) is already linked to. */
  identityUserId: string | null;
  /** The email the provider gave, normalized, and whether the provider verified it. */
  email: string | null;
  emailVerified: boolean;
  /** The account that has `email`, if any (looked up only for a verified email). */
  emailOwnerId: string | null;
  /** The guest signed in on this browser, if any. */
  guestId: string | null;
}

export type LinkDecision =
  | { kind: "returning"; userId: string }
  | { kind: "link"; userId: string }
  | { kind: "create"; email: string | null; upgradeGuestId: string | null };

export function decideAccount(f: LinkFacts): LinkDecision {
  if (f.identityUserId) return { kind: "returning", userId: f.identityUserId };
  const verified = f.email !== null && f.emailVerified;
  if (verified && f.emailOwnerId) return { kind: "link", userId: f.emailOwnerId };
  return { kind: "create", email: verified ? f.email : null, upgradeGuestId: f.guestId };
}

/** Providers say "verified" as a boolean, or (Apple) as the string "true". */
export function isVerifiedClaim(value: unknown): boolean {
  return value === true || value === "true";
}
