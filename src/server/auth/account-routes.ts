import type { FastifyInstance, FastifyReply } from "fastify";
import { ACCOUNT_MESSAGES } from "@shared/vocabulary";
import {
  forgotPasswordBody,
  resetPasswordBody,
  verifyEmailBody,
  type EmailVerified,
  type LinkRefusal,
  type LinkRefused,
} from "@shared/contracts/auth";
import { requireUser, type AppContext } from "../context";
import { conflict, parse, tooMany } from "../http/errors";
import {
  failedLoginsMail,
  linkBase,
  MAIL_PAGES,
  resetMail,
  signupAttemptMail,
  tokenLink,
  verificationMail,
} from "./account-mail";
import { claimMailSlot, issueEmailToken, useEmailToken, type EmailTokenPurpose } from "./email-tokens";
import { clearAllLoginFailures, LOGIN_LIMITS } from "./login-limit";
import { hashPassword } from "./passwords";
import { setPasswordFromLink, verifyEmailFromLink } from "./queries";
import { findUserByEmail, normalizeEmail, presentUser, type UserRow } from "./users";

/** The owner of an address someone tried to sign up with hears of it at most once per this many minutes. */
export const SIGNUP_ATTEMPT_MAIL_MINUTES = 60;

const REFUSALS: Record<EmailTokenPurpose, Record<LinkRefusal, string>> = {
  verify: {
    invalid: ACCOUNT_MESSAGES.linkInvalid,
    expired: ACCOUNT_MESSAGES.verifyExpired,
    used: ACCOUNT_MESSAGES.verifyUsed,
  },
  reset: {
    invalid: ACCOUNT_MESSAGES.linkInvalid,
    expired: ACCOUNT_MESSAGES.resetExpired,
    used: ACCOUNT_MESSAGES.resetUsed,
  },
};

const refuseLink = (reply: FastifyReply, purpose: EmailTokenPurpose, reason: LinkRefusal) =>
  reply.status(400).send({ message: REFUSALS[purpose][reason], reason } satisfies LinkRefused);

/** Mails a verification link for the account's address (false when the hourly quota is used up). */
export async function sendVerification(ctx: AppContext, userId: string, email: string, base: string) {
  const token = await issueEmailToken(ctx.db, ctx.config.sessionSecret, userId, email, "verify");
  if (!token) return false;
  ctx.mailer.send(verificationMail(email, tokenLink(base, MAIL_PAGES.verify, token)));
  return true;
}

/** Mails a reset link to the account of `email`, if there is one (never says whether there was). */
async function sendReset(ctx: AppContext, email: string, base: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.email || user.is_guest) return;
  const token = await issueEmailToken(ctx.db, ctx.config.sessionSecret, user.id, user.email, "reset");
  if (token) ctx.mailer.send(resetMail(user.email, tokenLink(base, MAIL_PAGES.reset, token)));
}

/** Someone signed up with an address that has an account: its owner is told (with a reset link), hourly at most. */
export async function tellOwnerOfSignupAttempt(ctx: AppContext, email: string, base: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.email) return;
  if (!(await claimMailSlot(ctx.db, "signup-attempt", user.id, SIGNUP_ATTEMPT_MAIL_MINUTES))) return;
  const token = await issueEmailToken(ctx.db, ctx.config.sessionSecret, user.id, user.email, "reset");
  ctx.mailer.send(
    signupAttemptMail(user.email, base + MAIL_PAGES.login, token ? tokenLink(base, MAIL_PAGES.reset, token) : null),
  );
}

/** Many failed sign-ins on an account: its owner is told, once per alert window. */
export async function alertOwnerOfFailures(
  ctx: AppContext,
  owner: { id: string; email: string },
  failures: number,
  base: string,
) {
  if (!(await claimMailSlot(ctx.db, "failed-logins", owner.id, LOGIN_LIMITS.alertWindowMinutes))) return;
  ctx.mailer.send(failedLoginsMail(owner.email, failures, LOGIN_LIMITS.alertWindowMinutes, base + MAIL_PAGES.forgot));
}

/**
 * Email verification, password reset, resending a verification link and signing out everywhere
 * (docs/sign-in.md, "Email links" and "Sessions"). Links carry their token in the fragment; the
 * pages /verify-email and /reset-password post it here.
 */
export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, sessions, config } = ctx;
  const present = (row: UserRow) => presentUser(row, config.adminEmails);

  // The same answer whether or not the address has an account; the work happens after it.
  app.post("/auth/email/forgot-password", async (req, reply) => {
    const email = normalizeEmail(parse(forgotPasswordBody, req.body).email);
    const base = linkBase(config.publicUrl, req);
    ctx.afterReply(req, () => sendReset(ctx, email, base));
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.forgotSent(email) });
  });

  // A reset link: the new password, every session of the account ends, and this browser is signed in.
  app.post("/auth/email/reset-password", async (req, reply) => {
    const body = parse(resetPasswordBody, req.body);
    const passwordHash = await hashPassword(body.password);
    const outcome = await db.transaction(async (tx) => {
      const used = await useEmailToken(tx, config.sessionSecret, body.token, "reset");
      if (!used.ok) return used;
      const user = await setPasswordFromLink(tx, used.userId, used.email, passwordHash);
      // the account's address changed since the link was sent: the link is void (and stays spent)
      if (!user) return { ok: false as const, reason: "invalid" as const };
      await tx.query("DELETE FROM sessions WHERE user_id = $1", [user.id]);
      return { ok: true as const, user };
    });
    if (!outcome.ok) return refuseLink(reply, "reset", outcome.reason);
    sessions.forget(outcome.user.id);
    await clearAllLoginFailures(db, normalizeEmail(outcome.user.email!));
    await sessions.start(req, reply, outcome.user.id);
    return present(outcome.user);
  });

  // A verification link: proves the address it was sent to (ADMIN_EMAILS then applies to it).
  app.post("/auth/email/verify", async (req, reply) => {
    const body = parse(verifyEmailBody, req.body);
    const used = await useEmailToken(db, config.sessionSecret, body.token, "verify");
    if (!used.ok) return refuseLink(reply, "verify", used.reason);
    const user = await verifyEmailFromLink(db, used.userId, used.email);
    if (!user) return refuseLink(reply, "verify", "invalid");
    sessions.forget(user.id);
    return { message: ACCOUNT_MESSAGES.verified, email: user.email! } satisfies EmailVerified;
  });

  // A new verification link for the signed-in person's own address.
  app.post("/api/auth/verification-email", async (req, reply) => {
    const user = await requireUser(ctx, req);
    if (!user.email || user.is_guest) throw conflict(ACCOUNT_MESSAGES.noEmailToVerify);
    if (user.email_verified_at) throw conflict(ACCOUNT_MESSAGES.alreadyVerified);
    if (!(await sendVerification(ctx, user.id, user.email, linkBase(config.publicUrl, req))))
      throw tooMany(ACCOUNT_MESSAGES.tooManyLinks);
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resent(user.email) });
  });

  // Ends every session of the person (every device, every instance's websockets), then this one's cookie.
  app.post("/api/auth/logout-everywhere", async (req, reply) => {
    const user = await requireUser(ctx, req);
    await sessions.endAll(user.id);
    await sessions.end(req, reply);
    return { message: ACCOUNT_MESSAGES.signOutEverywhereDone };
  });
}
