import type { FastifyInstance } from "fastify";
import { preferencesBody, privacyBody } from "@shared/contracts/social";
import { presentUser, type UserRow } from "../auth/users";
import { requireUser, type AppContext } from "../context";
import { parse } from "../http/errors";

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.patch("/api/users/preferences", async (req) => {
    const me = await requireUser(ctx, req);
    const body = parse(preferencesBody, req.body);
    const [row] = await db.query<UserRow>(
      `UPDATE users SET
         preferred_vibes      = coalesce($2::text[], preferred_vibes),
         dietary_restrictions = coalesce($3::text[], dietary_restrictions),
         budget_preference    = CASE WHEN $4::boolean THEN $5 ELSE budget_preference END,
         favorite_categories  = coalesce($6::text[], favorite_categories),
         updated_at = now()
       WHERE id = $1 RETURNING *`,
      [me.id, body.preferredVibes ?? null, body.dietaryRestrictions ?? null, body.budgetPreference !== undefined, body.budgetPreference ?? null, body.favoriteCategories ?? null],
    );
    return presentUser(row, ctx.config.adminEmails);
  });

  app.patch("/api/users/privacy", async (req) => {
    const me = await requireUser(ctx, req);
    const body = parse(privacyBody, req.body);
    const [row] = await db.query<UserRow>(
      `UPDATE users SET
         privacy_share_vibes    = coalesce($2, privacy_share_vibes),
         privacy_share_location = coalesce($3, privacy_share_location),
         privacy_activity_feed  = coalesce($4, privacy_activity_feed),
         updated_at = now()
       WHERE id = $1 RETURNING *`,
      [me.id, body.privacyShareVibes ?? null, body.privacyShareLocation ?? null, body.privacyActivityFeed ?? null],
    );
    return presentUser(row, ctx.config.adminEmails);
  });
}
