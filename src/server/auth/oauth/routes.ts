import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as oauth from "oauth4webapi";
import type { OAUTH_ERROR_TEXT } from "@shared/vocabulary";
import { currentUser, type AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { providerNotConfiguredPage, SOCIAL_PROVIDERS } from "../provider-page";
import { handOverAccount } from "../queries";
import { findUserByEmail, findUserById, isClaimable, type UserRow } from "../users";
import type { SocialProviderId } from "./config";
import { decideAccount } from "./link";
import { httpOptions, socialProviders, type ProviderProfile, type SocialProvider } from "./providers";

/** How long a started sign-in may take at the provider before its state expires. */
const FLOW_TTL_SECONDS = 600;

/** Why a sign-in did not happen; the login page words each one. */
export type OAuthFailure = keyof typeof OAUTH_ERROR_TEXT;

const cookieName = (id: SocialProviderId) => `vibe_oauth_${id}`;
const hashState = (state: string) => createHash("sha256").update(state).digest("base64url");

class FlowError extends Error {
  constructor(
    readonly reason: OAuthFailure,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Social sign-in (docs/sign-in.md): GET /auth/<provider> starts an authorization code flow with
 * PKCE (S256), state and, for OpenID providers, a nonce; GET /auth/<provider>/callback (POST for
 * Apple's form_post) checks it, finds or creates the account, signs in and goes to /. Every
 * failure goes to /login?error=<reason>&provider=<id> and signs nobody in.
 */
export function oauthRoutes(app: FastifyInstance, ctx: AppContext) {
  const configured = socialProviders(ctx.config);

  for (const info of SOCIAL_PROVIDERS) {
    const provider = configured[info.id];
    if (!provider) {
      const page = (_req: FastifyRequest, reply: FastifyReply) =>
        reply.status(503).type("text/html; charset=utf-8").send(providerNotConfiguredPage(info));
      app.get(`/auth/${info.id}`, page);
      app.get(`/auth/${info.id}/callback`, page);
      app.post(`/auth/${info.id}/callback`, page);
      continue;
    }
    app.get(`/auth/${info.id}`, (req, reply) => start(ctx, provider, req, reply));
    app.get(`/auth/${info.id}/callback`, (req, reply) =>
      callback(ctx, provider, new URLSearchParams(req.query as Record<string, string>), req, reply),
    );
    // Apple posts its answer from its own site (response_mode=form_post): this one route takes an
    // urlencoded body and that one foreign Origin (http/security.ts); the state cookie and the
    // single-use state row are what protect it.
    app.register(async (scope) => {
      scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
        done(null, new URLSearchParams(body as string)),
      );
      scope.post(
        `/auth/${info.id}/callback`,
        { config: { formPostFrom: provider.formPostOrigin ? [provider.formPostOrigin] : [] } },
        (req, reply) =>
          callback(ctx, provider, req.body instanceof URLSearchParams ? req.body : new URLSearchParams(), req, reply),
      );
    });
  }
}

function redirectUri(ctx: AppContext, req: FastifyRequest, id: SocialProviderId): string {
  // PUBLIC_URL is what is registered with the provider; without it, the address this request came to.
  return `${ctx.config.publicUrl ?? `${req.protocol}://${req.host}`}/auth/${id}/callback`;
}

function fail(
  req: FastifyRequest,
  reply: FastifyReply,
  provider: SocialProviderId,
  reason: OAuthFailure,
  detail: string,
) {
  req.log.warn({ provider, reason, detail }, "social sign-in did not complete");
  return reply.redirect(`/login?error=${reason}&provider=${provider}`, 303);
}

async function start(ctx: AppContext, provider: SocialProvider, req: FastifyRequest, reply: FastifyReply) {
  let as: oauth.AuthorizationServer;
  try {
    as = await provider.metadata();
  } catch (err) {
    return fail(req, reply, provider.id, "unavailable", (err as Error).message);
  }
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const nonce = provider.oidc ? oauth.generateRandomNonce() : null;
  const redirect = redirectUri(ctx, req, provider.id);
  await ctx.db.query(
    `INSERT INTO oauth_flows (state_hash, provider, code_verifier, nonce, redirect_uri, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [hashState(state), provider.id, verifier, nonce, redirect, FLOW_TTL_SECONDS],
  );
  if (Math.random() < 0.05) await ctx.db.query("DELETE FROM oauth_flows WHERE expires_at < now()");

  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string> = {
    client_id: provider.client.client_id,
    redirect_uri: redirect,
    response_type: "code",
    scope: provider.scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...(nonce ? { nonce } : {}),
    ...provider.extraParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);

  // The state also goes into a cookie only this browser has: a callback carrying a state started
  // elsewhere (login CSRF) does not match it. Apple's answer is a cross-site POST, which carries
  // only a SameSite=None cookie, and browsers keep those only when Secure (https).
  const https = req.protocol === "https";
  reply.setCookie(cookieName(provider.id), state, {
    path: `/auth/${provider.id}/callback`,
    httpOnly: true,
    secure: https,
    sameSite: provider.formPostOrigin && https ? "none" : "lax",
    maxAge: FLOW_TTL_SECONDS,
  });
  return reply.redirect(url.href, 303);
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function callback(
  ctx: AppContext,
  provider: SocialProvider,
  params: URLSearchParams,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const cookie = req.cookies[cookieName(provider.id)];
  reply.clearCookie(cookieName(provider.id), { path: `/auth/${provider.id}/callback` });
  try {
    const state = params.get("state");
    if (!state || !cookie || !sameText(state, cookie))
      throw new FlowError("expired", "state missing or not this browser's");
    // Single use: the row goes on first sight, whatever happens next.
    const [flow] = await ctx.db.query<{ code_verifier: string; nonce: string | null; redirect_uri: string }>(
      "DELETE FROM oauth_flows WHERE state_hash = $1 AND provider = $2 AND expires_at > now() " +
        "RETURNING code_verifier, nonce, redirect_uri",
      [hashState(state), provider.id],
    );
    if (!flow) throw new FlowError("expired", "state unknown, used or expired");
    const error = params.get("error");
    if (error) {
      // Google and X say access_denied; Apple says user_cancelled_authorize.
      const denied = error === "access_denied" || error === "user_cancelled_authorize";
      throw new FlowError(denied ? "denied" : "failed", `provider answered error=${error.slice(0, 100)}`);
    }
    const profile = await exchange(provider, params, state, flow);
    const user = await signInAs(ctx, provider.id, profile, req);
    await ctx.sessions.start(req, reply, user.id);
    return reply.redirect("/", 303);
  } catch (err) {
    if (err instanceof FlowError) return fail(req, reply, provider.id, err.reason, err.message);
    if (
      err instanceof oauth.ResponseBodyError ||
      err instanceof oauth.AuthorizationResponseError ||
      err instanceof oauth.OperationProcessingError ||
      err instanceof oauth.WWWAuthenticateChallengeError ||
      err instanceof oauth.UnsupportedOperationError
    ) {
      return fail(req, reply, provider.id, "failed", `${err.name}: ${err.message}`);
    }
    if (err instanceof TypeError || (err as Error).name === "TimeoutError" || (err as Error).name === "AbortError") {
      // fetch failed: the provider could not be reached in time.
      return fail(req, reply, provider.id, "unavailable", (err as Error).message);
    }
    throw err;
  }
}

/** Code for tokens (with the PKCE verifier), checks the ID token (nonce, signature), reads the profile. */
async function exchange(
  provider: SocialProvider,
  params: URLSearchParams,
  state: string,
  flow: { code_verifier: string; nonce: string | null; redirect_uri: string },
): Promise<ProviderProfile> {
  const as = await provider.metadata();
  const checked = oauth.validateAuthResponse(as, provider.client, params, state);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    provider.client,
    await provider.clientAuth(),
    checked,
    flow.redirect_uri,
    flow.code_verifier,
    httpOptions(as.token_endpoint),
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, provider.client, res, {
    expectedNonce: flow.nonce ?? oauth.expectNoNonce,
    requireIdToken: provider.oidc,
  });
  if (provider.oidc) {
    // The token came over TLS from the provider, but its signature is checked as well.
    await oauth.validateApplicationLevelSignature(as, res, httpOptions(as.jwks_uri));
  }
  return provider.profile(as, tokens, params);
}

/** Finds or creates the account of this provider identity (auth/oauth/link.ts), with one retry on a race. */
async function signInAs(
  ctx: AppContext,
  providerId: SocialProviderId,
  profile: ProviderProfile,
  req: FastifyRequest,
): Promise<UserRow> {
  const me = await currentUser(ctx, req);
  const attempt = () => ctx.db.transaction((tx) => resolveAccount(tx, providerId, profile, me));
  try {
    return await attempt();
  } catch (err) {
    // Two first sign-ins at once (same identity or same new email): the second sees the first's rows.
    if ((err as { code?: string }).code === "23505") return attempt();
    throw err;
  }
}

async function resolveAccount(
  tx: Queryable,
  provider: SocialProviderId,
  p: ProviderProfile,
  me: UserRow | null,
): Promise<UserRow> {
  const guestId = me?.is_guest ? me.id : null;
  const [identity] = await tx.query<{ user_id: string }>(
    "SELECT user_id FROM user_identities WHERE provider = $1 AND subject = $2",
    [provider, p.subject],
  );
  const owner = !identity && p.email && p.emailVerified ? await findUserByEmail(tx, p.email) : null;
  const decision = decideAccount({
    identityUserId: identity?.user_id ?? null,
    email: p.email,
    emailVerified: p.emailVerified,
    emailOwnerId: owner?.id ?? null,
    guestId,
  });
  // The provider vouches for this address (decideAccount only stores a verified one): it is proven.
  const vouched = p.email && p.emailVerified ? p.email.toLowerCase() : null;
  let user: UserRow | undefined;
  // The account as it was before this sign-in (none for a new one): was its address proven?
  let before: UserRow | null = null;
  if (decision.kind === "create" && !decision.upgradeGuestId) {
    [user] = await tx.query<UserRow>(
      `INSERT INTO users (email, first_name, last_name, profile_image_url, email_verified_at, email_proof)
       VALUES ($1, $2, $3, $4, CASE WHEN $1::text IS NOT NULL THEN now() END,
               CASE WHEN $1::text IS NOT NULL THEN 'provider' END) RETURNING *`,
      [decision.email, p.firstName, p.lastName, p.pictureUrl],
    );
  } else {
    const id = decision.kind === "create" ? decision.upgradeGuestId! : decision.userId;
    const email = decision.kind === "create" ? decision.email : null;
    before = decision.kind === "link" ? owner : await findUserById(tx, id);
    // Names and picture fill what is empty; a guest becomes a registered account; the account's
    // email is proven when the provider vouches for that very address.
    [user] = await tx.query<UserRow>(
      `UPDATE users SET email = COALESCE(email, $5), is_guest = false,
              first_name = CASE WHEN is_guest OR first_name IS NULL THEN COALESCE($2, first_name) ELSE first_name END,
              last_name = COALESCE(last_name, $3), profile_image_url = COALESCE(profile_image_url, $4),
              email_proof = CASE WHEN lower(COALESCE(email, $5)) = $6 AND (email_verified_at IS NULL OR
                                       email_proof = 'legacy') THEN 'provider' ELSE email_proof END,
              email_verified_at = CASE WHEN lower(COALESCE(email, $5)) = $6 THEN COALESCE(email_verified_at, now())
                                       ELSE email_verified_at END,
              updated_at = now()
        WHERE id = $1 RETURNING *`,
      [id, p.firstName, p.lastName, p.pictureUrl, email, vouched],
    );
  }
  if (!user) throw new Error("the account to sign in to has gone");
  if (before && vouched && user.email?.toLowerCase() === vouched && isClaimable(before) && me?.id !== before.id) {
    // The account's address had never been proven (or only under the old one-click rule), and the
    // provider now proves it for someone who is not signed in to it: whoever typed the address
    // first (perhaps someone else: "pre-hijacking") loses the password they set and every session.
    // The owner may set a password with a reset link (docs/sign-in.md, "Proving an address").
    user = await handOverAccount(tx, user.id, "provider", null);
  }
  if (decision.kind === "returning") {
    await tx.query(
      "UPDATE user_identities SET email = $3, email_verified = $4, last_login_at = now() WHERE provider = $1 " +
        "AND subject = $2",
      [provider, p.subject, p.email, p.emailVerified],
    );
  } else {
    await tx.query(
      "INSERT INTO user_identities (provider, subject, user_id, email, email_verified) VALUES ($1, $2, $3, $4, $5)",
      [provider, p.subject, user.id, p.email, p.emailVerified],
    );
  }
  return user;
}
