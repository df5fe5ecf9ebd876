import type { FastifyInstance } from "fastify";
import { TEXT } from "@shared/constants";
import { loginBody, signupBody } from "@shared/contracts/auth";
import { currentUser, requireUser, type AppContext } from "../context";
import { conflict, parse, unauthorized } from "../http/errors";
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from "./login-limit";
import { hashPassword, verifyPassword } from "./passwords";
import { insertGuest, insertUser, registerGuest } from "./queries";
import { findUserByEmail, normalizeEmail, presentUser, type UserRow } from "./users";
import { oauthRoutes } from "./oauth/routes";

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, sessions, config } = ctx;
  const present = (row: UserRow) => presentUser(row, config.adminEmails);

  app.post("/auth/email/signup", async (req, reply) => {
    const body = parse(signupBody, req.body);
    const email = normalizeEmail(body.email);
    if (await findUserByEmail(db, email)) throw conflict(TEXT.emailTaken);
    const passwordHash = await hashPassword(body.password);
    const me = await currentUser(ctx, req);
    let user: UserRow;
    const registration = { email, passwordHash, firstName: body.firstName, lastName: body.lastName };
    try {
      // A guest who signs up keeps what they did as a guest: the same account becomes registered.
      user = me?.is_guest ? await registerGuest(db, me.id, registration) : await insertUser(db, registration);
    } catch (err) {
      // Two sign-ups racing for one email: the unique index decides, the loser hears 409.
      if ((err as { code?: string }).code === "23505") throw conflict(TEXT.emailTaken);
      throw err;
    }
    await sessions.start(req, reply, user.id);
    return reply.status(201).send(present(user));
  });

  app.post("/auth/email/login", async (req, reply) => {
    const body = parse(loginBody, req.body);
    const email = normalizeEmail(body.email);
    await assertLoginAllowed(db, email, req.ip);
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) {
      await recordLoginFailure(db, email, req.ip);
      // The same words whether or not the email has an account.
      throw unauthorized(TEXT.invalidCredentials);
    }
    await clearLoginFailures(db, email);
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
