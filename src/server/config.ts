import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";
import { parseImageHosts } from "./net/image-hosts";
import { llmConfigFromEnv, type LlmConfig } from "./vibes/llm";
import { OAuthConfigError, oauthConfigFromEnv, type OAuthConfig } from "./auth/oauth/config";

/**
 * Every environment variable the server reads, parsed and validated once at start. A bad value
 * stops the server with one line naming the variable (see `loadConfig`).
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_POOL_SIZE: connections each instance opens to PostgreSQL (plus one that LISTENs). */
  databasePoolSize: number;
  redisUrl: string | null;
  /** REDIS_PREFIX: namespaces the pub/sub channel, so several deployments can share one Redis. */
  redisPrefix: string;
  adminEmails: string[];
  sessionSecret: string;
  sessionTtlDays: number;
  /** SESSION_IDLE_DAYS: a session unused for this long ends, within its absolute SESSION_TTL_DAYS. */
  sessionIdleDays: number;
  /** SMTP_URL: where account mail goes (verification, password reset, alerts); null = mail is off. */
  smtpUrl: string | null;
  /** MAIL_FROM: the From of account mail. */
  mailFrom: string;
  /** RATE_LIMIT_SCALE: multiplies every request limit (docs/deploy.md); 0 turns them off. */
  rateLimitScale: number;
  publicUrl: string | null;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For/Proto/Host are believed: none (false), the last N
   * hops, or the proxies at these addresses and ranges. Never every hop (true is refused).
   */
  trustProxy: false | number | string[];
  /** REQUEST_TIMEOUT_MS: the longest a request (headers and body) may take to arrive; 408 after it. */
  requestTimeoutMs: number;
  /** MAX_CONNECTIONS: open connections this instance accepts in all (websockets included). */
  maxConnections: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections from one client address; 0 = no cap (behind a proxy). */
  maxConnectionsPerAddress: number;
  /** WS_MAX_PER_SESSION: open websockets one session (one browser) may hold; more are refused. */
  wsMaxPerSession: number;
  /** WS_MAX_PER_ADDRESS: open websockets from one client address (TRUST_PROXY's); 0 = no cap. */
  wsMaxPerAddress: number;
  production: boolean;
  /**
   * CHECK_CONTRACTS: every JSON answer is checked against its route's contract (http/contract-check.ts);
   * on outside production by default, off in production and in the benches (it costs about 2 ms a match page).
   */
  checkContracts: boolean;
  /** Where the built client lives; absent in API-only tests. */
  clientDir: string | null;
  /** Seed the real venues on first start (on by default; tests of an empty database turn it off). */
  seed: boolean;
  /**
   * MIGRATE_ON_START: apply pending migrations at start (default). Instances behind a load balancer
   * set it false and only check that `npm run migrate` has run (docs/deploy.md).
   */
  migrateOnStart: boolean;
  logLevel: string;
  /**
   * MAP_STYLE_URL: the MapLibre style of the map of matches (its origin is allowed by the CSP);
   * null = no style: the map draws its markers on a plain background.
   */
  mapStyleUrl: string | null;
  /** IMAGE_PROXY_HOSTS: photo hosts the image proxy may fetch from; null = the built-in list. */
  imageProxyHosts: string[] | null;
  /** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL (LLM_TIMEOUT_MS): the optional model back end of vibe analysis. */
  llm: LlmConfig | null;
  // --- venue sync (docs/venue-sync.md) ---
  /** OVERPASS_URL: the Overpass API interpreter endpoint. */
  overpassUrl: string;
  /** GOOGLE_PLACES_API_KEY: enables Google Places as a sync source; null = not used. */
  googlePlacesApiKey: string | null;
  /**
   * AREA_FETCH: a search where few venues are known fetches the area from the sources in the
   * background (venues/area-fetch.ts). Default: on when a source was configured (OVERPASS_URL or
   * GOOGLE_PLACES_API_KEY set), so a fresh clone does not call the public Overpass by itself.
   */
  areaFetch: boolean;
  /** GOOGLE_PLACES_URL: base URL of the Places API (New); null = https://places.googleapis.com. */
  googlePlacesUrl: string | null;
  /** SYNC_TIMEOUT_MS: how long each venue source may take in one sync. */
  syncTimeoutMs: number;
  // --- end venue sync ---
  /** Google, Apple and X sign-in (docs/sign-in.md): null = that provider is not configured. */
  oauth: OAuthConfig;
}

export class ConfigError extends Error {}

