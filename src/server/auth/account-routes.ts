import type { FastifyInstance, FastifyReply } from "fastify";
import { ACCOUNT_MESSAGES } from "@shared/vocabulary";
import {
  forgotPasswordBody,
  resetPasswordBody,
  signInLinkBody,
  useSignInLinkBody,
  verifyEmailBody,
  verifyPreviewBody,
  type EmailVerified,
  type LinkRefusal,
  type LinkRefused,
  type VerifyPreview,
} from "@shared/contracts/auth";
import { currentUser, requireUser, type AppContext } from "../context";
import { badRequest, conflict, parse, tooMany } from "../http/errors";
import {
  failedLoginsMail,
  MAIL_PAGES,
  resetMail,
  signInLinkMail,
  signupAttemptMail,
  tokenLink,
  verificationMail,
} from "./account-mail";
import { claimMailSlot, issueEmailToken, peekEmailToken, useEmailToken, type EmailTokenPurpose } from "./email-tokens";
import { clearAllLoginFailures, LOGIN_LIMITS } from "./login-limit";
import { hashPassword } from "./passwords";
import { handOverAccount, lockLinkAccount, proveEmailByLink, setPasswordFromLink } from "./queries";
import { findUserByEmail, findUserById, isClaimable, normalizeEmail, presentUser, type UserRow } from "./users";

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
  signin: {
    invalid: ACCOUNT_MESSAGES.linkInvalid,
    expired: ACCOUNT_MESSAGES.signInLinkExpired,
    used: ACCOUNT_MESSAGES.signInLinkUsed,
  },
};

const refuseLink = (reply: FastifyReply, purpose: EmailTokenPurpose, reason: LinkRefusal) =>
  reply.status(400).send({ message: REFUSALS[purpose][reason], reason } satisfies LinkRefused);

/** Mails a verification link for the account's address (false when the hourly quota is used up). */
export async function sendVerification(ctx: AppContext, userId: string, email: string) {
  const token = await issueEmailToken(ctx.db, ctx.config.sessionSecret, userId, email, "verify");
  if (!token) return false;
  ctx.mailer.send(verificationMail(email, tokenLink(ctx.siteUrl(), MAIL_PAGES.verify, token)));
  return true;
}

/** Mails a reset link to the account of `email`, if there is one (never says whether there was). */
async function sendReset(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.email || user.is_guest) return;
  const token = await issueEmailToken(ctx.db, ctx.config.sessionSecret, user.id, user.email, "reset");
  if (token) ctx.mailer.send(resetMail(user.email, tokenLink(ctx.siteUrl(), MAIL_PAGES.reset, token)));
}

/**
 * Mails a one-time sign-in link to the account of `email`, if there is one (never says whether
 * there was); at most EMAIL_TOKENS_PER_HOUR an hour per account.
 */
async function sendSignInLink(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.email || user.is_guest) return;
  const token = await issueEmailToken(ctx.db, ctx.config.sessionSecret, user.id, user.email, "signin");
  if (token) ctx.mailer.send(signInLinkMail(user.email, tokenLink(ctx.siteUrl(), MAIL_PAGES.signIn, token)));
}

/** Someone signed up with an address that has an account: its owner is told (with a reset link), hourly at most. */
export async function tellOwnerOfSignupAttempt(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.email) return;
  if (!(await claimMailSlot(ctx.db, "signup-attempt", user.id, SIGNUP_ATTEMPT_MAIL_MINUTES))) return;
  const token = await issueEmailToken(ctx.db, ctx.config.sessionSecret, user.id, user.email, "reset");
  const base = ctx.siteUrl();
  ctx.mailer.send(
    signupAttemptMail(user.email, base + MAIL_PAGES.login, token ? tokenLink(base, MAIL_PAGES.reset, token) : null),
  );
}

