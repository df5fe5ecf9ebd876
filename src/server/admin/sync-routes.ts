import type { FastifyInstance } from "fastify";
import { syncVenuesBody } from "@shared/contracts/admin";
import { requireAdmin, type AppContext } from "../context";
import { conflict, parse } from "../http/errors";
import { buildSources } from "../providers";
import { SyncFailedError, syncVenues } from "../venues/sync";
import { analyzeVenueTexts } from "../vibes/model";

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
        analyzeTexts: analyzeVenueTexts,
        analyzePhoto: ctx.vibes.photo ? (url, o) => ctx.vibes.photo!(url, o) : undefined,
      });
      // Every instance hears of the change; this one reads it before answering (as after every
      // write: readmodel/), so the caller's next search here already finds the new venues.
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
