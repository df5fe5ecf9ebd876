import * as oauth from "oauth4webapi";
import { z } from "zod";
import type { Config } from "../../config";
import { buildAppleClientSecret } from "./apple-secret";
import type { AppleConfig, GoogleConfig, ProviderEndpoints, SocialProviderId, XConfig } from "./config";
import { isVerifiedClaim } from "./link";
import { cleanText } from "@shared/text";

const HTTP_TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/** What a provider says about the person, once the flow has been checked. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
}

/** A configured provider: how to start its authorization request and how to finish it. */
export interface SocialProvider {
  id: SocialProviderId;
  /** OpenID Connect (ID token, nonce) or plain OAuth 2.0 (X). */
  oidc: boolean;
  scope: string;
  /** Extra authorization request parameters (Apple: response_mode=form_post). */
  extraParams: Record<string, string>;
  /** The origin whose pages post the authorization response (Apple's form_post), if any. */
  formPostOrigin: string | null;
  metadata(): Promise<oauth.AuthorizationServer>;
  client: oauth.Client;
  clientAuth(): Promise<oauth.ClientAuth>;
  /** The person behind a checked token response (`extra` = the callback's own fields, Apple's `user`). */
  profile(
    as: oauth.AuthorizationServer,
    tokens: oauth.TokenEndpointResponse,
    extra: URLSearchParams,
  ): Promise<ProviderProfile>;
}

/** Options for every outbound request: a time limit, and plain http only to a loopback provider. */
export function httpOptions(url: string | undefined) {
  return {
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    [oauth.allowInsecureRequests]: url?.startsWith("http:") ?? false,
  };
}

/**
 * The authorization server's metadata: the configured URLs, and for an OpenID provider whose
 * URLs are not all set, its discovery document (fetched once an hour; a failure is not cached).
 */
function metadataLoader(endpoints: ProviderEndpoints, needed: (keyof ProviderEndpoints)[]) {
  let cached: { at: number; as: oauth.AuthorizationServer } | null = null;
  let fixed: oauth.AuthorizationServer | undefined;
  const configured = (): oauth.AuthorizationServer => ({
    issuer: endpoints.issuer ?? new URL(endpoints.authorizationUrl!).origin,
    authorization_endpoint: endpoints.authorizationUrl ?? undefined,
    token_endpoint: endpoints.tokenUrl ?? undefined,
    userinfo_endpoint: endpoints.userinfoUrl ?? undefined,
    jwks_uri: endpoints.jwksUrl ?? undefined,
  });
  return async (): Promise<oauth.AuthorizationServer> => {
    // One object for the process: oauth4webapi keeps the provider's JWKS cached per metadata object.
    if (needed.every((k) => endpoints[k])) return (fixed ??= configured());
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.as;
    const issuer = new URL(endpoints.issuer!);
    const res = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...httpOptions(issuer.href) });
    const discovered = await oauth.processDiscoveryResponse(issuer, res);
    const as: oauth.AuthorizationServer = {
      ...discovered,
      ...Object.fromEntries(Object.entries(configured()).filter(([k, v]) => v !== undefined && k !== "issuer")),
    };
    cached = { at: Date.now(), as };
    return as;
  };
}

/** A name from a provider: control and bidi characters removed (src/shared/text.ts), trimmed, at most 80 characters. */
const trimmed = (v: unknown) => {
  const text = typeof v === "string" ? cleanText(v).trim() : "";
  return text ? text.slice(0, 80) : null;
};

function namesOf(claims: Record<string, unknown>): { firstName: string | null; lastName: string | null } {
  const first = trimmed(claims.given_name);
  const last = trimmed(claims.family_name);
  if (first || last) return { firstName: first, lastName: last };
  const full = trimmed(claims.name);
  if (!full) return { firstName: null, lastName: null };
  const [head, ...rest] = full.split(/\s+/);
  return { firstName: head, lastName: rest.join(" ") || null };
}

const emailOf = (v: unknown) =>
  typeof v === "string" && z.email().safeParse(v.trim()).success ? v.trim().toLowerCase() : null;
const httpsUrl = (v: unknown) =>
  typeof v === "string" && v.startsWith("https://") && v.length <= 2000 && URL.canParse(v) ? v : null;

/** ID token claims, checked by oauth4webapi (iss, aud, exp, nonce) and by signature against the JWKS. */
async function idTokenClaims(
  _as: oauth.AuthorizationServer,
  tokens: oauth.TokenEndpointResponse,
): Promise<oauth.IDToken> {
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  if (!claims) throw new oauth.OperationProcessingError("the token response has no ID token");
  return claims;
}

