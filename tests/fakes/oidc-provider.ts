import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importSPKI,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from "jose";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A real OpenID Provider (panva's oidc-provider, certified) on a loopback port, standing in for
 * Google, Apple and X in the sign-in tests. Around it, only what the real providers do that a
 * standard provider does not:
 *  - Apple: the client secret is an ES256 JWT signed with the team's key; /token checks it (and
 *    records it) before handing the request on. Apple posts a `user` field with the name on the
 *    first sign-in only.
 *  - X: GET /2/users/me answers {"data":{"id","name","username"}} for a valid access token.
 * Interactions are programmatic: the next sign-in logs in `nextAccount` and consents, or denies.
 */
export interface FakeAccount {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface AppleKey {
  teamId: string;
  keyId: string;
  clientId: string;
  /** PKCS #8 PEM, for APPLE_PRIVATE_KEY. */
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface FakeProvider {
  issuer: string;
  origin: string;
  /** Which account the next login interaction signs in, and whether consent is denied. */
  nextAccount: FakeAccount;
  deny: boolean;
  /** Apple's `user` form field for the next form_post (then cleared, as Apple sends it once). */
  appleUserField: string | null;
  /** Every Apple client secret presented at /token, verified or not. */
  appleSecrets: { header: ProtectedHeaderParameters; payload: JWTPayload | null; error: string | null }[];
  /** A JWKS with the same key id as the provider's but another key (for a bad ID token). */
  wrongJwksUrl: string;
  registerClients(appUrl: string): void;
  close(): Promise<void>;
}

export const CLIENTS = {
  google: { id: "google-client", secret: "google-secret-google-secret" },
  apple: { id: "com.example.vibe.web" },
  x: { id: "x-client", secret: "x-secret-x-secret" },
} as const;
const APPLE_STATIC_SECRET = "what-the-provider-checks-after-the-jwt";

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (s += c));
    req.on("end", () => resolve(s));
    req.on("error", reject);
  });

export async function makeAppleKey(): Promise<AppleKey> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const { exportPKCS8, exportSPKI } = await import("jose");
  return {
    teamId: "TEAM123456",
    keyId: "KEY7654321",
    clientId: CLIENTS.apple.id,
    privateKeyPem: await exportPKCS8(privateKey),
    publicKeyPem: await exportSPKI(publicKey),
  };
}

