import { z } from "zod";
import { ACCOUNT_MESSAGES } from "../vocabulary";
import { LIMITS, TEXT } from "../vocabulary";
import { hasVisibleCharacter } from "../text";
import { cleaned } from "./common";

const email = z
  .string({ error: TEXT.invalidEmail })
  .trim()
  .max(LIMITS.emailMax, { error: TEXT.invalidEmail })
  .pipe(z.email({ error: TEXT.invalidEmail }));

const optionalName = cleaned(
  z
    .string({ error: "Name must be text" })
    .trim()
    .max(LIMITS.nameMax, { error: `Names can be at most ${LIMITS.nameMax} characters` })
    // blank is no name; otherwise a name must show something
    .refine((v) => v === "" || hasVisibleCharacter(v), { error: TEXT.nameNeedsVisible })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
);

/** POST /auth/email/login (spec 5: valid email, password required). */
export const loginBody = z.object({
  email,
  password: z
    .string({ error: TEXT.passwordRequired })
    .min(1, { error: TEXT.passwordRequired })
    .max(LIMITS.passwordMax, { error: `Password can be at most ${LIMITS.passwordMax} characters` }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /auth/email/signup (spec 5: valid email, password of 8 or more, names optional). */
export const signupBody = z.object({
  email,
  password: z
    .string({ error: TEXT.passwordMin })
    .min(LIMITS.passwordMin, { error: TEXT.passwordMin })
    .max(LIMITS.passwordMax, { error: `Password can be at most ${LIMITS.passwordMax} characters` }),
  firstName: optionalName,
  lastName: optionalName,
});
export type SignupBody = z.infer<typeof signupBody>;

const newPassword = z
  .string({ error: TEXT.passwordMin })
  .min(LIMITS.passwordMin, { error: TEXT.passwordMin })
  .max(LIMITS.passwordMax, { error: `Password can be at most ${LIMITS.passwordMax} characters` });

/** The token of a link VIBE mailed: 256 random bits, base64url (43 characters). */
const linkToken = z
  .string({ error: ACCOUNT_MESSAGES.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: ACCOUNT_MESSAGES.linkInvalid });

/** POST /auth/email/forgot-password: the address to send a reset link to (if it has an account). */
export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /auth/email/sign-in-link: the address to send a one-time sign-in link to (if it has an account). */
export const signInLinkBody = z.object({ email });
export type SignInLinkBody = z.infer<typeof signInLinkBody>;

/** POST /auth/email/sign-in-link/use: the token from the sign-in link (its page posts it on a click). */
export const useSignInLinkBody = z.object({ token: linkToken });
export type UseSignInLinkBody = z.infer<typeof useSignInLinkBody>;

/** POST /auth/email/reset-password: the token from the link and the new password (the sign-up rule). */
export const resetPasswordBody = z.object({ token: linkToken, password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/**
 * POST /auth/email/verify: the token from the verification link, and the prover's own password
 * when following it hands the account over (the preview's `needsPassword`; docs/sign-in.md,
 * "Proving an address").
 */
export const verifyEmailBody = z.object({ token: linkToken, password: newPassword.optional() });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** POST /auth/email/verify/preview: the token from the verification link (nothing is spent). */
export const verifyPreviewBody = z.object({ token: linkToken });
export type VerifyPreviewBody = z.infer<typeof verifyPreviewBody>;

/**
 * What following a verification link will do, told before anyone acts: the address it proves,
 * and whether the account passes to this browser (every other session ends, the password set
 * before stops working, so the prover chooses one).
 */
export const verifyPreviewSchema = z.object({ email: z.string(), needsPassword: z.boolean() });
export type VerifyPreview = z.infer<typeof verifyPreviewSchema>;

/** Why a mailed link was refused (400 answers of verify and reset carry it beside the message). */
export const linkRefusedSchema = z.object({ message: z.string(), reason: z.enum(["invalid", "expired", "used"]) });
export type LinkRefused = z.infer<typeof linkRefusedSchema>;
export type LinkRefusal = LinkRefused["reason"];

/**
 * The answer of POST /auth/email/verify. `claimed`: the account passed to this browser (signed in
 * here, every other session ended, the new password set).
 */
export const emailVerifiedSchema = z.object({ message: z.string(), email: z.string(), claimed: z.boolean() });
export type EmailVerified = z.infer<typeof emailVerifiedSchema>;

/** The User of spec section 3, as the server returns it (never any password material). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  preferredVibes: z.array(z.string()),
  dietaryRestrictions: z.array(z.string()),
  budgetPreference: z.string().nullable(),
  favoriteCategories: z.array(z.string()),
  privacyShareVibes: z.boolean(),
  privacyShareLocation: z.boolean(),
  privacyActivityFeed: z.boolean(),
  /** "People can find me by my email": an exact email search finds them (off by default for admins). */
  privacyFindByEmail: z.boolean(),
  isGuest: z.boolean(),
  /** The email was proven (a link followed, or Google/Apple vouching for it). */
  emailVerified: z.boolean(),
  role: z.enum(["user", "admin"]),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const healthSchema = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
  realtime: z.enum(["memory", "redis"]),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/ready: 200 when the database answers; 503 (draining, or no database) carries a message. */
export const readinessSchema = z.object({ status: z.string(), message: z.string().optional() });
