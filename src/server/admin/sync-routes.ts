import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireAdmin, type AppContext } from "../context";
import { conflict, parse } from "../http/errors";
import { buildSources } from "../providers";
import { SyncFailedError, syncVenues } from "../venues/sync";
import { analyzeText } from "../vibes/text";

/** Largest sync radius in metres (also the Places API's own limit). */
export const SYNC_MAX_RADIUS_M = 50_000;

// The admin form sends numbers; numeric strings ("37.7749") are read as numbers too.
const numeric = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);
const required = (name: string, what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${what}`;

const coordinate = (name: string, limit: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: required(name, "a number") })
      .min(-limit, `${name} must be between -${limit} and ${limit}`)
      .max(limit, `${name} must be between -${limit} and ${limit}`),
  );

/** POST /api/admin/sync-venues (spec 5: latitude and longitude any decimal, radius an integer in metres). */
export const syncVenuesBody = z.object({
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
  radius: z.preprocess(
    numeric,
    z
      .number({ error: required("radius", "a number of metres") })
      .int("radius must be a whole number of metres")
      .min(1, `radius must be between 1 and ${SYNC_MAX_RADIUS_M} metres`)
      .max(SYNC_MAX_RADIUS_M, `radius must be between 1 and ${SYNC_MAX_RADIUS_M} metres`),
  ),
});
export type SyncVenuesBody = z.infer<typeof syncVenuesBody>;

export function syncRoutes(app: FastifyInstance, ctx: AppContext) {
  // One sync at a time per instance (syncs on several instances queue on a database lock).
  let running = false;

  app.post("/api/admin/sync-venues", async (req, reply) => {
    await requireAdmin(ctx, req);
    const area = parse(syncVenuesBody, req.body);
    if (running) throw conflict("A venue sync is already running. Try again when it has finished.");
    running = true;
    try {
      const sources = buildSources(ctx.config, req.log);
      const result = await syncVenues(ctx.db, sources, area, req.log, {
        timeoutMs: ctx.config.syncTimeoutMs,
        analyzeText,
      });
      // Every instance hears of the change; this one has read it before answering, so the
      // caller's next search here already finds the new venues.
      await ctx.changes.settle();
      return result;
    } catch (err) {
      // An upstream outage is not the caller's fault: 503, with what failed.
      if (err instanceof SyncFailedError) return reply.status(503).send({ message: err.message, sources: err.sources });
      throw err;
    } finally {
      running = false;
    }
  });
}
