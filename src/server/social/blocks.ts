import type { FastifyInstance } from "fastify";
import { blockBody, userIdParam, type BlockResult } from "@shared/contracts/social";
import { requireUser, type AppContext } from "../context";
import { badRequest, notFound, parse } from "../http/errors";
import { blockedBy, deleteBlock, insertBlock, userExists } from "./queries";

/**
 * Blocking: the blocker and the blocked person stop being friends, neither can send the other a
 * request or add them to a group, neither finds the other in search, and neither sees the other's
 * comments. Only the blocker can lift it; the blocked person is never told.
 */
export function blockRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.get("/api/blocks", async (req) => blockedBy(db, (await requireUser(ctx, req)).id));

  app.post("/api/blocks", async (req, reply) => {
    const me = await requireUser(ctx, req);
    const { userId } = parse(blockBody, req.body);
    if (userId === me.id) throw badRequest("You cannot block yourself");
    if (!(await userExists(db, userId))) throw notFound("User not found");
    const added = await insertBlock(db, me.id, userId);
    const result: BlockResult = { userId, blocked: true };
    return reply.status(added ? 201 : 200).send(result);
  });

  app.delete("/api/blocks/:userId", async (req) => {
    const me = await requireUser(ctx, req);
    const { userId } = parse(userIdParam, req.params);
    if (!(await deleteBlock(db, me.id, userId))) throw notFound("You have not blocked this person");
    const result: BlockResult = { userId, blocked: false };
    return result;
  });
}
