import type { FastifyInstance } from "fastify";
import { naturalLanguageBody } from "@shared/contracts/discover";
import { currentUser, type AppContext } from "../context";
import { parse } from "../http/errors";
import { viewerKey } from "../http/rate-limits";
import { naturalLanguageSearch } from "./service";

export function discoverRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post("/api/discover/natural-language", async (req) => {
    const body = parse(naturalLanguageBody, req.body);
    const user = await currentUser(ctx, req);
    const result = await naturalLanguageSearch(ctx, body, user?.id, ctx.clock());
    ctx.matchCounter.record(
      result.venues.map((v) => v.id),
      viewerKey(user, req),
    );
    return result;
  });
}
