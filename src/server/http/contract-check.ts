import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { ROUTE_CONTRACTS, type RouteContract } from "@shared/contracts/routes";
import { HttpError } from "./errors";

const SCHEMAS = new Map<string, z.ZodType>();
for (const [key, contract] of Object.entries(ROUTE_CONTRACTS) as [string, RouteContract][]) {
  if ("safeParse" in contract.response) SCHEMAS.set(key, contract.response);
}

const JSON_TYPE = /^application\/json\b/i;

/** The first few problems of a failed parse, as `path: message` (the root is "(body)"). */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join(".") : "(body)"}: ${i.message}`)
    .join("; ");
}

/**
 * With CHECK_CONTRACTS (on outside production by default), every 2xx JSON answer of a route with a
 * JSON contract (src/shared/contracts/routes.ts) is parsed with that contract's response schema as
 * it leaves; an answer that does not match becomes a 500 naming the route and the problem (and an
 * error in the log), so every API test that reaches it fails. Answers that are not JSON (images,
 * redirects, the client's files, the websocket) and routes whose contract is `notJson` are left
 * alone. Production and the benchmarks skip it: it costs a JSON.parse and a schema parse of every
 * answer, about 2 ms (median) on a 100-venue match page.
 */
export function registerContractCheck(app: FastifyInstance): void {
  app.addHook("onSend", async (req, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload; // a stream or nothing
    const url = req.routeOptions.url;
    if (!url) return payload;
    const schema = SCHEMAS.get(`${req.method} ${url}`);
    if (!schema) return payload;
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !JSON_TYPE.test(type)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      body = payload.toString();
    }
    const parsed = schema.safeParse(body);
    if (parsed.success) return payload;
    const message = `The answer of ${req.method} ${url} does not match its contract: ${describeIssues(parsed.error)}`;
    req.log.error({ issues: parsed.error.issues.slice(0, 10) }, message);
    throw new HttpError(500, message);
  });
}