/** OpenFreeMap's OpenStreetMap style: free, no key; its tiles, sprites and fonts are on the same origin. */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const vars = {
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().trim().min(1).default("localhost"),
  DATA_DIR: z.string().trim().min(1).default("./.data"),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\/.+/.test(v) && URL.canParse(v), "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .trim()
    .refine((v) => /^rediss?:\/\/.+/.test(v) && URL.canParse(v), "must be a redis:// or rediss:// URL")
    .optional(),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1 to 64 letters, digits or _ . : -")
    .default("vibe"),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((e) => z.email().safeParse(e).success),
      "must be a comma-separated list of email addresses",
    ),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_IDLE_DAYS: z.coerce.number({ error: "must be a number" }).int().min(1).max(365).default(14),
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => /^smtps?:\/\/[^/]/.test(v) && URL.canParse(v), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine(
      isMailbox,
      'must be an address ("no-reply@example.com") or a name and address ("VIBE <no-reply@example.com>")',
    )
    .optional(),
  RATE_LIMIT_SCALE: z.coerce
    .number({ error: "must be a number" })
    .min(0, "must be 0 (off) or more")
    .max(1000)
    .default(1),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), "must be an http:// or https:// URL")
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    // true would believe the left-most X-Forwarded-For, which any client writes (docs/deploy.md)
    .refine(
      (v) => v !== "true",
      "true is refused: it believes the left-most X-Forwarded-For address, which any client writes; give the " +
        "number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16)",
    )
    .refine(
      (v) => /^(false|\d{1,2})$/.test(v) || v.split(",").every((a) => isProxyAddress(a.trim())),
      "must be false, the number of proxies in front (e.g. 1) or a comma list of their addresses or ranges " +
        "(e.g. 10.0.0.5,10.1.0.0/16)",
    )
    .transform((v) =>
      v === "false" ? false : /^\d+$/.test(v) ? Number(v) : v.split(",").map((a) => a.trim().toLowerCase()),
    ),
  REQUEST_TIMEOUT_MS: z.coerce.number({ error: "must be a number" }).int().min(1000).max(600_000).default(15_000),
  MAX_CONNECTIONS: z.coerce.number({ error: "must be a number" }).int().min(10).max(1_000_000).default(10_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number({ error: "must be a number" }).int().min(0).max(1_000_000).optional(),
  WS_MAX_PER_SESSION: z.coerce.number({ error: "must be a number" }).int().min(1).max(10_000).default(10),
  WS_MAX_PER_ADDRESS: z.coerce.number({ error: "must be a number" }).int().min(0).max(1_000_000).default(64),
  SEED: bool.default(true),
  CHECK_CONTRACTS: bool.optional(),
  MIGRATE_ON_START: bool.default(true),
  MAP_STYLE_URL: z
    .string()
    .trim()
    .refine(
      (v) => v === "none" || (/^https?:\/\/[^/]/.test(v) && URL.canParse(v)),
      'must be an http:// or https:// URL of a MapLibre style, or "none"',
    )
    .transform((v) => (v === "none" ? null : v))
    .default(DEFAULT_MAP_STYLE_URL),
  IMAGE_PROXY_HOSTS: z
    .string()
    .transform(parseImageHosts)
    .refine(
      (list) => list.length > 0 && list.every((h) => /^(\*?\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(h)),
      "must be a comma-separated list of host names (.example.com for subdomains)",
    )
    .optional(),
  // --- venue sync (docs/venue-sync.md) ---
  OVERPASS_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), "must be an http:// or https:// URL")
    .default("https://overpass-api.de/api/interpreter"),
  GOOGLE_PLACES_API_KEY: z.string().trim().min(1).optional(),
  GOOGLE_PLACES_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), "must be an http:// or https:// URL")
    .optional(),
  SYNC_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** on / off; unset: on when OVERPASS_URL or GOOGLE_PLACES_API_KEY is set (a source was configured). */
  AREA_FETCH: z.enum(["on", "off"], { error: "must be on or off" }).optional(),
  // --- end venue sync ---
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("development"),
} as const;

