import type { FastifyInstance } from "fastify";
import { ACCOUNT_MESSAGES } from "@shared/vocabulary";
import { TEXT } from "@shared/vocabulary";
import { loginBody, signupBody } from "@shared/contracts/auth";
import { currentUser, requireUser, type AppContext } from "../context";
import { parse, unauthorized } from "../http/errors";
import { alertOwnerOfFailures, sendVerification, tellOwnerOfSignupAttempt } from "./account-routes";
import { beginLoginAttempt, LOGIN_LIMITS, loginAddress, passedLoginAttempt, recordLoginFailure } from "./login-limit";
import { hashPassword, verifyPassword } from "./passwords";
import { insertGuest, insertUser, registerGuest } from "./queries";
import { findUserByEmail, normalizeEmail, presentUser, type UserRow } from "./users";
import { oauthRoutes } from "./oauth/routes";

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, sessions, config } = ctx;
  const present = (row: UserRow) => presentUser(row, config.adminEmails);

  /**
   * Sign-up never says whether an address already has an account (docs/sign-in.md, "Sign-up"):
   * both answers are 202 with the same body. A new address gets its account, a session (the
   * spec's flow goes on to /) and a verification link; an address with an account gets no session,
   * and its owner gets a mail instead ("someone tried to sign up with your address").
   */
  app.post("/auth/email/signup", async (req, reply) => {
    const body = parse(signupBody, req.body);
    const email = normalizeEmail(body.email);
    // hashed either way, so both answers take as long
    const passwordHash = await hashPassword(body.password);
    const me = await currentUser(ctx, req);
    let user: UserRow | null = null;
    if (!(await findUserByEmail(db, email))) {
      const registration = { email, passwordHash, firstName: body.firstName, lastName: body.lastName };
      try {
        // A guest who signs up keeps what they did as a guest: the same account becomes registered.
        user = me?.is_guest ? await registerGuest(db, me.id, registration) : await insertUser(db, registration);
      } catch (err) {
        // Two sign-ups racing for one email: the unique index decides; the loser is told as for a taken one.
        if ((err as { code?: string }).code !== "23505") throw err;
      }
    }
    if (user) {
      const created = user;
      await sessions.start(req, reply, created.id);
      ctx.afterReply(req, async () => void (await sendVerification(ctx, created.id, email)));
    } else {
      ctx.afterReply(req, () => tellOwnerOfSignupAttempt(ctx, email));
    }
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.signupAccepted(email) });
  });

  app.post("/auth/email/login", async (req, reply) => {
    const body = parse(loginBody, req.body);
    const email = normalizeEmail(body.email);
    const address = loginAddress(req);
    // An address (or anyone, for an account being guessed at from everywhere) that keeps getting
    // this account's password wrong waits, whatever it sends now; the try is counted from here.
    const attempt = await beginLoginAttempt(db, email, address, reply);
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) {
      const failures = await recordLoginFailure(db, email, address, attempt);
      if (user?.email && failures >= LOGIN_LIMITS.alertFailures) {
        const owner = { id: user.id, email: user.email };
        ctx.afterReply(req, () => alertOwnerOfFailures(ctx, owner, failures));
      }
      // The same words whether or not the email has an account.
      throw unauthorized(TEXT.invalidCredentials);
    }
    await passedLoginAttempt(db, attempt, email, address);
    await sessions.start(req, reply, user.id);
    return present(user);
  });

  app.post("/api/auth/dev-login", async (req, reply) => {
    const me = await currentUser(ctx, req);
    // A guest who continues as guest again stays the same guest; anyone else gets a new guest.
    const user = me?.is_guest ? me : await insertGuest(db);
    await sessions.start(req, reply, user.id);
    return present(user);
  });

  app.get("/api/auth/me", async (req) => present(await requireUser(ctx, req)));

  app.get("/api/logout", async (req, reply) => {
    // A page elsewhere cannot sign people out by embedding this URL.
    if (req.headers["sec-fetch-site"] !== "cross-site") await sessions.end(req, reply);
    return reply.redirect("/", 303);
  });

  oauthRoutes(app, ctx);
}
