import helmet from "helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { TEXT } from "@shared/vocabulary";
import type { Config } from "../config";
import { forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The origin a page names itself by (a venue page's link-preview tags): PUBLIC_URL, else the origin
 * this request was sent to, which follows its Host header (X-Forwarded-Host with TRUST_PROXY). For
 * the answer to this request only: links in mail never use it (ctx.siteUrl(), docs/sign-in.md).
 */
export function requestOrigin(publicUrl: string | null, req: FastifyRequest): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

/** The origins this site answers as: PUBLIC_URL when set, and the origin the request was sent to. */
export function isAllowedOrigin(config: Config, req: FastifyRequest, requireOrigin = false): boolean {
  const origin = req.headers.origin;
  if (!origin) return !requireOrigin || req.headers["sec-fetch-site"] !== "cross-site";
  if (config.publicUrl && origin === config.publicUrl) return true;
  // req.host and req.protocol follow X-Forwarded-* only when TRUST_PROXY says to.
  return !!req.host && origin === `${req.protocol}://${req.host}`;
}

/**
 * Where the page may connect (fetch, websocket): this origin only ('self', which CSP Level 3
 * browsers also match for ws:/wss: to the same host), and PUBLIC_URL's origin with its websocket
 * twin when the site is also reached under another name. Never a bare `ws:` or `wss:`, which
 * would let injected code send data to any host.
 */
export function connectSources(publicUrl: string | null): string[] {
  if (!publicUrl) return ["'self'"];
  const origin = new URL(publicUrl).origin;
  return ["'self'", origin, origin.replace(/^http/, "ws")];
}

/**
 * The origin of the map's style (MAP_STYLE_URL), whose style, tiles, sprites and fonts MapLibre
 * fetches (connect-src) and may draw as images (img-src); none when no style is configured.
 */
export function mapSources(mapStyleUrl: string | null): string[] {
  return mapStyleUrl ? [new URL(mapStyleUrl).origin] : [];
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Standard headers on every response, with a CSP the built client satisfies: scripts only from
  // this origin; inline style attributes are allowed because Radix positions popovers with them.
  // MapLibre's worker is a file of this origin (default-src 'self' covers worker-src); the map's
  // style origin is the one foreign origin the page may fetch from.
  // Helmet's middleware is made once here and run on each request (the Fastify wrapper made it
  // again for every request: its option parsing was ~2% of the app's time under load).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...mapSources(config.mapStyleUrl)],
        fontSrc: ["'self'", "data:"],
        connectSrc: [...connectSources(config.publicUrl), ...mapSources(config.mapStyleUrl)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.production && config.publicUrl?.startsWith("https:") ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    hsts: config.publicUrl?.startsWith("https:") ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook("onRequest", (req, reply, done) =>
    setSecurityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  // CSRF: a state change must come from this site. Browsers send Origin on every cross-site
  // state-changing request; clients that send none (curl, other servers) are not browsers.
  // The one deliberate exception: a route may name origins whose pages post to it (Apple's
  // form_post sign-in answer, auth/oauth/routes.ts); that route checks its own single-use state.
  app.addHook("onRequest", async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const formPostFrom = (req.routeOptions.config as { formPostFrom?: string[] } | undefined)?.formPostFrom;
    if (formPostFrom && req.headers.origin && formPostFrom.includes(req.headers.origin)) return;
    if (!isAllowedOrigin(config, req, true)) throw forbidden(TEXT.foreignOrigin);
  });

  // Request bodies are JSON only (415 otherwise); the body limit (413) is set on the server. The
  // Apple sign-in callback alone adds an urlencoded parser in its own scope.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new SyntaxError("Request body is not valid JSON") as SyntaxError & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
}
