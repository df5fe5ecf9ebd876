import type { FastifyInstance } from "fastify";
import { preferencesBody, privacyBody } from "@shared/contracts/social";
import { presentUser } from "../auth/users";
import { requireUser, type AppContext } from "../context";
import { parse } from "../http/errors";
import { updatePreferences, updatePrivacy } from "./queries";

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.patch("/api/users/preferences", async (req) => {
    const me = await requireUser(ctx, req);
    const body = parse(preferencesBody, req.body);
    const row = await updatePreferences(db, me.id, body);
    return presentUser(row, ctx.config.adminEmails);
  });

  app.patch("/api/users/privacy", async (req) => {
    const me = await requireUser(ctx, req);
    const body = parse(privacyBody, req.body);
    const row = await updatePrivacy(db, me.id, body);
    return presentUser(row, ctx.config.adminEmails);
  });
}
