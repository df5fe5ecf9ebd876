import type { FastifyInstance } from "fastify";
import { createGroupBody, groupIdParam } from "@shared/contracts/social";
import { matchQuery } from "@shared/contracts/venues";
import { requireUser, type AppContext } from "../context";
import { badRequest, conflict, forbidden, notFound, parse } from "../http/errors";
import { matchVenues, presentMatched } from "../venues/service";
import { countFriendsAmong, deleteGroup, groupsOf, insertGroup, removeMember } from "./queries";

export function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.get("/api/groups", async (req) => groupsOf(db, (await requireUser(ctx, req)).id));

  app.post("/api/groups", async (req, reply) => {
    const me = await requireUser(ctx, req);
    const body = parse(createGroupBody, req.body);
    // The creator is always a member; the others must all be the creator's friends.
    const memberIds = body.memberIds.filter((id) => id !== me.id);
    if (!memberIds.length) throw badRequest("Please select at least one friend");
    if ((await countFriendsAmong(db, me.id, memberIds)) !== memberIds.length)
      throw badRequest("Every member must be one of your friends");
    const id = await insertGroup(db, body.name, me.id, memberIds);
    const [group] = await groupsOf(db, me.id, id);
    return reply.status(201).send(group);
  });

  app.delete("/api/groups/:id", async (req) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(groupIdParam, req.params);
    const [group] = await groupsOf(db, me.id, id);
    if (!group) throw notFound("Group not found");
    if (!group.isCreator) throw forbidden("Only the group's creator can delete it");
    // a concurrent delete of the same group may have removed it since: only one is answered 200
    if (!(await deleteGroup(db, id))) throw notFound("Group not found");
    return { deleted: true };
  });

  // A member leaves a group someone else created (its creator deletes it instead).
  app.post("/api/groups/:id/leave", async (req) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(groupIdParam, req.params);
    const [group] = await groupsOf(db, me.id, id);
    if (!group) throw notFound("Group not found");
    if (group.isCreator) throw conflict("You created this group: delete it instead");
    if (!(await removeMember(db, id, me.id))) throw notFound("Group not found");
    return { left: true };
  });

  // Venues for the whole group: the usual match, on the group's mixed vibes.
  app.get("/api/groups/:id/venues", async (req) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(groupIdParam, req.params);
    const [group] = await groupsOf(db, me.id, id);
    if (!group) throw notFound("Group not found");
    const q = parse(matchQuery, { vibes: "all", ...(req.query as object) });
    const vibes = group.mixedVibes.length ? group.mixedVibes : q.vibes === "all" ? [] : q.vibes;
    const { venues } = await matchVenues(ctx, {
      latitude: q.latitude,
      longitude: q.longitude,
      radiusKm: q.radius,
      vibes,
      category: q.category,
      search: q.search,
      userId: me.id,
    });
    const now = ctx.clock();
    return { vibes, venues: venues.map((m) => presentMatched(m, now)) };
  });
}
