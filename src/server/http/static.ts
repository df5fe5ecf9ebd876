import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { TEXT } from "@shared/vocabulary";

const API_PREFIXES = ["/api/", "/auth/", "/ws"];

/**
 * Serves the built React client: hashed assets cached for a year, sent as the Brotli or gzip copy
 * the build wrote beside them when the browser accepts one (vite.config.ts), index.html never cached, and
 * every other GET answered with index.html so the client's router shows the page (or its 404 card).
 * API paths that match no route, and assets that do not exist, are a JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | null) {
  const indexPath = clientDir ? join(clientDir, "index.html") : null;
  const built = !!indexPath && existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Cache-Control is ours (below): `send`'s own would overwrite it with max-age=0
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
        // the answer depends on Accept-Encoding (a compressed copy or the file): caches must know
        res.setHeader("vary", "accept-encoding");
      },
    });
  }
  const index = built ? readFileSync(indexPath!, "utf8") : null;

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0];
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || path === p.replace(/\/$/, ""));
    // a missing asset (a chunk of an earlier build) is a 404, not the page in place of code
    if (isApi || path.startsWith("/assets/") || (req.method !== "GET" && req.method !== "HEAD"))
      return reply.status(404).send({ message: TEXT.notFound });
    if (!index) {
      return reply
        .status(503)
        .type("text/plain")
        .send("The client is not built. Run `npm run build` (npm start does it for you).");
    }
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(index);
  });
}
