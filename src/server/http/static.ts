import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { TEXT } from "@shared/constants";

const API_PREFIXES = ["/api/", "/auth/", "/ws"];

/**
 * Serves the built React client: hashed assets cached for a year, index.html never cached, and
 * every other GET answered with index.html so the client's router shows the page (or its 404 card).
 * API paths that match no route are a JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | null) {
  const indexPath = clientDir ? join(clientDir, "index.html") : null;
  const built = !!indexPath && existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.setHeader("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const index = built ? readFileSync(indexPath!, "utf8") : null;

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0];
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || path === p.replace(/\/$/, ""));
    if (isApi || (req.method !== "GET" && req.method !== "HEAD")) return reply.status(404).send({ message: TEXT.notFound });
    if (!index) {
      return reply.status(503).type("text/plain").send("The client is not built. Run `npm run build` (npm start does it for you).");
    }
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(index);
  });
}
