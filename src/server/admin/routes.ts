import type { FastifyInstance } from "fastify";
import { analyzeBody, type ServiceStatus } from "@shared/contracts/admin";
import { SOCIAL_PROVIDERS } from "../auth/provider-page";
import { requireAdmin, type AppContext } from "../context";
import { badRequest, parse } from "../http/errors";
import { createReachCheck, sourceStatuses } from "../providers";

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus, config, vibes } = ctx;
  const reach = createReachCheck();

  // Every service the product depends on, and whether it works right now.
  app.get("/api/admin/services", async (req) => {
    await requireAdmin(ctx, req);
    const started = performance.now();
    const dbOk = await db.query("SELECT 1").then(
      () => true,
      () => false,
    );
    const services: ServiceStatus[] = [
      {
        name: "Database",
        available: dbOk,
        detail:
          (db.kind === "pglite" ? "Embedded PostgreSQL (PGlite)" : "PostgreSQL") +
          (dbOk ? `, answered in ${(performance.now() - started).toFixed(1)} ms` : ", not answering"),
      },
      {
        name: "Realtime bus",
        available: bus.available(),
        detail:
          bus.kind === "redis"
            ? bus.available()
              ? "Redis pub/sub connected"
              : "Redis unavailable: live updates stay on this instance until it returns"
            : "In-process (one instance)",
      },
      { name: "Mail", ...(await ctx.mailer.status()) },
      ...(await sourceStatuses(config, reach)),
      ...vibes.services(),
      ...SOCIAL_PROVIDERS.map((p) => ({
        name: `Sign in with ${p.name}`,
        available: false,
        detail: `Not configured: set ${p.env}`,
      })),
    ];
    return { services };
  });

  // Tries the vibe analyzers on a text or an image (spec 5's messages for blank input).
  app.post("/api/admin/analyze-sentiment", async (req) => {
    await requireAdmin(ctx, req);
    const body = parse(analyzeBody, req.body);
    const text = body.text?.trim();
    const imageUrl = body.imageUrl?.trim();
    if (body.imageUrl !== undefined && body.text === undefined) {
      if (!imageUrl) throw badRequest("Please enter an image URL to analyze");
      const result = await vibes.image(imageUrl);
      return { method: result.method, vibes: result.vibes };
    }
    if (!text) throw badRequest("Please enter text to analyze");
    const result = await vibes.text(text);
    return { method: result.method, vibes: result.vibes };
  });
}