export async function startFakeProvider(apple: AppleKey): Promise<FakeProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = origin;

  const signing = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(signing.privateKey)), kid: "sig-1", alg: "RS256", use: "sig" };
  const other = await generateKeyPair("RS256", { extractable: true });
  const otherPublic: JWK = { ...(await exportJWK(other.publicKey)), kid: "sig-1", alg: "RS256", use: "sig" };
  const applePublic = await importSPKI(apple.publicKeyPem, "ES256");

  const accounts = new Map<string, FakeAccount>();
  const state: Pick<FakeProvider, "nextAccount" | "deny" | "appleUserField" | "appleSecrets"> = {
    nextAccount: { sub: "nobody" },
    deny: false,
    appleUserField: null,
    appleSecrets: [],
  };

  let provider: Provider | null = null;
  const fake: FakeProvider = {
    issuer,
    origin,
    get nextAccount() {
      return state.nextAccount;
    },
    set nextAccount(a) {
      state.nextAccount = a;
    },
    get deny() {
      return state.deny;
    },
    set deny(d) {
      state.deny = d;
    },
    get appleUserField() {
      return state.appleUserField;
    },
    set appleUserField(v) {
      state.appleUserField = v;
    },
    appleSecrets: state.appleSecrets,
    wrongJwksUrl: `${origin}/wrong-jwks`,
    registerClients(appUrl) {
      const config: Configuration = {
        clients: [
          {
            client_id: CLIENTS.google.id,
            client_secret: CLIENTS.google.secret,
            redirect_uris: [`${appUrl}/auth/google/callback`],
            token_endpoint_auth_method: "client_secret_post",
          },
          {
            client_id: CLIENTS.apple.id,
            client_secret: APPLE_STATIC_SECRET,
            redirect_uris: [`${appUrl}/auth/apple/callback`],
            token_endpoint_auth_method: "client_secret_post",
          },
          {
            client_id: CLIENTS.x.id,
            client_secret: CLIENTS.x.secret,
            redirect_uris: [`${appUrl}/auth/x/callback`],
            token_endpoint_auth_method: "client_secret_basic",
          },
        ],
        jwks: { keys: [jwk] },
        // PKCE with S256 is required of every client: a flow without it fails here.
        pkce: { methods: ["S256"], required: () => true },
        scopes: ["openid", "email", "profile", "name", "users.read", "tweet.read"],
        claims: {
          email: ["email", "email_verified"],
          profile: ["given_name", "family_name", "name"],
          name: ["given_name", "family_name"],
        },
        // Apple has no userinfo endpoint: the email must be in the ID token itself.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        findAccount: async (_ctx, id) => {
          const account = accounts.get(id);
          if (!account) return undefined;
          return { accountId: id, claims: async () => ({ ...account }) };
        },
        cookies: { keys: ["fake-provider-cookie-key"] },
        renderError: async (ctx, out) => {
          ctx.type = "json";
          ctx.body = out;
        },
      };
      provider = new Provider(issuer, config);
      provider.proxy = false;
      // Apple's client secret: verify the ES256 JWT against the team's public key, record it,
      // then hand the request on with the secret the provider itself checks.
      provider.use(async (ctx, next) => {
        if (ctx.method === "POST" && ctx.path === "/token") {
          const body = new URLSearchParams(await readBody(ctx.req));
          if (body.get("client_id") === CLIENTS.apple.id) {
            const jwt = body.get("client_secret") ?? "";
            let header: ProtectedHeaderParameters = {};
            try {
              header = decodeProtectedHeader(jwt);
            } catch {
              /* recorded below as an error */
            }
            try {
              const { payload } = await jwtVerify(jwt, applePublic, {
                algorithms: ["ES256"],
                issuer: apple.teamId,
                subject: apple.clientId,
                audience: issuer,
              });
              if (header.kid !== apple.keyId) throw new Error("wrong kid");
              state.appleSecrets.push({ header, payload, error: null });
              body.set("client_secret", APPLE_STATIC_SECRET);
            } catch (err) {
              state.appleSecrets.push({ header, payload: null, error: (err as Error).message });
              body.set("client_secret", "rejected");
            }
          }
          (ctx.req as unknown as { body: string }).body = body.toString();
        }
        await next();
        // Apple adds the user's name to its form_post, once.
        if (typeof ctx.body === "string" && ctx.body.includes("/auth/apple/callback") && state.appleUserField) {
          const value = state.appleUserField.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
          ctx.body = ctx.body.replace("<noscript>", `<input type="hidden" name="user" value="${value}"/>\n<noscript>`);
          state.appleUserField = null;
        }
      });
      const handler = provider.callback();
      server.on("request", async (req, res) => {
        try {
          const url = new URL(req.url ?? "/", origin);
          if (url.pathname === "/wrong-jwks") {
            res.setHeader("content-type", "application/json");
            return res.end(JSON.stringify({ keys: [otherPublic] }));
          }
          if (url.pathname === "/2/users/me") {
            // X's users/me, for an access token this provider issued.
            const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
            const token = bearer ? await provider!.AccessToken.find(bearer) : undefined;
            if (!token) {
              res.statusCode = 401;
              return res.end(JSON.stringify({ title: "Unauthorized", status: 401 }));
            }
            const account = accounts.get(token.accountId)!;
            res.setHeader("content-type", "application/json");
            return res.end(
              JSON.stringify({ data: { id: account.sub, name: account.name, username: `user${account.sub}` } }),
            );
          }
          if (url.pathname.startsWith("/interaction/")) return await interaction(req, res);
          return handler(req, res);
        } catch (err) {
          res.statusCode = 500;
          res.end(String(err));
        }
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function interaction(req: IncomingMessage, res: import("node:http").ServerResponse) {
    const p = provider!;
    const details = await p.interactionDetails(req, res);
    if (state.deny) {
      return p.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name === "login") {
      const account = state.nextAccount;
      accounts.set(account.sub, account);
      return p.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    }
    const accountId = details.session!.accountId;
    const clientId = details.params.client_id as string;
    const grant = details.grantId ? (await p.Grant.find(details.grantId))! : new p.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(" "));
    const grantId = await grant.save();
    return p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return fake;
}
