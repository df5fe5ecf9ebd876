import type { FastifyRequest } from "fastify";

/**
 * What the request log writes of a URL. A provider's answer to a social sign-in comes back as the
 * query of `/auth/<provider>/callback` (`code`, `state`, `iss`...): a code that a reader of the
 * log could exchange while it is fresh, and the state that goes with it. Those queries are never
 * written (issue 27); every other URL is written as it came.
 */
export function loggedUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const path = url.slice(0, q);
  return /^\/auth\/[^/?#]+\/callback\/?$/i.test(path) ? `${path}?[redacted]` : url;
}

/** Fastify's request serializer (its default fields), with the URL as loggedUrl writes it. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: loggedUrl(req.url),
    version: req.headers?.["accept-version"] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