function google(cfg: GoogleConfig): SocialProvider {
  const client: oauth.Client = { client_id: cfg.clientId };
  return {
    id: "google",
    oidc: true,
    scope: "openid email profile",
    extraParams: {},
    formPostOrigin: null,
    metadata: metadataLoader(cfg, ["authorizationUrl", "tokenUrl", "jwksUrl"]),
    client,
    clientAuth: async () => oauth.ClientSecretPost(cfg.clientSecret),
    async profile(as, tokens) {
      const id = await idTokenClaims(as, tokens);
      let claims: Record<string, unknown> = { ...id };
      if (as.userinfo_endpoint) {
        const res = await oauth.userInfoRequest(as, client, tokens.access_token, httpOptions(as.userinfo_endpoint));
        // The userinfo answer must be about the ID token's subject; the ID token wins on conflicts.
        claims = { ...(await oauth.processUserInfoResponse(as, client, id.sub, res)), ...id };
      }
      return {
        subject: id.sub,
        email: emailOf(claims.email),
        emailVerified: isVerifiedClaim(claims.email_verified),
        ...namesOf(claims),
        pictureUrl: httpsUrl(claims.picture),
      };
    },
  };
}

/** Apple's `user` form field (first sign-in only): {"name":{"firstName","lastName"},"email"}. */
const appleUserField = z.object({
  name: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).partial().optional(),
});

function apple(cfg: AppleConfig): SocialProvider {
  const client: oauth.Client = { client_id: cfg.clientId };
  const authorizationOrigin = cfg.authorizationUrl ? new URL(cfg.authorizationUrl).origin : new URL(cfg.issuer!).origin;
  return {
    id: "apple",
    oidc: true,
    // Apple returns the name and email only when asked for (scopes_supported: openid, email, name),
    // and then only by form_post.
    scope: "openid name email",
    extraParams: { response_mode: "form_post" },
    formPostOrigin: authorizationOrigin,
    metadata: metadataLoader(cfg, ["authorizationUrl", "tokenUrl", "jwksUrl"]),
    client,
    clientAuth: async () =>
      oauth.ClientSecretPost(
        await buildAppleClientSecret({
          teamId: cfg.teamId,
          keyId: cfg.keyId,
          clientId: cfg.clientId,
          privateKey: cfg.privateKey,
          audience: cfg.issuer!,
        }),
      ),
    async profile(as, tokens, extra) {
      const id = await idTokenClaims(as, tokens);
      let names = { firstName: null as string | null, lastName: null as string | null };
      const raw = extra.get("user");
      if (raw) {
        try {
          const user = appleUserField.safeParse(JSON.parse(raw));
          if (user.success)
            names = namesOf({ given_name: user.data.name?.firstName, family_name: user.data.name?.lastName });
        } catch {
          /* not JSON: no name, the sign-in still counts */
        }
      }
      return {
        subject: id.sub,
        email: emailOf(id.email),
        emailVerified: isVerifiedClaim(id.email_verified),
        ...names,
        pictureUrl: null,
      };
    },
  };
}

/** X's GET /2/users/me answer. */
const xUser = z.object({
  data: z.object({ id: z.string().regex(/^\d{1,30}$/), name: z.string().optional(), username: z.string().optional() }),
});

function x(cfg: XConfig): SocialProvider {
  const client: oauth.Client = { client_id: cfg.clientId };
  return {
    id: "x",
    oidc: false,
    // users/me needs tweet.read as well as users.read; X shares no email on this API.
    scope: "users.read tweet.read",
    extraParams: {},
    formPostOrigin: null,
    metadata: metadataLoader(cfg, ["authorizationUrl", "tokenUrl", "userinfoUrl"]),
    client,
    // X's confidential clients authenticate at the token endpoint with HTTP Basic.
    clientAuth: async () => oauth.ClientSecretBasic(cfg.clientSecret),
    async profile(_as, tokens) {
      const url = new URL(cfg.userinfoUrl!);
      const res = await oauth.protectedResourceRequest(
        tokens.access_token,
        "GET",
        url,
        undefined,
        undefined,
        httpOptions(url.href),
      );
      if (!res.ok) throw new oauth.OperationProcessingError(`X users/me answered ${res.status}`);
      const parsed = xUser.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new oauth.OperationProcessingError("X users/me answer is not in the expected shape");
      const name = trimmed(parsed.data.data.name) ?? trimmed(parsed.data.data.username);
      return {
        subject: parsed.data.data.id,
        email: null,
        emailVerified: false,
        firstName: name,
        lastName: null,
        pictureUrl: null,
      };
    },
  };
}

/** The configured providers, by id (an absent one answers the "not configured" page). */
export function socialProviders(config: Config): Partial<Record<SocialProviderId, SocialProvider>> {
  const out: Partial<Record<SocialProviderId, SocialProvider>> = {};
  if (config.oauth.google) out.google = google(config.oauth.google);
  if (config.oauth.apple) out.apple = apple(config.oauth.apple);
  if (config.oauth.x) out.x = x(config.oauth.x);
  return out;
}
