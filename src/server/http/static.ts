import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { TEXT } from "@shared/vocabulary";

const API_PREFIXES = ["/api/", "/auth/", "/ws"];

/** The built client's index.html, or null when the client is not built. */
export function readClientIndex(clientDir: string | null): string | null {
  const indexPath = clientDir ? join(clientDir, "index.html") : null;
  return indexPath && existsSync(indexPath) ? readFileSync(indexPath, "utf8") : null;
}

/** Sends a page of the client: index.html, never cached (its scripts are named by the build). */
export function sendPage(reply: FastifyReply, html: string | null, status = 200) {
  if (html === null)
    return reply
      .status(503)
      .type("text/plain")
      .send("The client is not built. Run `npm run build` (npm start does it for you).");
  return reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html);
}

/**
 * Serves the built React client: hashed assets cached for a year, sent as the Brotli or gzip copy
 * the build wrote beside them when the browser accepts one (vite.config.ts), index.html never cached, and
 * every other GET answered with index.html so the client's router shows the page (or its 404 card).
 * API paths that match no route, and assets that do not exist, are a JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | null) {
  const index = readClientIndex(clientDir);
  const built = index !== null;
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Cache-Control is ours (below): `send`'s own would overwrite it with max-age=0
      cacheControl: false,
      setHeaders(res, path) {
        // no-cache on everything not named by its content: the service worker (/sw.js) and the list
        // of files it keeps (/precache.json) are checked at every visit, so a deploy reaches it
        res.setHeader("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
        if (path.endsWith(".webmanifest")) res.setHeader("content-type", "application/manifest+json");
        // the answer depends on Accept-Encoding (a compressed copy or the file): caches must know
        res.setHeader("vary", "accept-encoding");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0];
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || path === p.replace(/\/$/, ""));
    // a missing asset (a chunk of an earlier build) is a 404, not the page in place of code
    if (isApi || path.startsWith("/assets/") || (req.method !== "GET" && req.method !== "HEAD"))
      return reply.status(404).send({ message: TEXT.notFound });
    return sendPage(reply, index);
  });
}