type Env = Record<string, string | undefined>;

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(vars)) {
    const raw = env[name] === "" ? undefined : env[name];
    const res = (schema as z.ZodType).safeParse(raw);
    if (!res.success) {
      const why = res.error.issues[0]?.message ?? "is invalid";
      const shown = raw === undefined ? "" : ` (got ${JSON.stringify(raw.length > 60 ? raw.slice(0, 60) + "…" : raw)})`;
      throw new ConfigError(`Invalid environment variable ${name}: ${why}${shown}`);
    }
    parsed[name] = res.data;
  }
  const dataDir = resolve(parsed.DATA_DIR as string);
  const databaseUrl = (parsed.DATABASE_URL as string | undefined) ?? null;
  let sessionSecret = parsed.SESSION_SECRET as string | undefined;
  if (!sessionSecret && overrides.sessionSecret === undefined) {
    if (databaseUrl) {
      // Every instance on a shared database must sign with the same secret, so it cannot be made up here.
      throw new ConfigError(
        "Invalid environment variable SESSION_SECRET: required when DATABASE_URL is set (at least 32 " +
          "characters, the same on every instance)",
      );
    }
    sessionSecret = readOrCreateSecret(dataDir);
  }
  const publicUrl = parsed.PUBLIC_URL ? new URL(parsed.PUBLIC_URL as string).origin : null;
  const smtpUrl = (parsed.SMTP_URL as string | undefined) ?? null;
  if (smtpUrl && !publicUrl && parsed.NODE_ENV === "production") {
    // Without it, links in mail would be built from the request's Host header, which the client
    // chooses: anyone could have a reset link for someone else's account point at their own site.
    throw new ConfigError(
      "Invalid environment variable PUBLIC_URL: required with SMTP_URL in production (the links in account " +
        "mail are built from it)",
    );
  }
  let llm: LlmConfig | null;
  try {
    llm = llmConfigFromEnv(env);
  } catch (err) {
    throw new ConfigError(
      `Invalid environment variable LLM_BASE_URL: ${(err as Error).message.replace(/^LLM_BASE_URL /, "")}`,
    );
  }
  let oauth: OAuthConfig;
  try {
    oauth = oauthConfigFromEnv(env);
  } catch (err) {
    if (err instanceof OAuthConfigError)
      throw new ConfigError(`Invalid environment variable ${err.variable}: ${err.message}`);
    throw err;
  }
  return {
    port: parsed.PORT as number,
    host: parsed.HOST as string,
    dataDir,
    databaseUrl,
    databasePoolSize: parsed.DATABASE_POOL_SIZE as number,
    redisUrl: (parsed.REDIS_URL as string | undefined) ?? null,
    redisPrefix: parsed.REDIS_PREFIX as string,
    adminEmails: parsed.ADMIN_EMAILS as string[],
    sessionSecret: sessionSecret ?? "",
    sessionTtlDays: parsed.SESSION_TTL_DAYS as number,
    sessionIdleDays: parsed.SESSION_IDLE_DAYS as number,
    smtpUrl,
    mailFrom:
      (parsed.MAIL_FROM as string | undefined) ??
      `VIBE <no-reply@${publicUrl ? new URL(publicUrl).hostname : "localhost"}>`,
    rateLimitScale: parsed.RATE_LIMIT_SCALE as number,
    publicUrl,
    trustProxy: parsed.TRUST_PROXY as false | number | string[],
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_MS as number,
    maxConnections: parsed.MAX_CONNECTIONS as number,
    // Behind a proxy every connection comes from the proxy's address: no cap per address by
    // default then (the proxy limits each client, docs/deploy.md).
    maxConnectionsPerAddress:
      (parsed.MAX_CONNECTIONS_PER_ADDRESS as number | undefined) ?? (parsed.TRUST_PROXY ? 0 : 256),
    wsMaxPerSession: parsed.WS_MAX_PER_SESSION as number,
    wsMaxPerAddress: parsed.WS_MAX_PER_ADDRESS as number,
    production: parsed.NODE_ENV === "production",
    checkContracts: (parsed.CHECK_CONTRACTS as boolean | undefined) ?? parsed.NODE_ENV !== "production",
    clientDir: resolve("dist/client"),
    seed: parsed.SEED as boolean,
    migrateOnStart: parsed.MIGRATE_ON_START as boolean,
    logLevel: parsed.LOG_LEVEL as string,
    // set but empty means no style (every other empty variable means its default)
    mapStyleUrl: env.MAP_STYLE_URL?.trim() === "" ? null : (parsed.MAP_STYLE_URL as string | null),
    imageProxyHosts: (parsed.IMAGE_PROXY_HOSTS as string[] | undefined) ?? null,
    llm,
    // venue sync
    overpassUrl: parsed.OVERPASS_URL as string,
    googlePlacesApiKey: (parsed.GOOGLE_PLACES_API_KEY as string | undefined) ?? null,
    googlePlacesUrl: (parsed.GOOGLE_PLACES_URL as string | undefined) ?? null,
    syncTimeoutMs: parsed.SYNC_TIMEOUT_MS as number,
    areaFetch:
      parsed.AREA_FETCH === "on" ||
      (parsed.AREA_FETCH === undefined && (!!env.OVERPASS_URL?.trim() || !!parsed.GOOGLE_PLACES_API_KEY)),
    oauth,
    ...overrides,
  };
}

/**
 * The origin this instance serves on, from its configured HOST and the port it listens on (an
 * interface of every address reads as localhost): where the links in account mail point without
 * PUBLIC_URL. Never from a request header (docs/sign-in.md, "Email links").
 */
export function localOrigin(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * A proxy's address as Fastify's trustProxy (proxy-addr) takes it: an IPv4 or IPv6 address, a range
 * (address/bits), or one of proxy-addr's names (loopback, linklocal, uniquelocal).
 */
function isProxyAddress(v: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(v)) return true;
  const [address, bits, ...rest] = v.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** "no-reply@example.com" or "VIBE <no-reply@example.com>": one mailbox, no line breaks. */
function isMailbox(v: string): boolean {
  if (/[\r\n]/.test(v)) return false;
  const named = /^[^<>"]*<([^<>\s]+)>$/.exec(v);
  return z.email().safeParse(named ? named[1] : v).success;
}

/** On the embedded default the secret is generated once and kept in DATA_DIR (mode 0600). */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) {
    const s = readFileSync(file, "utf8").trim();
    if (s.length >= 32) return s;
  }
  // this user's only (db/data-dir.ts): the secret signs every session
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
