import { z } from "zod";
import { LIMITS, TEXT } from "../constants";

const email = z
  .string({ error: TEXT.invalidEmail })
  .trim()
  .max(LIMITS.emailMax, { error: TEXT.invalidEmail })
  .pipe(z.email({ error: TEXT.invalidEmail }));

const optionalName = z
  .string({ error: "Name must be text" })
  .trim()
  .max(LIMITS.nameMax, { error: `Names can be at most ${LIMITS.nameMax} characters` })
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

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