/** Many failed sign-ins on an account: its owner is told, once per alert window. */
export async function alertOwnerOfFailures(ctx: AppContext, owner: { id: string; email: string }, failures: number) {
  if (!(await claimMailSlot(ctx.db, "failed-logins", owner.id, LOGIN_LIMITS.alertWindowMinutes))) return;
  ctx.mailer.send(
    failedLoginsMail(owner.email, failures, LOGIN_LIMITS.alertWindowMinutes, {
      forgot: ctx.siteUrl() + MAIL_PAGES.forgot,
      signIn: ctx.siteUrl() + MAIL_PAGES.askSignIn,
    }),
  );
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
    ctx.afterReply(req, () => sendReset(ctx, email));
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

  /**
   * Proving an address hands the account to the prover (docs/sign-in.md, "Proving an address"):
   * on an account whose address was never proven, following its verification link from anywhere
   * but that account's own signed-in session ends every session and replaces the password set
   * before with the prover's own; this browser is then signed in. The page asks first (preview).
   */
  const handsOver = (account: UserRow, me: UserRow | null) => isClaimable(account) && me?.id !== account.id;

  // What following the link will do, before anyone acts: nothing is spent or changed.
  app.post("/auth/email/verify/preview", async (req, reply) => {
    const body = parse(verifyPreviewBody, req.body);
    const open = await peekEmailToken(db, config.sessionSecret, body.token, "verify");
    if (!open.ok) return refuseLink(reply, "verify", open.reason);
    const account = await findUserById(db, open.userId);
    if (!account?.email || normalizeEmail(account.email) !== open.email) return refuseLink(reply, "verify", "invalid");
    const me = await currentUser(ctx, req);
    return { email: account.email, needsPassword: handsOver(account, me) } satisfies VerifyPreview;
  });

  // A verification link, followed by a click on its page: proves the address it was sent to.
  app.post("/auth/email/verify", async (req, reply) => {
    const body = parse(verifyEmailBody, req.body);
    const me = await currentUser(ctx, req);
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const outcome = await db.transaction(async (tx) => {
      const used = await useEmailToken(tx, config.sessionSecret, body.token, "verify");
      if (!used.ok) return used;
      const account = await lockLinkAccount(tx, used.userId, used.email);
      // the account's address changed since the link was sent: the link is void (and stays spent)
      if (!account) return { ok: false as const, reason: "invalid" as const };
      if (!handsOver(account, me))
        return { ok: true as const, user: await proveEmailByLink(tx, account.id), claimed: false };
      // thrown: the transaction rolls back and the link stays unspent for the page to send again with one
      if (!passwordHash) throw badRequest(ACCOUNT_MESSAGES.verifyNeedsPassword);
      return { ok: true as const, user: await handOverAccount(tx, account.id, "link", passwordHash), claimed: true };
    });
    if (!outcome.ok) return refuseLink(reply, "verify", outcome.reason);
    const { user, claimed } = outcome;
    sessions.forget(user.id);
    if (claimed) {
      await clearAllLoginFailures(db, normalizeEmail(user.email!));
      await sessions.start(req, reply, user.id);
    }
    return { message: ACCOUNT_MESSAGES.verified, email: user.email!, claimed } satisfies EmailVerified;
  });

  /**
   * "Email me a sign-in link" (docs/sign-in.md, "Sign-in links"): the owner's way in that password
   * guessing cannot block. The same answer whether or not the address has an account; the work
   * happens after it.
   */
  app.post("/auth/email/sign-in-link", async (req, reply) => {
    const email = normalizeEmail(parse(signInLinkBody, req.body).email);
    ctx.afterReply(req, () => sendSignInLink(ctx, email));
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.signInLinkSent(email) });
  });

  /**
   * The sign-in link's page posts its token on a click: this browser is signed in to the account
   * it was sent for. Following it proves the address; on an account whose address was never
   * proven, from anywhere but its own session, that hands the account over as a verification link
   * does ("Proving an address"): every other session ends and the password set before stops
   * working (the owner can choose one with a reset link).
   */
  app.post("/auth/email/sign-in-link/use", async (req, reply) => {
    const body = parse(useSignInLinkBody, req.body);
    const me = await currentUser(ctx, req);
    const outcome = await db.transaction(async (tx) => {
      const used = await useEmailToken(tx, config.sessionSecret, body.token, "signin");
      if (!used.ok) return used;
      const account = await lockLinkAccount(tx, used.userId, used.email);
      // the account's address changed since the link was sent: the link is void (and stays spent)
      if (!account) return { ok: false as const, reason: "invalid" as const };
      if (handsOver(account, me))
        return { ok: true as const, user: await handOverAccount(tx, account.id, "link", null) };
      return { ok: true as const, user: await proveEmailByLink(tx, account.id) };
    });
    if (!outcome.ok) return refuseLink(reply, "signin", outcome.reason);
    sessions.forget(outcome.user.id);
    await sessions.start(req, reply, outcome.user.id);
    return present(outcome.user);
  });

  // A new verification link for the signed-in person's own address.
  app.post("/api/auth/verification-email", async (req, reply) => {
    const user = await requireUser(ctx, req);
    if (!user.email || user.is_guest) throw conflict(ACCOUNT_MESSAGES.noEmailToVerify);
    if (user.email_verified_at) throw conflict(ACCOUNT_MESSAGES.alreadyVerified);
    if (!(await sendVerification(ctx, user.id, user.email))) throw tooMany(ACCOUNT_MESSAGES.tooManyLinks);
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
