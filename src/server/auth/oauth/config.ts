/**
 * Social sign-in settings (docs/sign-in.md), read from the environment by config.ts. A provider is
 * configured when its credentials are set; every URL it talks to has the real provider's default
 * and can be overridden (tests point them at a loopback OpenID provider).
 */

export type SocialProviderId = "google" | "apple" | "x";

export interface ProviderEndpoints {
  /** The issuer (OpenID providers only): checked against the ID token's `iss`. */
  issuer: string | null;
  /** Unset endpoints of an OpenID provider come from its discovery document. */
  authorizationUrl: string | null;
  tokenUrl: string | null;
  userinfoUrl: string | null;
  jwksUrl: string | null;
}

export interface GoogleConfig extends ProviderEndpoints {
  clientId: string;
  clientSecret: string;
}

export interface AppleConfig extends ProviderEndpoints {
  /** The Services ID (the `client_id` Apple knows the web sign-in by). */
  clientId: string;
  teamId: string;
  keyId: string;
  /** The PKCS #8 PEM of the Sign in with Apple key (the .p8 file), signing the client secret. */
  privateKey: string;
}

export interface XConfig extends ProviderEndpoints {
  clientId: string;
  clientSecret: string;
}

export interface OAuthConfig {
  google: GoogleConfig | null;
  apple: AppleConfig | null;
  x: XConfig | null;
}

type Env = Record<string, string | undefined>;

export const OAUTH_DEFAULTS = {
  google: { issuer: "https://accounts.google.com" },
  apple: {
    issuer: "https://appleid.apple.com",
    authorizationUrl: "https://appleid.apple.com/auth/authorize",
    tokenUrl: "https://appleid.apple.com/auth/token",
    jwksUrl: "https://appleid.apple.com/auth/keys",
  },
  x: {
    authorizationUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    userinfoUrl: "https://api.x.com/2/users/me",
  },
} as const;

/** Thrown with the variable's name; config.ts turns it into its one-line ConfigError. */
export class OAuthConfigError extends Error {
  constructor(
    readonly variable: string,
    why: string,
  ) {
    super(why);
  }
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https everywhere; plain http only to this machine (a provider run locally, as the tests do). */
function url(env: Env, name: string, fallback: string | null = null): string | null {
  const raw = env[name]?.trim() || null;
  if (raw === null) return fallback;
  if (!URL.canParse(raw)) throw new OAuthConfigError(name, "must be an https:// URL");
  const u = new URL(raw);
  if (!(u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK.has(u.hostname)))) {
    throw new OAuthConfigError(name, "must be an https:// URL (http:// only on localhost)");
  }
  return raw;
}

function text(env: Env, name: string): string | null {
  return env[name]?.trim() || null;
}

/** Either every one of `names` is set (returns their values) or none is (returns null). */
function allOrNone(env: Env, names: string[]): string[] | null {
  const values = names.map((n) => text(env, n));
  if (values.every((v) => v === null)) return null;
  const missing = names.filter((_, i) => values[i] === null);
  if (missing.length)
    throw new OAuthConfigError(
      missing[0],
      `required when ${names.filter((n) => !missing.includes(n)).join(", ")} is set`,
    );
  return values as string[];
}

/** Environment values often carry a PEM's newlines as literal "\n". */
export function normalizePem(value: string): string {
  return value.replace(/\\n/g, "\n").trim();
}

export function oauthConfigFromEnv(env: Env): OAuthConfig {
  const google = allOrNone(env, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  const apple = allOrNone(env, ["APPLE_CLIENT_ID", "APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"]);
  const x = allOrNone(env, ["X_CLIENT_ID", "X_CLIENT_SECRET"]);
  if (apple && !/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(normalizePem(apple[3]))) {
    throw new OAuthConfigError(
      "APPLE_PRIVATE_KEY",
      "must be the PKCS #8 PEM of the key (the .p8 file, BEGIN PRIVATE KEY)",
    );
  }
  return {
    google: google && {
      clientId: google[0],
      clientSecret: google[1],
      issuer: url(env, "GOOGLE_ISSUER", OAUTH_DEFAULTS.google.issuer),
      authorizationUrl: url(env, "GOOGLE_AUTHORIZATION_URL"),
      tokenUrl: url(env, "GOOGLE_TOKEN_URL"),
      userinfoUrl: url(env, "GOOGLE_USERINFO_URL"),
      jwksUrl: url(env, "GOOGLE_JWKS_URL"),
    },
    apple: apple && {
      clientId: apple[0],
      teamId: apple[1],
      keyId: apple[2],
      privateKey: normalizePem(apple[3]),
      issuer: url(env, "APPLE_ISSUER", OAUTH_DEFAULTS.apple.issuer),
      authorizationUrl: url(env, "APPLE_AUTHORIZATION_URL", OAUTH_DEFAULTS.apple.authorizationUrl),
      tokenUrl: url(env, "APPLE_TOKEN_URL", OAUTH_DEFAULTS.apple.tokenUrl),
      // Apple has no userinfo endpoint: everything it says is in the ID token and the form post.
      userinfoUrl: null,
      jwksUrl: url(env, "APPLE_JWKS_URL", OAUTH_DEFAULTS.apple.jwksUrl),
    },
    x: x && {
      clientId: x[0],
      clientSecret: x[1],
      issuer: null,
      authorizationUrl: url(env, "X_AUTHORIZATION_URL", OAUTH_DEFAULTS.x.authorizationUrl),
      tokenUrl: url(env, "X_TOKEN_URL", OAUTH_DEFAULTS.x.tokenUrl),
      userinfoUrl: url(env, "X_USERINFO_URL", OAUTH_DEFAULTS.x.userinfoUrl),
      jwksUrl: null,
    },
  };
}
